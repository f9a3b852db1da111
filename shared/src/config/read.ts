// Reading the environment: one reader collects every problem; each concern's variables have a small reader.
import { type Env, type ProbeConfig, type ServiceName, SERVICE_URL_VARS, STACK_PORTS, originOf } from './model'

/** Reads variables and collects every problem, so one message can name all of them. */
export function envReader(env: Env) {
  const problems: string[] = []
  const str = (k: string) => {
    const v = env[k]?.trim()
    return v === undefined || v === '' ? undefined : v
  }
  const int = (k: string, def: number, min: number, max: number) => {
    const v = str(k)
    if (v === undefined) return def
    const n = Number(v)
    if (!/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${k}: must be an integer from ${min} to ${max} (got ${JSON.stringify(v)})`)
      return def
    }
    return n
  }
  const url = (k: string, schemes: string[], def: string | null): string | null => {
    const v = str(k)
    if (v === undefined) return def
    try {
      const u = new URL(v)
      if (!schemes.includes(u.protocol.replace(/:$/, ''))) throw new Error()
      return v
    } catch {
      problems.push(`${k}: must be a ${schemes.join(' or ')} URL (got ${JSON.stringify(v)})`)
      return def
    }
  }
  /** An http(s) base URL without its trailing slashes. */
  const base = (k: string, def: string) => (url(k, ['http', 'https'], def) as string).replace(/\/+$/, '')
  const oneOf = <T extends string>(k: string, values: readonly T[], def: T): T => {
    const v = str(k) ?? def
    if ((values as readonly string[]).includes(v)) return v as T
    problems.push(`${k}: must be one of ${values.join(', ')} (got ${JSON.stringify(v)})`)
    return def
  }
  const list = (k: string) =>
    (str(k) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  /** A secret, refused when shorter than `min` characters. */
  const secret = (k: string, min: number) => {
    const v = str(k) ?? null
    if (v !== null && v.length < min) problems.push(`${k}: must be at least ${min} characters`)
    return v
  }
  return { problems, str, int, url, base, oneOf, list, secret }
}

export type EnvReader = ReturnType<typeof envReader>

export function readDatabaseUrl(r: EnvReader): string | null {
  const raw = r.str('DATABASE_URL')
  if (raw === undefined) return null
  if (raw === 'memory://' || /^postgres(ql)?:\/\//.test(raw)) return raw
  r.problems.push(`DATABASE_URL: must be postgres://… or memory:// (got ${JSON.stringify(raw)})`)
  return null
}

export function readDnsServers(r: EnvReader): string[] {
  const servers = r.list('DNS_SERVERS')
  for (const s of servers) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]|[0-9a-fA-F:]+)(:\d{1,5})?$/.test(s))
      r.problems.push(`DNS_SERVERS: ${JSON.stringify(s)} is not an ip or ip:port`)
  }
  return servers
}

export function readAllowedOrigins(r: EnvReader): string[] {
  const origins = new Set<string>()
  for (const s of r.list('MCP_ALLOWED_ORIGINS')) {
    const origin = originOf(s)
    if (origin) origins.add(origin)
    else
      r.problems.push(
        `MCP_ALLOWED_ORIGINS: ${JSON.stringify(s)} is not an origin (http(s)://host[:port] with nothing after it)`,
      )
  }
  return [...origins]
}

/** Each service's replicas: a comma-separated list of http(s) base URLs (the stack's port by default). */
export function readServiceUrls(r: EnvReader): Record<ServiceName, string[]> {
  const serviceUrls = {} as Record<ServiceName, string[]>
  for (const [svc, key] of Object.entries(SERVICE_URL_VARS) as [ServiceName, string][]) {
    const list = (r.str(key) ?? `http://127.0.0.1:${STACK_PORTS[svc]}`)
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean)
    for (const u of list) {
      try {
        if (!/^https?:$/.test(new URL(u).protocol)) throw new Error()
      } catch {
        r.problems.push(`${key}: ${JSON.stringify(u)} is not an http(s) URL`)
      }
    }
    serviceUrls[svc] = list
  }
  return serviceUrls
}

