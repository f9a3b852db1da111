/** Process configuration (contract §2): parsed once at start, every bad variable named in one message. */

/** Default local ports of the stack mode, one per service. */
export const STACK_PORTS = {
  gateway: 3000,
  catalog: 3101,
  submission: 3102,
  'agent-auth': 3103,
  'claim-verifier': 3104,
  badge: 3105,
  mcp: 3106,
  web: 3107,
  prober: 3108,
  sandbox: 3109,
} as const

/** Name of a service the gateway can route to. */
export type ServiceName = Exclude<keyof typeof STACK_PORTS, 'gateway'>

/** Environment variable that tells the gateway where each service is. */
export const SERVICE_URL_VARS: Record<ServiceName, string> = {
  catalog: 'CATALOG_URL',
  submission: 'SUBMISSION_URL',
  'agent-auth': 'AGENT_AUTH_URL',
  'claim-verifier': 'CLAIM_VERIFIER_URL',
  badge: 'BADGE_URL',
  mcp: 'MCP_URL',
  web: 'WEB_URL',
  prober: 'PROBER_URL',
  sandbox: 'SANDBOX_URL',
}

/** The validated configuration every process reads. */
export interface Config {
  port: number
  /** Interface to listen on. */
  host: string
  publicBaseUrl: string
  databaseUrl: string | null
  dataDir: string
  redisUrl: string | null
  natsUrl: string | null
  natsStream: string
  eventSubjectPrefix: string
  redisKeyPrefix: string
  smtpUrl: string | null
  mailFrom: string
  operatorToken: string | null
  /** Key for HMACs of codes and proofs (SERVER_SECRET); null means each process makes or loads its own. */
  serverSecret: string | null
  dnsServers: string[]
  githubApiUrl: string
  githubToken: string | null
  /** npm registry read for install evidence (NPM_REGISTRY_URL). */
  npmRegistryUrl: string
  /** PyPI JSON API read for install evidence (PYPI_URL), e.g. https://pypi.org/pypi. */
  pypiUrl: string
  outboundAllowPrivate: boolean
  rateLimitPerMinute: number
  rateLimitWritePerHour: number
  /** Requests per minute per client on the registry read API, /v0.1 (RATE_LIMIT_REGISTRY_PER_MINUTE). */
  rateLimitRegistryPerMinute: number
  /** An official-registry-compatible upstream the catalog follows (REGISTRY_UPSTREAM_URL); null: none. */
  registryUpstreamUrl: string | null
  /** How often the upstream is synced (REGISTRY_SYNC_MINUTES). */
  registrySyncMinutes: number
  trustProxyHops: number
  /** Browser origins allowed on /api/mcp besides PUBLIC_BASE_URL's (MCP_ALLOWED_ORIGINS), each as `scheme://host[:port]`. */
  mcpAllowedOrigins: string[]
  /** Base URLs per service; several URLs (comma-separated) spread the load across replicas. */
  serviceUrls: Record<ServiceName, string[]>
  /** Where services that call the public API (mcp, web) reach the gateway (GATEWAY_URL). */
  gatewayUrl: string
  /** How often each verified claim and its reciprocal badges are checked again (CLAIM_RECHECK_HOURS). */
  claimRecheckHours: number
  /** How long a claim may keep failing its re-checks before it is revoked (CLAIM_GRACE_DAYS). */
  claimGraceDays: number
  upstreamTimeoutMs: number
  viewFlushMs: number
  logLevel: string
  /** Bearer token that opens `/metrics` on the gateway's public port (METRICS_TOKEN); null: closed there. */
  metricsToken: string | null
  /** The prober's round interval and politeness limits (PROBE_*; services/prober/README.md). */
  probe: ProbeConfig
  /** Whether the all-in-one loads its small demo catalog into an empty directory (DEMO_CATALOG, default 1). */
  demoCatalog: boolean
}

