/** Process configuration (contract §2): parsed once at start, every bad variable named in one message. */
import {
  envReader,
  readDatabaseUrl,
  readAllowedOrigins,
  readServiceUrls,
  readBus,
  readRegistryUpstream,
  readMail,
  readProbe,
  readOutbound,
} from './read'

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
  /** Writes answered with success per client per hour (RATE_LIMIT_WRITE_PER_HOUR). */
  rateLimitWritePerHour: number
  /** Writes refused (answered 4xx or 5xx) per client per hour (RATE_LIMIT_WRITE_FAILURES_PER_HOUR). */
  rateLimitWriteFailuresPerHour: number
  /** Requests per minute per client on the registry read API, /v0.1 (RATE_LIMIT_REGISTRY_PER_MINUTE). */
  rateLimitRegistryPerMinute: number
  /** An official-registry-compatible upstream the catalog follows (REGISTRY_UPSTREAM_URL); null: none. */
  registryUpstreamUrl: string | null
  /** How often the upstream is synced (REGISTRY_SYNC_MINUTES). */
  registrySyncMinutes: number
  /** Pages one sync reads at most before it stops (REGISTRY_SYNC_MAX_PAGES; 100 entries a page). */
  registrySyncMaxPages: number
  /** New listings one sync creates at most; the rest wait for the operator as conflicts (REGISTRY_SYNC_MAX_NEW). */
  registrySyncMaxNew: number
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
  /** Sandbox starts queued per hour at most, over every replica: the pace the catalog is covered at (SANDBOX_STARTS_PER_HOUR). */
  sandboxStartsPerHour: number
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

/** The environment a configuration is read from. */
export type Env = Record<string, string | undefined>

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
  const r = envReader(env)
  const port = r.int('PORT', 3000, 1, 65535)
  const publicBaseUrl = r.base('PUBLIC_BASE_URL', `http://localhost:${port}`)
  const writePerHour = r.int('RATE_LIMIT_WRITE_PER_HOUR', 20, 1, 1_000_000)
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
    rateLimitWritePerHour: writePerHour,
    // Refused writes have their own, looser bound: a few mistakes never spend the successes.
    rateLimitWriteFailuresPerHour: r.int('RATE_LIMIT_WRITE_FAILURES_PER_HOUR', 5 * writePerHour, 1, 5_000_000),
    rateLimitRegistryPerMinute: r.int('RATE_LIMIT_REGISTRY_PER_MINUTE', 120, 1, 1_000_000),
    registryUpstreamUrl: readRegistryUpstream(r),
    registrySyncMinutes: r.int('REGISTRY_SYNC_MINUTES', 60, 1, 10_080),
    registrySyncMaxPages: r.int('REGISTRY_SYNC_MAX_PAGES', 1_000, 1, 100_000),
    registrySyncMaxNew: r.int('REGISTRY_SYNC_MAX_NEW', 5_000, 0, 1_000_000),
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
