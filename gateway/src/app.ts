// Over 300 lines: createGatewayApp is one closure whose parts (auth, rate limit, micro-cache, forwarding) share
// per-gateway state; the stateless parts live in headers.ts, paths.ts, hit-reports.ts and own-routes.ts.
import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config, ServiceName } from '@mcp-directory/shared/config'
import { errorResponse } from '@mcp-directory/shared/errors'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import {
  CLIENT_IP_HEADER,
  PRECHARGED_HEADER,
  prechargeProof,
  verifiedOnBehalfOf,
  verifiedPrecharge,
} from '@mcp-directory/shared/public-api'
import { peerAddress } from '@mcp-directory/shared/runtime'
import { REQUEST_ID_HEADER, requestIdFrom, type Logger } from '@mcp-directory/shared/log'
import type { BatchedCounter } from '@mcp-directory/shared/counter'
import { labelRoute, rateLimitRejected, routeLabels } from '@mcp-directory/shared/metrics'
import { NOSNIFF } from '@mcp-directory/shared/text'
import { Elysia } from 'elysia'
import { CORS_HEADERS, clientAddress, isRegistryPath, REGISTRY_CORS, stripHeaders, withGatewayHeaders } from './headers'
import { apiSegments, pageError, wantsPage } from './page-errors'
import { idSegmentOf, listingOf, patternOf } from './paths'
import { createBearerAuth } from './plugins/auth'
import { createMicroCache, type MicroCache, type Stored } from './plugins/micro-cache'
import { createOperatorAuth } from './plugins/operator-auth'
import { createRateLimiter, type LimitClass } from './plugins/rate-limit'
import { startHitReports } from './hit-reports'
import { gatewayOwnRoutes } from './own-routes'
import { ROUTES, type RouteSpec } from './routes'
import { NOT_FOUND_PAGE } from './routes/web'
import { UpstreamError, type Upstream } from '@mcp-directory/shared/upstream'

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
  microCache?: boolean | Parameters<typeof createMicroCache>[0]
  /** How often rate-limit counts reach the shared store (default RATE_LIMIT_SYNC_MS). */
  rateLimitSyncMs?: number
}