/** How often and how politely the prober checks listings. */
export interface ProbeConfig {
  /**
   * Whether listings are probed at all (PROBE=off, or PROBE_INTERVAL_MINUTES=0, turns it off): when off, the prober
   * sends nothing anywhere, and listings keep the facts they have.
   */
  enabled: boolean
  /** Every active listing is re-queued once per interval (PROBE_INTERVAL_MINUTES; 0 means probing is off). */
  intervalMinutes: number
  /** Probes running at once per prober process (PROBE_CONCURRENCY). */
  concurrency: number
  /** Probes running at once against one host, per process (PROBE_PER_HOST). */
  perHost: number
  /** Time allowed for one endpoint's whole MCP exchange, or one GitHub request (PROBE_TIMEOUT_MS). */
  timeoutMs: number
  /** Most listings queued in one round; the least recently probed go first (PROBE_ROUND_BUDGET). */
  roundBudget: number
  /** A listing's package is started in the sandbox again after this many hours (SANDBOX_INTERVAL_HOURS). */
  sandboxIntervalHours: number
  /** Sandbox starts at once per sandbox process (SANDBOX_CONCURRENCY). */
  sandboxConcurrency: number
  /** Wall-clock time of one sandbox start after its install (SANDBOX_TIME_MS). */
  sandboxTimeMs: number
  /** Whether the prober queues sandbox starts (SANDBOX=off: never). */
  sandbox: boolean
}

/** Thrown when one or more variables are invalid; the message names every one. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

/**
 * The origin a value names, serialised as browsers send it in `Origin` (lower-case scheme and host, no default
 * port), or null when the value is not an http(s) origin: a path (other than `/`), query, fragment or user name.
 */
export function originOf(value: string): string | null {
  let u: URL
  try {
    u = new URL(value)
  } catch {
    return null
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null
  if (u.username || u.password || u.search || u.hash || u.pathname !== '/') return null
  return u.origin
}

/** Reads variables and collects every problem, so one message can name all of them. */
function envReader(env: Env) {
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

type EnvReader = ReturnType<typeof envReader>

function readDatabaseUrl(r: EnvReader): string | null {
  const raw = r.str('DATABASE_URL')
  if (raw === undefined) return null
  if (raw === 'memory://' || /^postgres(ql)?:\/\//.test(raw)) return raw
  r.problems.push(`DATABASE_URL: must be postgres://… or memory:// (got ${JSON.stringify(raw)})`)
  return null
}

function readDnsServers(r: EnvReader): string[] {
  const servers = r.list('DNS_SERVERS')
  for (const s of servers) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]|[0-9a-fA-F:]+)(:\d{1,5})?$/.test(s))
      r.problems.push(`DNS_SERVERS: ${JSON.stringify(s)} is not an ip or ip:port`)
  }
  return servers
}

function readAllowedOrigins(r: EnvReader): string[] {
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
function readServiceUrls(r: EnvReader): Record<ServiceName, string[]> {
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
function readBus(r: EnvReader) {
  const natsStream = r.str('NATS_STREAM') ?? 'DIRECTORY'
  if (!/^[A-Za-z0-9_-]+$/.test(natsStream)) r.problems.push(`NATS_STREAM: letters, digits, _ and - only`)
  const eventSubjectPrefix = r.str('EVENT_SUBJECT_PREFIX') ?? 'directory'
  if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(eventSubjectPrefix))
    r.problems.push(`EVENT_SUBJECT_PREFIX: dot-separated tokens of letters, digits, _ and -`)
  return { natsUrl: r.url('NATS_URL', ['nats', 'tls'], null), natsStream, eventSubjectPrefix }
}

// The base of the upstream's read API (its /v0.1/servers is read): no query, fragment or user name.
function readRegistryUpstream(r: EnvReader): string | null {
  const upstream = r.url('REGISTRY_UPSTREAM_URL', ['http', 'https'], null)?.replace(/\/+$/, '') ?? null
  if (upstream !== null) {
    const u = new URL(upstream)
    if (u.search || u.hash || u.username || u.password)
      r.problems.push('REGISTRY_UPSTREAM_URL: must be the base URL of a registry (no query, fragment or credentials)')
  }
  return upstream
}

function readMail(r: EnvReader, publicBaseUrl: string) {
  const mailFrom = r.str('MAIL_FROM') ?? `no-reply@${new URL(publicBaseUrl).hostname}`
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom))
    r.problems.push(`MAIL_FROM: must be an e-mail address (got ${JSON.stringify(mailFrom)})`)
  return { smtpUrl: r.url('SMTP_URL', ['smtp', 'smtps'], null), mailFrom }
}