/** NATS: the stream and the subject prefix must be valid JetStream names. */
export function readBus(r: EnvReader) {
  const natsStream = r.str('NATS_STREAM') ?? 'DIRECTORY'
  if (!/^[A-Za-z0-9_-]+$/.test(natsStream)) r.problems.push(`NATS_STREAM: letters, digits, _ and - only`)
  const eventSubjectPrefix = r.str('EVENT_SUBJECT_PREFIX') ?? 'directory'
  if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(eventSubjectPrefix))
    r.problems.push(`EVENT_SUBJECT_PREFIX: dot-separated tokens of letters, digits, _ and -`)
  return { natsUrl: r.url('NATS_URL', ['nats', 'tls'], null), natsStream, eventSubjectPrefix }
}

// The base of the upstream's read API (its /v0.1/servers is read): no query, fragment or user name.
export function readRegistryUpstream(r: EnvReader): string | null {
  const upstream = r.url('REGISTRY_UPSTREAM_URL', ['http', 'https'], null)?.replace(/\/+$/, '') ?? null
  if (upstream !== null) {
    const u = new URL(upstream)
    if (u.search || u.hash || u.username || u.password)
      r.problems.push('REGISTRY_UPSTREAM_URL: must be the base URL of a registry (no query, fragment or credentials)')
  }
  return upstream
}

export function readMail(r: EnvReader, publicBaseUrl: string) {
  const mailFrom = r.str('MAIL_FROM') ?? `no-reply@${new URL(publicBaseUrl).hostname}`
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom))
    r.problems.push(`MAIL_FROM: must be an e-mail address (got ${JSON.stringify(mailFrom)})`)
  return { smtpUrl: r.url('SMTP_URL', ['smtp', 'smtps'], null), mailFrom }
}

export function readProbe(r: EnvReader): ProbeConfig {
  const probeSwitch = r.oneOf('PROBE', ['on', 'off'], 'on')
  const intervalMinutes = r.int('PROBE_INTERVAL_MINUTES', 720, 0, 43_200)
  return {
    enabled: probeSwitch !== 'off' && intervalMinutes > 0,
    intervalMinutes,
    concurrency: r.int('PROBE_CONCURRENCY', 16, 1, 512),
    perHost: r.int('PROBE_PER_HOST', 2, 1, 64),
    timeoutMs: r.int('PROBE_TIMEOUT_MS', 10_000, 200, 120_000),
    roundBudget: r.int('PROBE_ROUND_BUDGET', 20_000, 1, 10_000_000),
    sandboxIntervalHours: r.int('SANDBOX_INTERVAL_HOURS', 168, 1, 24 * 365),
    sandboxStartsPerHour: r.int('SANDBOX_STARTS_PER_HOUR', 240, 1, 100_000),
    sandboxConcurrency: r.int('SANDBOX_CONCURRENCY', 2, 1, 64),
    sandboxTimeMs: r.int('SANDBOX_TIME_MS', 30_000, 1000, 600_000),
    sandbox: (r.str('SANDBOX') ?? 'on').toLowerCase() !== 'off',
  }
}

/** The outbound fetches: the addresses of the outside world the prober reads, and whether private ones are allowed. */
export function readOutbound(r: EnvReader) {
  return {
    dnsServers: readDnsServers(r),
    githubApiUrl: r.base('GITHUB_API_URL', 'https://api.github.com'),
    githubToken: r.str('GITHUB_TOKEN') ?? null,
    npmRegistryUrl: r.base('NPM_REGISTRY_URL', 'https://registry.npmjs.org'),
    pypiUrl: r.base('PYPI_URL', 'https://pypi.org/pypi'),
    outboundAllowPrivate: r.oneOf('OUTBOUND_ALLOW_PRIVATE', ['0', '1'], '0') === '1',
  }
}
