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

/** Parses and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): Config {
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

  const port = int('PORT', 3000, 1, 65535)
  const publicBaseUrl = (url('PUBLIC_BASE_URL', ['http', 'https'], null) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  )
  const rawDb = str('DATABASE_URL')
  let databaseUrl: string | null = null
  if (rawDb !== undefined) {
    if (rawDb === 'memory://' || /^postgres(ql)?:\/\//.test(rawDb)) databaseUrl = rawDb
    else problems.push(`DATABASE_URL: must be postgres://… or memory:// (got ${JSON.stringify(rawDb)})`)
  }
  const mailFromDefault = `no-reply@${new URL(publicBaseUrl).hostname}`
  const mailFrom = str('MAIL_FROM') ?? mailFromDefault
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom))
    problems.push(`MAIL_FROM: must be an e-mail address (got ${JSON.stringify(mailFrom)})`)

  const dnsServers = (str('DNS_SERVERS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  for (const s of dnsServers) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\]|[0-9a-fA-F:]+)(:\d{1,5})?$/.test(s))
      problems.push(`DNS_SERVERS: ${JSON.stringify(s)} is not an ip or ip:port`)
  }
  const mcpAllowedOrigins: string[] = []
  for (const s of (str('MCP_ALLOWED_ORIGINS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const origin = originOf(s)
    if (origin) mcpAllowedOrigins.push(origin)
    else
      problems.push(
        `MCP_ALLOWED_ORIGINS: ${JSON.stringify(s)} is not an origin (http(s)://host[:port] with nothing after it)`,
      )
  }
  const allowPrivate = str('OUTBOUND_ALLOW_PRIVATE')
  if (allowPrivate !== undefined && allowPrivate !== '0' && allowPrivate !== '1')
    problems.push(`OUTBOUND_ALLOW_PRIVATE: must be 0 or 1`)

  const serviceUrls = {} as Record<ServiceName, string[]>
  for (const [svc, key] of Object.entries(SERVICE_URL_VARS) as [ServiceName, string][]) {
    const v = str(key)
    const list = (v ?? `http://127.0.0.1:${STACK_PORTS[svc]}`)
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean)
    for (const u of list) {
      try {
        if (!/^https?:$/.test(new URL(u).protocol)) throw new Error()
      } catch {
        problems.push(`${key}: ${JSON.stringify(u)} is not an http(s) URL`)
      }
    }
    serviceUrls[svc] = list
  }
  const logLevel = str('LOG_LEVEL') ?? 'info'
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel))
    problems.push(`LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent`)
  const probeSwitch = str('PROBE') ?? 'on'
  if (probeSwitch !== 'on' && probeSwitch !== 'off')
    problems.push(`PROBE: must be on or off (got ${JSON.stringify(probeSwitch)})`)
  const probeIntervalMinutes = int('PROBE_INTERVAL_MINUTES', 720, 0, 43_200)
  const demoCatalog = str('DEMO_CATALOG') ?? '1'
  if (demoCatalog !== '0' && demoCatalog !== '1')
    problems.push(`DEMO_CATALOG: must be 0 or 1 (got ${JSON.stringify(demoCatalog)})`)
  const natsStream = str('NATS_STREAM') ?? 'DIRECTORY'
  if (!/^[A-Za-z0-9_-]+$/.test(natsStream)) problems.push(`NATS_STREAM: letters, digits, _ and - only`)
  const eventSubjectPrefix = str('EVENT_SUBJECT_PREFIX') ?? 'directory'
  if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(eventSubjectPrefix))
    problems.push(`EVENT_SUBJECT_PREFIX: dot-separated tokens of letters, digits, _ and -`)

  // The base of the upstream's read API (its /v0.1/servers is read): no query, fragment or user name.
  const registryUpstream = url('REGISTRY_UPSTREAM_URL', ['http', 'https'], null)?.replace(/\/+$/, '') ?? null
  if (registryUpstream !== null) {
    const u = new URL(registryUpstream)
    if (u.search || u.hash || u.username || u.password)
      problems.push('REGISTRY_UPSTREAM_URL: must be the base URL of a registry (no query, fragment or credentials)')
  }

  const config: Config = {
    port,
    host: str('HOST') ?? '0.0.0.0',
    publicBaseUrl,
    databaseUrl,
    dataDir: str('DATA_DIR') ?? './.data',
    redisUrl: url('REDIS_URL', ['redis', 'rediss'], null),
    natsUrl: url('NATS_URL', ['nats', 'tls'], null),
    natsStream,
    eventSubjectPrefix,
    redisKeyPrefix: str('REDIS_KEY_PREFIX') ?? 'mcpdir:',
    smtpUrl: url('SMTP_URL', ['smtp', 'smtps'], null),
    mailFrom,
    operatorToken: str('OPERATOR_TOKEN') ?? null,
    serverSecret: str('SERVER_SECRET') ?? null,
    dnsServers,
    githubApiUrl: (url('GITHUB_API_URL', ['http', 'https'], 'https://api.github.com') as string).replace(/\/+$/, ''),
    githubToken: str('GITHUB_TOKEN') ?? null,
    npmRegistryUrl: (url('NPM_REGISTRY_URL', ['http', 'https'], 'https://registry.npmjs.org') as string).replace(
      /\/+$/,
      '',
    ),
    pypiUrl: (url('PYPI_URL', ['http', 'https'], 'https://pypi.org/pypi') as string).replace(/\/+$/, ''),
    outboundAllowPrivate: allowPrivate === '1',
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000),
    rateLimitWritePerHour: int('RATE_LIMIT_WRITE_PER_HOUR', 20, 1, 1_000_000),
    rateLimitRegistryPerMinute: int('RATE_LIMIT_REGISTRY_PER_MINUTE', 120, 1, 1_000_000),
    registryUpstreamUrl: registryUpstream,
    registrySyncMinutes: int('REGISTRY_SYNC_MINUTES', 60, 1, 10_080),
    trustProxyHops: int('TRUST_PROXY_HOPS', 0, 0, 10),
    mcpAllowedOrigins: [...new Set(mcpAllowedOrigins)],
    serviceUrls,
    claimRecheckHours: int('CLAIM_RECHECK_HOURS', 24, 1, 24 * 365),
    claimGraceDays: int('CLAIM_GRACE_DAYS', 7, 1, 365),
    gatewayUrl: (url('GATEWAY_URL', ['http', 'https'], `http://127.0.0.1:${STACK_PORTS.gateway}`) as string).replace(
      /\/+$/,
      '',
    ),
    upstreamTimeoutMs: int('UPSTREAM_TIMEOUT_MS', 10_000, 100, 300_000),
    viewFlushMs: int('VIEW_FLUSH_MS', 5_000, 50, 3_600_000),
    logLevel,
    metricsToken: str('METRICS_TOKEN') ?? null,
    probe: {
      enabled: probeSwitch !== 'off' && probeIntervalMinutes > 0,
      intervalMinutes: probeIntervalMinutes,
      concurrency: int('PROBE_CONCURRENCY', 16, 1, 512),
      perHost: int('PROBE_PER_HOST', 2, 1, 64),
      timeoutMs: int('PROBE_TIMEOUT_MS', 10_000, 200, 120_000),
      roundBudget: int('PROBE_ROUND_BUDGET', 20_000, 1, 10_000_000),
      sandboxIntervalHours: int('SANDBOX_INTERVAL_HOURS', 168, 1, 24 * 365),
      sandboxConcurrency: int('SANDBOX_CONCURRENCY', 2, 1, 64),
      sandboxTimeMs: int('SANDBOX_TIME_MS', 30_000, 1000, 600_000),
      sandbox: (env.SANDBOX ?? 'on').trim().toLowerCase() !== 'off',
    },
    demoCatalog: demoCatalog !== '0',
  }
  if (config.operatorToken !== null && config.operatorToken.length < 16)
    problems.push('OPERATOR_TOKEN: must be at least 16 characters')
  if (config.serverSecret !== null && config.serverSecret.length < 32)
    problems.push('SERVER_SECRET: must be at least 32 characters')
  if (config.metricsToken !== null && config.metricsToken.length < 16)
    problems.push('METRICS_TOKEN: must be at least 16 characters')
  if (problems.length) throw new ConfigError(problems)
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