function readProbe(r: EnvReader): ProbeConfig {
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
    sandboxConcurrency: r.int('SANDBOX_CONCURRENCY', 2, 1, 64),
    sandboxTimeMs: r.int('SANDBOX_TIME_MS', 30_000, 1000, 600_000),
    sandbox: (r.str('SANDBOX') ?? 'on').toLowerCase() !== 'off',
  }
}

/** The outbound fetches: the addresses of the outside world the prober reads, and whether private ones are allowed. */
function readOutbound(r: EnvReader) {
  return {
    dnsServers: readDnsServers(r),
    githubApiUrl: r.base('GITHUB_API_URL', 'https://api.github.com'),
    githubToken: r.str('GITHUB_TOKEN') ?? null,
    npmRegistryUrl: r.base('NPM_REGISTRY_URL', 'https://registry.npmjs.org'),
    pypiUrl: r.base('PYPI_URL', 'https://pypi.org/pypi'),
    outboundAllowPrivate: r.oneOf('OUTBOUND_ALLOW_PRIVATE', ['0', '1'], '0') === '1',
  }
}

/** Parses and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const r = envReader(env)
  const port = r.int('PORT', 3000, 1, 65535)
  const publicBaseUrl = r.base('PUBLIC_BASE_URL', `http://localhost:${port}`)
  const config: Config = {
    port,
    host: r.str('HOST') ?? '0.0.0.0',
    publicBaseUrl,
    databaseUrl: readDatabaseUrl(r),
    dataDir: r.str('DATA_DIR') ?? './.data',
    redisUrl: r.url('REDIS_URL', ['redis', 'rediss'], null),
    redisKeyPrefix: r.str('REDIS_KEY_PREFIX') ?? 'mcpdir:',
    ...readBus(r),
    ...readMail(r, publicBaseUrl),
    operatorToken: r.secret('OPERATOR_TOKEN', 16),
    serverSecret: r.secret('SERVER_SECRET', 32),
    metricsToken: r.secret('METRICS_TOKEN', 16),
    ...readOutbound(r),
    rateLimitPerMinute: r.int('RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000),
    rateLimitWritePerHour: r.int('RATE_LIMIT_WRITE_PER_HOUR', 20, 1, 1_000_000),
    rateLimitRegistryPerMinute: r.int('RATE_LIMIT_REGISTRY_PER_MINUTE', 120, 1, 1_000_000),
    registryUpstreamUrl: readRegistryUpstream(r),
    registrySyncMinutes: r.int('REGISTRY_SYNC_MINUTES', 60, 1, 10_080),
    trustProxyHops: r.int('TRUST_PROXY_HOPS', 0, 0, 10),
    mcpAllowedOrigins: readAllowedOrigins(r),
    serviceUrls: readServiceUrls(r),
    claimRecheckHours: r.int('CLAIM_RECHECK_HOURS', 24, 1, 24 * 365),
    claimGraceDays: r.int('CLAIM_GRACE_DAYS', 7, 1, 365),
    gatewayUrl: r.base('GATEWAY_URL', `http://127.0.0.1:${STACK_PORTS.gateway}`),
    upstreamTimeoutMs: r.int('UPSTREAM_TIMEOUT_MS', 10_000, 100, 300_000),
    viewFlushMs: r.int('VIEW_FLUSH_MS', 5_000, 50, 3_600_000),
    logLevel: r.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    probe: readProbe(r),
    demoCatalog: r.oneOf('DEMO_CATALOG', ['0', '1'], '1') !== '0',
  }
  if (r.problems.length) throw new ConfigError(r.problems)
  return config
}

/**
 * loadConfig for a process's entry point: a bad environment is a mistake of whoever started it, so it is printed
 * as one line naming every bad variable (no stack trace) and the process exits with status 2.
 */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    console.error(`invalid configuration: ${err.problems.join('; ')}`)
    process.exit(2)
  }
}
