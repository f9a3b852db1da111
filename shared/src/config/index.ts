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

import { type Config, ConfigError, type Env, STACK_PORTS } from './model'

export * from './model'

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
