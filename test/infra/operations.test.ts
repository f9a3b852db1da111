// The operator files agree with the checkout: compose, the Dockerfile, the Kubernetes manifests and `bun run stack`
// name the services of services/, the compose file passes `docker-compose config`, the manifests pass the
// Kubernetes JSON schemas (kubernetes-models ships them and validates offline).
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, parseAllDocuments } from 'yaml'
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap'
import { Secret } from 'kubernetes-models/v1/Secret'
import { Service } from 'kubernetes-models/v1/Service'
import { Deployment } from 'kubernetes-models/apps/v1/Deployment'
import { Job } from 'kubernetes-models/batch/v1/Job'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler'
import { existingServices } from '../../scripts/stack-runner'

const ROOT = join(import.meta.dir, '../..')
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8')
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort()

// A service is a folder of services/ with a package.json: one that is still being written (no src/main.ts yet)
// counts too, so a missing entry point fails here instead of being silently left out of every deployment.
const SERVICES = sorted(
  readdirSync(join(ROOT, 'services')).filter((d) => existsSync(join(ROOT, 'services', d, 'package.json'))),
)
const PROCESSES = sorted([...SERVICES, 'gateway'])

type ComposeService = {
  build?: { args?: Record<string, string> }
  command?: string[]
  ports?: unknown[]
  healthcheck?: { disable?: boolean; test?: unknown }
  restart?: string
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } }
  depends_on?: Record<string, { condition: string }>
  environment?: Record<string, string>
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>
  volumes: Record<string, unknown>
}
const BACKING = ['postgres', 'redis', 'nats', 'migrate']

describe('one set of services everywhere', () => {
  test('services/ holds at least the services that have landed', () => {
    expect(SERVICES).toEqual(expect.arrayContaining(['agent-auth', 'badge', 'catalog']))
  })

  test('bun run stack starts every service of services/ (each has a src/main.ts)', () => {
    expect(existingServices()).toEqual(SERVICES as never)
  })

  test('docker-compose.yml runs every service and the gateway, built with SERVICE=<name>', () => {
    const apps = Object.keys(compose.services).filter((s) => !BACKING.includes(s))
    expect(sorted(apps)).toEqual(PROCESSES)
    for (const name of apps) expect(compose.services[name]!.build?.args?.SERVICE).toBe(name)
  })

  test('the Dockerfile documents every SERVICE value and builds each entry point', () => {
    const dockerfile = read('infra/Dockerfile')
    const documented = /^# SERVICE: one of (.+)$/m
      .exec(dockerfile)?.[1]
      ?.split('|')
      .map((s) => s.trim())
    expect(sorted(documented ?? [])).toEqual(PROCESSES)
    expect(dockerfile).toMatch(/^ARG SERVICE$/m)
    expect(dockerfile).toContain('services/$SERVICE/src/main.ts')
    expect(dockerfile).toContain('gateway/src/main.ts')
  })

  test('infra/k8s has a Deployment and a Service for every service and the gateway', () => {
    const kinds = k8sObjects()
    const named = (kind: string) => sorted(kinds.filter((o) => o.kind === kind).map((o) => o.metadata.name))
    expect(named('Deployment')).toEqual(PROCESSES)
    expect(named('Service')).toEqual(PROCESSES)
    expect(named('HorizontalPodAutoscaler')).toEqual(['badge', 'catalog', 'gateway'])
    expect(named('Job')).toEqual(['mcpdir-migrate'])
  })

  test('every service URL variable the gateway reads for a service of the checkout is set in compose and k8s', () => {
    const env = compose.services.gateway!.environment ?? {}
    const configMap = k8sObjects().find((o) => o.kind === 'ConfigMap')!.data as Record<string, string>
    for (const svc of SERVICES) {
      const key = `${svc.toUpperCase().replace(/-/g, '_')}_URL`
      expect(env[key]).toBe(`http://${svc}:${portOf(svc)}`)
      expect(configMap[key]).toBe(`http://${svc}:${portOf(svc)}`)
    }
  })
})

/** The container port a service listens on in compose. */
function portOf(svc: string): string {
  return compose.services[svc]!.environment!.PORT!
}

