// The configuration's shape and the stack's fixed facts (ports, URL variables): what both the loader (index.ts)
// and the readers of single variables (read.ts) stand on.
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
