/** Starts the gateway and every service as separate processes, restarts one that crashes, prefixes their logs. */
import { existsSync, readdirSync } from 'node:fs'
import { freePort } from '@mcp-directory/shared/testing'
import { join } from 'node:path'
import { SERVICE_URL_VARS, STACK_PORTS, type ServiceName } from '@mcp-directory/shared/config'

const ROOT = join(import.meta.dir, '..')

/** Services that exist in this checkout: each folder under services/ with a src/main.ts. */
export function existingServices(): ServiceName[] {
  return readdirSync(join(ROOT, 'services'))
    .filter((d) => existsSync(join(ROOT, 'services', d, 'src', 'main.ts')))
    .filter((d): d is ServiceName => d in STACK_PORTS)
    .sort()
}

/** The local backing services a stack uses unless told otherwise. */
export const STACK_BACKING = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/mcp_directory',
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
} as const

/**
 * The variables that keep one stack apart from another on the same PostgreSQL, Redis and NATS, each set from the
 * environment when given, else derived from the database's name: JetStream stream `MCP_DIRECTORY`, subject prefix
 * `mcp_directory`, Redis prefix `mcp_directory:` for the database `mcp_directory`. Two stacks on two databases then
 * never share (or delete) one stream, subjects or keys; two on one database share them, as they share its tables.
 */
export function stackDefaults(env: Record<string, string | undefined>): Record<string, string> {
  const databaseUrl = env.DATABASE_URL || STACK_BACKING.DATABASE_URL
  let database = 'mcp_directory'
  try {
    database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || database
  } catch {}
  // Stream names and subject tokens allow letters, digits, _ and - only.
  const token = database.replace(/[^A-Za-z0-9_-]/g, '_')
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: env.REDIS_URL || STACK_BACKING.REDIS_URL,
    NATS_URL: env.NATS_URL || STACK_BACKING.NATS_URL,
    NATS_STREAM: env.NATS_STREAM || token.toUpperCase(),
    EVENT_SUBJECT_PREFIX: env.EVENT_SUBJECT_PREFIX || token.toLowerCase(),
    REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX || `${token.toLowerCase()}:`,
  }
}

/** One supervised process. */
interface Proc {
  label: string
  service: ServiceName | 'gateway'
  port: number
  child: ReturnType<typeof Bun.spawn> | null
  restarts: number
  stopped: boolean
}

/** Options of a stack run. */
export interface StackOptions {
  env: Record<string, string>
  /** Replicas per service (default 1). */
  replicas?: Partial<Record<ServiceName, number>>
  /**
   * Port of the gateway; services use their stack ports plus `portOffset`, or, with `freePorts`, ports the
   * system says are free (tests and benchmarks: a derived offset can land on PostgreSQL's or NATS's port).
   */
  gatewayPort?: number
  portOffset?: number
  freePorts?: boolean
  /** Where log lines go (default: stdout with the process label). */
  onLine?: (label: string, line: string) => void
  restart?: boolean
  /** Start only these services (default: every service of the checkout). */
  services?: ServiceName[]
}

/** A running stack. */
export interface Stack {
  gatewayUrl: string
  procs: Proc[]
  /** Sends a signal to one replica (e.g. to test failover). */
  signal(label: string, sig: NodeJS.Signals): void
  /** Waits until every process answers its health or root URL. */
  ready(timeoutMs?: number): Promise<void>
  stop(): Promise<void>
}

async function pipeLines(
  stream: ReadableStream<Uint8Array> | null,
  label: string,
  onLine: (label: string, line: string) => void,
) {
  if (!stream) return
  const decoder = new TextDecoder()
  let buf = ''
  for await (const chunk of stream) {
    buf += decoder.decode(chunk, { stream: true })
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      onLine(label, buf.slice(0, i))
      buf = buf.slice(i + 1)
    }
  }
  if (buf) onLine(label, buf)
}