describe('docker-compose.yml', () => {
  test('docker-compose config accepts it (Debian docker-compose; .ci/run installs it)', () => {
    const which = Bun.spawnSync(['sh', '-c', 'command -v docker-compose'])
    if (which.exitCode !== 0)
      throw new Error(
        'docker-compose is not installed: run `apt-get install -y docker-compose` (bash .ci/run does this)',
      )
    const run = Bun.spawnSync(
      ['docker-compose', '--env-file', '.env.example', '-f', 'docker-compose.yml', 'config', '-q'],
      { cwd: ROOT, stderr: 'pipe', stdout: 'pipe' },
    )
    expect(run.stderr.toString()).toBe('')
    expect(run.exitCode).toBe(0)
  })

  test('without the secrets it refuses to start, naming them', () => {
    const env = { ...process.env, OPERATOR_TOKEN: '', SERVER_SECRET: '' }
    delete (env as Record<string, string | undefined>).OPERATOR_TOKEN
    delete (env as Record<string, string | undefined>).SERVER_SECRET
    const empty = join(require('node:os').tmpdir(), `compose-empty-${process.pid}.env`)
    require('node:fs').writeFileSync(empty, '')
    const run = Bun.spawnSync(['docker-compose', '--env-file', empty, '-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: ROOT,
      env,
      stderr: 'pipe',
    })
    expect(run.exitCode).not.toBe(0)
    expect(run.stderr.toString()).toMatch(/OPERATOR_TOKEN|SERVER_SECRET/)
  })

  test('only the gateway publishes a port; every app has a healthcheck, a restart policy and limits', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      if (name !== 'gateway') expect(svc.ports ?? []).toEqual([])
      if (name === 'migrate') continue
      expect(svc.restart).toBe('unless-stopped')
      expect(svc.healthcheck?.test).toBeDefined()
      expect(svc.deploy?.resources?.limits?.memory).toBeDefined()
      expect(svc.deploy?.resources?.limits?.cpus).toBeDefined()
    }
    expect(compose.services.gateway!.ports).toHaveLength(1)
  })

  test('services wait for the one-shot migrate step; nats keeps JetStream on a volume', () => {
    expect(compose.services.migrate!.command).toEqual(['bun', 'run', 'db:migrate'])
    for (const svc of SERVICES)
      expect(compose.services[svc]!.depends_on?.migrate?.condition).toBe('service_completed_successfully')
    const nats = compose.services.nats as ComposeService & { command: string[]; volumes: string[] }
    expect(nats.command).toContain('-js')
    expect(nats.volumes.some((v) => v.startsWith('nats-data:'))).toBe(true)
    expect(Object.keys(compose.volumes)).toContain('nats-data')
  })

  test('every setting is ${VAR:-default} (or a required secret), and .env.example names each variable', () => {
    const text = read('docker-compose.yml')
      .split('\n')
      .filter((l) => !l.trimStart().startsWith('#'))
      .join('\n')
    const vars = sorted([...text.matchAll(/\$\{([A-Z_]+)(:-|:\?)/g)].map((m) => m[1]!))
    expect([...text.matchAll(/\$\{([A-Z_]+)\}/g)]).toEqual([]) // no bare ${VAR} without a default
    const example = sorted([...read('.env.example').matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]!))
    expect(example).toEqual(vars)
  })

  test('the Dockerfile pins the bun image of this checkout, installs frozen production dependencies, runs as non-root', () => {
    const dockerfile = read('infra/Dockerfile')
    const images = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]!)
    const [major, minor] = Bun.version.split('.')
    for (const image of images) expect(image).toMatch(new RegExp(`^oven/bun:${major}\\.${minor}\\.\\d+(-slim)?$`))
    expect(dockerfile).toContain('bun install --frozen-lockfile --production')
    expect(dockerfile).toMatch(/^USER bun$/m)
    expect(dockerfile).toMatch(/^HEALTHCHECK /m)
  })
})

type K8sObject = { apiVersion: string; kind: string; metadata: { name: string }; data?: unknown; spec?: any }
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
}

/** Every object of every manifest under infra/k8s. */
function k8sObjects(): (K8sObject & { file: string })[] {
  const dir = join(ROOT, 'infra/k8s')
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc) => {
        if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]!.message}`)
        return { ...(doc.toJS() as K8sObject), file }
      }),
    )
}

describe('Kubernetes manifests', () => {
  const objects = k8sObjects()

  test('every object passes the Kubernetes JSON schema of its kind', () => {
    expect(objects.length).toBeGreaterThan(10)
    for (const o of objects) {
      const Model = MODELS[`${o.apiVersion}/${o.kind}`]
      if (!Model) throw new Error(`${o.file}: no schema wired for ${o.apiVersion} ${o.kind}`)
      try {
        new Model(o).validate()
      } catch (err) {
        throw new Error(`${o.file}: ${o.kind} ${o.metadata.name}: ${String(err)}`)
      }
    }
  })

  test('the validator does reject a broken manifest (so the test above can fail)', () => {
    const broken = structuredClone(objects.find((o) => o.kind === 'Deployment')!)
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http'
    expect(() => new Deployment(broken).validate()).toThrow()
  })

  test('every container has readiness (/readyz) and liveness (/healthz) probes', () => {
    for (const d of objects.filter((o) => o.kind === 'Deployment')) {
      const c = d.spec.template.spec.containers[0]
      expect(c.readinessProbe.httpGet.path).toBe('/readyz')
      expect(c.livenessProbe.httpGet.path).toBe('/healthz')
      expect(c.envFrom.map((e: any) => e.configMapRef?.name ?? e.secretRef?.name)).toEqual([
        'mcpdir-config',
        'mcpdir-secrets',
      ])
    }
  })
})
