// The gateway app: its context (limiter, micro-cache, auth) built once, the route table mounted on Elysia with every
// route forwarded (forward.ts), and the gateway's own answers: 405, 404 (JSON, or a page for a browser), errors.
import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config, ServiceName } from '@mcp-directory/shared/config'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import { peerAddress } from '@mcp-directory/shared/runtime'
import { REQUEST_ID_HEADER, requestIdFrom, type Logger } from '@mcp-directory/shared/log'
import type { BatchedCounter } from '@mcp-directory/shared/counter'
import { labelRoute, routeLabels } from '@mcp-directory/shared/metrics'
import { NOSNIFF } from '@mcp-directory/shared/text'
import { Elysia } from 'elysia'
import { CORS_HEADERS, REGISTRY_CORS } from './headers'
import { apiSegments, pageError, wantsPage } from './page-errors'
import { idSegmentOf, patternOf } from './paths'
import { createBearerAuth } from './plugins/auth'
import { MicroCache, type MicroCacheOptions } from './plugins/micro-cache'
import { createOperatorAuth } from './plugins/operator-auth'
import { createRateLimiter } from './plugins/rate-limit'
import { startHitReports } from './hit-reports'
import { gatewayOwnRoutes } from './own-routes'
import { NOT_FOUND_PAGE, ROUTES, type RouteSpec } from './routes'
import type { Upstream } from '@mcp-directory/shared/upstream'
import { answerFromCache, answerKeptNow, clientOf, fail, failAt, forward, type GatewayContext } from './forward'

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
  /** Public answers that say they may be cached are kept in this process (default on; false turns it off). */
  microCache?: boolean | MicroCacheOptions
  /** How often rate-limit counts reach the shared store (default RATE_LIMIT_SYNC_MS). */
  rateLimitSyncMs?: number
}

/** The per-gateway state every routed request shares: limiter, micro-cache, auth, the route table's indexes. */
function gatewayContext(deps: GatewayDeps, routes: RouteSpec[]): GatewayContext {
  const { config, log } = deps
  const cache: MicroCache | null =
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
    // Hits of kept answers a service counts (badge impressions), per route and listing, sent in batches.
    hitReports: cache ? startHitReports(routes, deps.upstreams, config, log) : new Map<RouteSpec, BatchedCounter>(),
    apiPaths: apiSegments(routes),
  }
}

/** Builds the gateway: the public route table, rate limits, operator auth, forwarding, OpenAPI. */
export function createGatewayApp(deps: GatewayDeps) {
  const routes = deps.routes ?? ROUTES
  const ctx = gatewayContext(deps, routes)
  const { cache, log } = ctx
  const matchers = routes.map((r) => ({ r, re: patternOf(r.path) }))

  /**
   * The gateway's request handler: a request for a kept answer is answered before routing (its route's rate limit
   * still counted), everything else goes through the route table.
   */
  async function handle(request: Request): Promise<Response> {
    // A miss is counted once, by the route's own look-up.
    const kept = cache?.lookUp(request, false)
    if (!kept) return app.handle(request)
    labelRoute(request, kept.route.path)
    const requestId = requestIdFrom(request.headers)
    return answerFromCache(ctx, kept, request, () => clientOf(ctx, request, peerAddress(request)), requestId)
  }

  const app = new Elysia({ name: 'gateway' })
    // Route patterns label the request metrics of `serve` (`/metrics` itself is served there, not routed).
    .use(routeLabels())
    // The reference page and its documents are the gateway's own text answers (forwarded ones get it in `forward`).
    .onRequest(({ request, set }) => {
      if (request.url.includes('/docs') && new URL(request.url).pathname.startsWith('/docs'))
        Object.assign(set.headers, NOSNIFF)
    })
    .use(gatewayOwnRoutes(deps.config.publicBaseUrl, routes))

  for (const route of routes) {
    if (route.limit === 'registry') {
      // Every answer of the registry API carries its CORS methods and headers, the gateway's own errors included.
      app.route(
        route.method,
        route.path,
        async ({ request }) => {
          const res = await forward(ctx, route, request, peerAddress(request))
          for (const [k, v] of Object.entries(REGISTRY_CORS)) res.headers.set(k, v)
          return res
        },
        { parse: 'none' },
      )
    } else
      app.route(route.method, route.path, ({ request }) => forward(ctx, route, request, peerAddress(request)), {
        parse: 'none',
      })
  }

  app.all('*', ({ request }) => {
    const requestId = requestIdFrom(request.headers)
    const path = new URL(request.url).pathname
    const allowed = matchers.filter((m) => m.re.test(path)).map((m) => m.r.method)
    if (allowed.length)
      return failAt(ctx, path, 405, 'method_not_allowed', `${request.method} is not allowed on ${path}`, requestId, {
        allow: [...new Set(allowed)].join(', '),
      })
    // A browser asking for a page nobody has gets the web service's own 404 page (or a plain one without it).
    if (wantsPage(request, null, ctx.apiPaths)) {
      if (deps.upstreams.web) return forward(ctx, NOT_FOUND_PAGE, request, peerAddress(request))
      return pageError(404, 'Not found', `No page ${path}`, { [REQUEST_ID_HEADER]: requestId })
    }
    return failAt(ctx, path, 404, 'not_found', `No route ${path}`, requestId)
  })
  app.onError(({ code, error, request }) => {
    const requestId = requestIdFrom(request.headers)
    if (code === 'NOT_FOUND') return fail(ctx, 404, 'not_found', 'No such route', requestId)
    if (code === 'PARSE') return fail(ctx, 400, 'bad_request', 'The request could not be parsed', requestId)
    log.error({ err: error instanceof Error ? error.message : String(error), requestId }, 'gateway error')
    return fail(ctx, 500, 'internal', 'Internal server error', requestId)
  })

  return {
    app,
    /** Answers a request (kept answers before routing); serve this rather than `app.handle`. */
    fetch: handle,
    /** A kept answer given at once, when nothing about it has to wait (see `answerKeptNow`); `serve` asks first. */
    answerNow: (request: Request) => answerKeptNow(ctx, request),
    /** The micro-cache (null when off): tests drop or inspect it. */
    cache,
    /** Sends the rate limiter's pending counts to the shared store now (tests). */
    flushRateLimits: () => ctx.limiter.flush(),
    close: async () => {
      await ctx.bearer.close()
      await cache?.close()
      for (const counter of ctx.hitReports.values()) await counter.stop()
      await ctx.limiter.close()
      await ctx.operator.close()
    },
  }
}