/** Builds the gateway: the public route table, rate limits, operator auth, forwarding, OpenAPI. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one closure over the per-gateway state (limiter, caches, auth) that forward, countRequest and answerFromCache share; its helpers already live in headers.ts, paths.ts, hit-reports.ts, own-routes.ts
export function createGatewayApp(deps: GatewayDeps) {
  const { config, log } = deps
  const base = config.publicBaseUrl
  const limiter = createRateLimiter(deps.kv, log, { syncIntervalMs: deps.rateLimitSyncMs })
  const cache: MicroCache | null =
    deps.microCache === false
      ? null
      : createMicroCache({
          log,
          bus: deps.bus,
          constantHeaders: CORS_HEADERS,
          ...(typeof deps.microCache === 'object' ? deps.microCache : {}),
        })
  const classes: Record<'read' | 'write' | 'registry', LimitClass> = {
    read: { name: 'read', limit: config.rateLimitPerMinute, windowMs: 60_000 },
    registry: { name: 'registry', limit: config.rateLimitRegistryPerMinute, windowMs: 60_000 },
    write: { name: 'write', limit: config.rateLimitWritePerHour, windowMs: 3_600_000 },
  }
  const bearer = createBearerAuth({
    baseUrl: base,
    kv: deps.kv,
    log,
    agentAuth: deps.upstreams['agent-auth'],
    bus: deps.bus,
    timeoutMs: config.upstreamTimeoutMs,
  })
  const operator = createOperatorAuth({ token: deps.operatorToken, kv: deps.kv, log })
  const routes = deps.routes ?? ROUTES
  const matchers = routes.map((r) => ({ r, re: patternOf(r.path) }))
  const idSegments = new Map(routes.map((r) => [r, idSegmentOf(r.path)]))
  // Hits of kept answers a service counts (badge impressions), per route and listing, sent in batches.
  const hitReports = cache ? startHitReports(routes, deps.upstreams, config, log) : new Map<RouteSpec, BatchedCounter>()

  const fail = (
    status: number,
    code: string,
    message: string,
    requestId: string,
    headers: Record<string, string> = {},
  ) =>
    errorResponse(status, code, message, base, {
      headers: { ...CORS_HEADERS, [REQUEST_ID_HEADER]: requestId, ...headers },
    })
  // On /v0.1 an error the gateway answers itself (429, 503, 404 of an unknown path) carries the registry's CORS too.
  const failAt = (
    path: string,
    status: number,
    code: string,
    message: string,
    requestId: string,
    headers: Record<string, string> = {},
  ) => fail(status, code, message, requestId, isRegistryPath(path) ? { ...REGISTRY_CORS, ...headers } : headers)

  /** The answer when the service did not answer: a body too slow (408), no answer in time (504), unreachable (503). */
  const upstreamFailure = (err: unknown, service: ServiceName, requestId: string): Response => {
    if (err instanceof UpstreamError && err.kind === 'body_timeout') {
      log.warn({ requestId, service }, 'request body too slow')
      return fail(408, 'request_timeout', 'The request body did not arrive in time', requestId, {
        connection: 'close',
        'cache-control': 'no-store',
      })
    }
    if (err instanceof UpstreamError && err.kind === 'timeout') {
      log.warn({ requestId, service }, 'upstream timeout')
      return fail(504, 'gateway_timeout', `The ${service} service did not answer in time`, requestId, {
        'cache-control': 'no-store',
      })
    }
    log.warn({ requestId, service, err: String(err) }, 'upstream unreachable')
    return fail(503, 'service_unavailable', `The ${service} service is unreachable; try again shortly`, requestId, {
      'retry-after': '1',
      'cache-control': 'no-store',
    })
  }

  // Unknown paths under these first segments keep the API's JSON 404 even for a browser.
  const apiPaths = apiSegments(routes)

  // A service in front of us (mcp, web) names its end client in a signed header; anyone else is known by address.
  const clientOf = (request: Request, socketIp: string | undefined) =>
    (deps.secret && verifiedOnBehalfOf(request.headers, deps.secret)) ||
    clientAddress(request, socketIp, config.trustProxyHops)

  /** Counts the request against its route's limit: this client's rate-limit headers, or the 429 to send. */
  async function countRequest(
    route: RouteSpec,
    request: Request,
    client: string,
    requestId: string,
  ): Promise<Response | { limitHeaders: Record<string, string>; precharged: boolean }> {
    let limitHeaders: Record<string, string> = {}
    // The one read an MCP tool call makes was paid for with the MCP request (shared/public-api); writes never are.
    const precharged =
      route.limit === 'read' && !!deps.secret && verifiedPrecharge(request.headers, deps.secret, client, requestId)
    if (route.limit && !precharged) {
      const d = await limiter.check(classes[route.limit], client)
      limitHeaders = {
        'ratelimit-limit': String(d.limit),
        'ratelimit-remaining': String(d.remaining),
        'ratelimit-reset': String(d.resetSeconds),
      }
      if (!d.allowed) {
        rateLimitRejected(route.limit)
        const headers = { ...limitHeaders, 'retry-after': String(d.resetSeconds), 'cache-control': 'no-store' }
        const message = `Rate limit of ${d.limit} requests exceeded; retry in ${d.resetSeconds} s`
        if (wantsPage(request, route, apiPaths))
          return pageError(429, 'Too many requests', message, { ...headers, [REQUEST_ID_HEADER]: requestId })
        return failAt(new URL(request.url).pathname, 429, 'rate_limited', message, requestId, headers)
      }
    }
    return { limitHeaders, precharged }
  }

  /** A kept answer, after the client's rate limit was counted (so its headers are this client's own). */
  async function answerFromCache(
    entry: Stored,
    request: Request,
    clientOrLookup: string | (() => string),
    requestId: string,
    counted?: Record<string, string>,
  ): Promise<Response> {
    let limitHeaders = counted
    // Who the client is matters only to a limited route and the log line: not looked up for a cached badge.
    const client = () => (typeof clientOrLookup === 'string' ? clientOrLookup : clientOrLookup())
    if (!limitHeaders && entry.route.limit === null) limitHeaders = {}
    if (!limitHeaders) {
      const admitted = await countRequest(entry.route, request, client(), requestId)
      if (admitted instanceof Response) return admitted
      limitHeaders = admitted.limitHeaders
    }
    if (entry.listing !== null) hitReports.get(entry.route)?.count(entry.listing)
    if (log.isLevelEnabled('info'))
      log.info(
        {
          requestId,
          method: request.method,
          path: new URL(request.url).pathname,
          status: entry.status,
          service: entry.route.service,
          client: client(),
          cache: 'hit',
        },
        'request',
      )
    return cache!.respond(entry, request, { ...limitHeaders, [REQUEST_ID_HEADER]: requestId })
  }

  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: the forwarding steps in the order they must run (auth, limit, cache, headers, upstream, cache keep), read top to bottom
  async function forward(route: RouteSpec, request: Request, socketIp: string | undefined): Promise<Response> {
    const requestId = requestIdFrom(request.headers)
    const client = clientOf(request, socketIp)
    const priorForwardedFor = request.headers.get('x-forwarded-for')

    if (route.auth === 'operator') {
      const path = new URL(request.url).pathname
      const outcome = await operator.authenticate(request, { client, method: request.method, path, requestId })
      if (!outcome.ok && outcome.status === 429) {
        rateLimitRejected('operator')
        const wait = String(outcome.retryAfterSeconds)
        return fail(
          429,
          'rate_limited',
          `Too many failed operator authentications from this client; retry in ${wait} s`,
          requestId,
          {
            'retry-after': wait,
            'cache-control': 'no-store',
          },
        )
      }
      if (!outcome.ok)
        return fail(401, 'unauthorized', 'Operator authentication required', requestId, {
          'www-authenticate': 'Bearer realm="operator"',
        })
    }
    const admitted = await countRequest(route, request, client, requestId)
    if (admitted instanceof Response) return admitted
    const { limitHeaders, precharged } = admitted
    // After the rate limit, so a flood of guessed tokens is limited before it costs a look-up.
    let identity: Record<string, string> = {}
    let tokenHash: string | null = null
    if (route.auth === 'bearer') {
      const outcome = await bearer.authenticate(request, route.scope ?? null)
      if (!outcome.ok) return fail(outcome.status, outcome.code, outcome.message, requestId, outcome.headers)
      identity = outcome.headers
      tokenHash = outcome.tokenHash
    }
    const upstream = deps.upstreams[route.service]
    if (!upstream) return fail(503, 'service_unavailable', `The ${route.service} service is not deployed`, requestId)

    // Public answers that said they may be kept, after this client's rate limit was counted (its headers are its own).
    const cacheable = cache !== null && route.method === 'GET' && route.auth === null && !precharged
    const kept = cacheable ? cache.find(request) : null
    if (kept) return answerFromCache(kept, request, client, requestId, limitHeaders)
    const generation = cache?.begin() ?? 0

    // The request is forwarded as it is, its headers edited in place: building a copy of every request costs more
    // than the whole rest of the gateway's work.
    const headers = stripHeaders(request.headers, ['host'])
    headers.set(REQUEST_ID_HEADER, requestId)
    headers.set(CLIENT_IP_HEADER, client)
    if (route.coversOneRead && route.limit === 'read' && !precharged && deps.secret) {
      headers.set(
        PRECHARGED_HEADER,
        prechargeProof(deps.secret, client, requestId, route.timeoutMs ?? config.upstreamTimeoutMs),
      )
    }
    // The verified agent, set only here (client-sent x-directory-* headers were stripped above).
    for (const [k, v] of Object.entries(identity)) headers.set(k, v)
    headers.set(
      'x-forwarded-for',
      priorForwardedFor && config.trustProxyHops > 0 ? `${priorForwardedFor}, ${client}` : client,
    )
    const forwarded = request
    let res: Response
    try {
      res = await upstream.fetch(forwarded, route.timeoutMs ?? config.upstreamTimeoutMs)
    } catch (err) {
      return upstreamFailure(err, route.service, requestId)
    }
    // A token this gateway saw revoked is forgotten at once; other replicas drop it on the token.revoked event.
    if (tokenHash && route.revokesToken && res.status === 200) await bearer.forget(tokenHash)
    // The service's response goes back as it is, its headers edited in place (a copy only when they are frozen).
    let out: Response = res
    try {
      stripHeaders(res.headers)
    } catch {
      out = new Response(res.body, {
        status: res.status,
        statusText: res.statusText,
        headers: stripHeaders(new Headers(res.headers)),
      })
    }
    if (cacheable)
      out = await cache.keep(request, out, generation, route, listingOf(request.url, idSegments.get(route) ?? -1))
    // One line per request; the id ties it to the service's own log lines.
    if (log.isLevelEnabled('info'))
      log.info(
        {
          requestId,
          method: request.method,
          path: new URL(request.url).pathname,
          status: res.status,
          service: route.service,
          client,
        },
        'request',
      )
    return withGatewayHeaders(out, limitHeaders, requestId)
  }

  /**
   * The gateway's request handler: a request for a kept answer is answered before routing (its route's rate limit
   * still counted), everything else goes through the route table.
   */
  async function handle(request: Request): Promise<Response> {
    // A miss is counted once, by the route's own look-up.
    const kept = cache?.find(request, false)
    if (!kept) return app.handle(request)
    labelRoute(request, kept.route.path)
    const requestId = requestIdFrom(request.headers)
    return answerFromCache(kept, request, () => clientOf(request, peerAddress(request)), requestId)
  }

  const app = new Elysia({ name: 'gateway' })
    // Route patterns label the request metrics of `serve` (`/metrics` itself is served there, not routed).
    .use(routeLabels())
    // The reference page and its documents are the gateway's own text answers (forwarded ones get it in `forward`).
    .onRequest(({ request, set }) => {
      if (request.url.includes('/docs') && new URL(request.url).pathname.startsWith('/docs'))
        Object.assign(set.headers, NOSNIFF)
    })
    .use(gatewayOwnRoutes(base, routes))

  for (const route of routes) {
    if (route.limit === 'registry') {
      // Every answer of the registry API carries its CORS methods and headers, the gateway's own errors included.
      app.route(
        route.method,
        route.path,
        async ({ request }) => {
          const res = await forward(route, request, peerAddress(request))
          for (const [k, v] of Object.entries(REGISTRY_CORS)) res.headers.set(k, v)
          return res
        },
        { parse: 'none' },
      )
    } else
      app.route(route.method, route.path, ({ request }) => forward(route, request, peerAddress(request)), {
        parse: 'none',
      })
  }

  app.all('*', ({ request }) => {
    const requestId = requestIdFrom(request.headers)
    const path = new URL(request.url).pathname
    const allowed = matchers.filter((m) => m.re.test(path)).map((m) => m.r.method)
    if (allowed.length)
      return failAt(path, 405, 'method_not_allowed', `${request.method} is not allowed on ${path}`, requestId, {
        allow: [...new Set(allowed)].join(', '),
      })
    // A browser asking for a page nobody has gets the web service's own 404 page (or a plain one without it).
    if (wantsPage(request, null, apiPaths)) {
      if (deps.upstreams.web) return forward(NOT_FOUND_PAGE, request, peerAddress(request))
      return pageError(404, 'Not found', `No page ${path}`, { [REQUEST_ID_HEADER]: requestId })
    }
    return failAt(path, 404, 'not_found', `No route ${path}`, requestId)
  })
  app.onError(({ code, error, request }) => {
    const requestId = requestIdFrom(request.headers)
    if (code === 'NOT_FOUND') return fail(404, 'not_found', 'No such route', requestId)
    if (code === 'PARSE') return fail(400, 'bad_request', 'The request could not be parsed', requestId)
    log.error({ err: error instanceof Error ? error.message : String(error), requestId }, 'gateway error')
    return fail(500, 'internal', 'Internal server error', requestId)
  })

  return {
    app,
    /** Answers a request (kept answers before routing); serve this rather than `app.handle`. */
    fetch: handle,
    /** The micro-cache (null when off): tests drop or inspect it. */
    cache,
    /** Sends the rate limiter's pending counts to the shared store now (tests). */
    flushRateLimits: () => limiter.flush(),
    close: async () => {
      await bearer.close()
      await cache?.close()
      for (const counter of hitReports.values()) await counter.stop()
      await limiter.close()
      await operator.close()
    },
  }
}
