// What every request of one gateway shares, built once: the rate limiter and its classes, the micro-cache, the
// operator and Bearer checks, and what the route table tells about each route.
import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config, ServiceName } from '@mcp-directory/shared/config'
import type { BatchedCounter } from '@mcp-directory/shared/counter'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import type { Upstream } from '@mcp-directory/shared/upstream'
import { CORS_HEADERS } from './headers'
import { startHitReports } from './hit-reports'
import { apiSegments } from './page-errors'
import { idSegmentOf } from './paths'
import { type BearerAuth, createBearerAuth } from './plugins/auth'
import { MicroCache, type MicroCacheOptions } from './plugins/micro-cache'
import { createOperatorAuth, type OperatorAuth } from './plugins/operator-auth'
import { createRateLimiter, type LimitClass, type RateLimiter } from './plugins/rate-limit'
import type { LimitKind, RouteSpec } from './routes'

/** What the gateway needs: where each service is, the shared store for rate limits, and the operator token. */
export interface GatewayDeps {
  config: Config
  log: Logger
  kv: KeyValueStore
  upstreams: Partial<Record<ServiceName, Upstream>>
  operatorToken: string
  /** Where token.revoked arrives, so cached token answers are dropped at once (optional in tests). */
  bus?: EventBus
  /** SERVER_SECRET: lets the mcp and web services speak for their end clients (shared/public-api). */
  secret?: string
  /** The route table (default ROUTES); tests add stand-in routes, e.g. one needing a scope. */
  routes?: RouteSpec[]
  /** Public answers that say they may be cached are stored in this process (default on; false turns it off). */
  microCache?: boolean | MicroCacheOptions
  /** How often rate-limit counts reach the shared store (default RATE_LIMIT_SYNC_MS). */
  rateLimitSyncMs?: number
}

/** What every routed request of one gateway shares. */
export interface GatewayContext {
  config: Config
  log: Logger
  upstreams: Partial<Record<ServiceName, Upstream>>
  /** SERVER_SECRET: lets the mcp and web services speak for their end clients (shared/public-api). */
  secret?: string
  limiter: RateLimiter
  classes: Record<Exclude<LimitKind, null>, LimitClass>
  /** The looser bound on writes that failed (RATE_LIMIT_WRITE_FAILURES_PER_HOUR); `write` counts successes. */
  writeFailures: LimitClass
  cache: MicroCache | null
  bearer: BearerAuth
  operator: OperatorAuth
  /** Which path segment of each route is its listing id (-1: none), for the micro-cache's drops. */
  idSegments: Map<RouteSpec, number>
  /** Cache hits a service still counts (badge impressions), per route, sent in batches. */
  hitReports: Map<RouteSpec, BatchedCounter>
  /** First path segments whose unknown paths keep the API's JSON 404 even for a browser. */
  apiPaths: Set<string>
}

/** Builds the per-gateway state: limiter, micro-cache, auth, the route table's indexes. */
export function createGatewayContext(deps: GatewayDeps, routes: RouteSpec[]): GatewayContext {
  const { config, log } = deps
  const cache =
    deps.microCache === false
      ? null
      : new MicroCache({
          log,
          bus: deps.bus,
          constantHeaders: CORS_HEADERS,
          ...(typeof deps.microCache === 'object' ? deps.microCache : {}),
        })
  return {
    config,
    log,
    upstreams: deps.upstreams,
    secret: deps.secret,
    limiter: createRateLimiter(deps.kv, log, { syncIntervalMs: deps.rateLimitSyncMs }),
    classes: {
      read: { name: 'read', limit: config.rateLimitPerMinute, windowMs: 60_000 },
      registry: { name: 'registry', limit: config.rateLimitRegistryPerMinute, windowMs: 60_000 },
      write: { name: 'write', limit: config.rateLimitWritePerHour, windowMs: 3_600_000 },
      // MCP discovery and list messages: ten for the price of one read, so a client's handshake and lists (and a
      // conformance run) do not spend the reads its tool calls need.
      discovery: { name: 'discovery', limit: config.rateLimitPerMinute * 10, windowMs: 60_000 },
    },
    writeFailures: { name: 'write-failed', limit: config.rateLimitWriteFailuresPerHour, windowMs: 3_600_000 },
    cache,
    bearer: createBearerAuth({
      baseUrl: config.publicBaseUrl,
      kv: deps.kv,
      log,
      agentAuth: deps.upstreams['agent-auth'],
      bus: deps.bus,
      timeoutMs: config.upstreamTimeoutMs,
    }),
    operator: createOperatorAuth({ token: deps.operatorToken, kv: deps.kv, log }),
    idSegments: new Map(routes.map((r) => [r, idSegmentOf(r.path)])),
    hitReports: cache ? startHitReports(routes, deps.upstreams, config, log) : new Map<RouteSpec, BatchedCounter>(),
    apiPaths: apiSegments(routes),
  }
}

/** Stops what the context started: event consumers, timers, pending counts. */
export async function closeGatewayContext(ctx: GatewayContext): Promise<void> {
  await ctx.bearer.close()
  await ctx.cache?.close()
  for (const counter of ctx.hitReports.values()) await counter.stop()
  await ctx.limiter.close()
  await ctx.operator.close()
}