/** One process per replica of each service (and the gateway), and the service URL variables that name them. */
function planProcesses(opts: StackOptions, gatewayPort: number) {
  const offset = opts.portOffset ?? 0
  const procs: Proc[] = []
  const serviceEnv: Record<string, string> = {}
  const proc = (label: string, service: ServiceName | 'gateway', port: number): Proc => ({
    label,
    service,
    port,
    child: null,
    restarts: 0,
    stopped: false,
  })
  for (const svc of existingServices().filter((s) => !opts.services || opts.services.includes(s))) {
    const n = opts.replicas?.[svc] ?? 1
    const urls: string[] = []
    for (let i = 0; i < n; i++) {
      const port = opts.freePorts ? freePort() : STACK_PORTS[svc] + offset + i * 100
      procs.push(proc(n > 1 ? `${svc}#${i + 1}` : svc, svc, port))
      urls.push(`http://127.0.0.1:${port}`)
    }
    serviceEnv[SERVICE_URL_VARS[svc]] = urls.join(',')
  }
  procs.push(proc('gateway', 'gateway', gatewayPort))
  return { procs, serviceEnv }
}

/** Waits until every process answers its health route (the gateway: below 500, its upstreams being up too). */
async function waitReady(procs: Proc[], timeoutMs: number) {
  const until = Date.now() + timeoutMs
  for (const p of procs) {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${p.port}/api/v1/health`, { signal: AbortSignal.timeout(1000) })
        if (res.status < 500 || p.service !== 'gateway') break
      } catch {}
      if (Date.now() > until) throw new Error(`${p.label} did not start on :${p.port}`)
      await Bun.sleep(200)
    }
  }
}

/** Starts the stack; every process inherits this environment and `env`, plus its own PORT and the gateway's service URLs. */
export function startStack(opts: StackOptions): Stack {
  const gatewayPort = opts.gatewayPort ?? STACK_PORTS.gateway
  const onLine = opts.onLine ?? ((label, line) => console.log(`${label.padEnd(16)}| ${line}`))
  const { procs, serviceEnv } = planProcesses(opts, gatewayPort)
  const inherited: Record<string, string | undefined> = { ...process.env, ...opts.env }
  const spawn = (p: Proc) => {
    const entry =
      p.service === 'gateway' ? join(ROOT, 'gateway/src/main.ts') : join(ROOT, 'services', p.service, 'src/main.ts')
    const child = Bun.spawn(['bun', entry], {
      cwd: ROOT,
      // Every variable of this process and of `env` passes through; only the wiring of the stack is set per process.
      env: {
        ...inherited,
        ...serviceEnv,
        PORT: String(p.port),
        GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
        PUBLIC_BASE_URL: inherited.PUBLIC_BASE_URL || `http://localhost:${gatewayPort}`,
      },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    p.child = child
    void pipeLines(child.stdout as ReadableStream<Uint8Array>, p.label, onLine)
    void pipeLines(child.stderr as ReadableStream<Uint8Array>, p.label, onLine)
    void child.exited.then((code) => {
      if (p.stopped || opts.restart === false) return
      // A crashed process comes back after a short, growing pause (capped), so a crash loop cannot spin.
      const delay = Math.min(500 * 2 ** p.restarts, 10_000)
      p.restarts++
      onLine('stack', `${p.label} exited with ${code}; restarting in ${delay} ms`)
      setTimeout(() => !p.stopped && spawn(p), delay)
    })
  }
  for (const p of procs) spawn(p)

  return {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    procs,
    signal: (label, sig) => procs.find((p) => p.label === label)?.child?.kill(sig),
    ready: (timeoutMs = 60_000) => waitReady(procs, timeoutMs),
    stop: async () => {
      for (const p of procs) p.stopped = true
      for (const p of procs) p.child?.kill('SIGTERM')
      await Promise.all(
        procs.map((p) => Promise.race([p.child?.exited, Bun.sleep(8000).then(() => p.child?.kill('SIGKILL'))])),
      )
    },
  }
}
