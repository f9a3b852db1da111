// The gateway app: one request handler (route lookup, then the steps of request-path.ts), the route table mounted
// on Elysia, and the gateway's own answers: 405, 404 (JSON, or a page for a browser), errors.
import { REQUEST_ID_HEADER, requestIdFrom } from '@mcp-directory/shared/log'
import { labelRoute, routeLabels } from '@mcp-directory/shared/metrics'
import { PROCESS_PATHS } from '@mcp-directory/shared/runtime'
import { NOSNIFF } from '@mcp-directory/shared/text'
import { Elysia } from 'elysia'
import { closeGatewayContext, createGatewayContext, type GatewayContext, type GatewayDeps } from './context'
import { compressed } from './compression'
import { REGISTRY_CORS } from './headers'
import { fail, failAt } from './own-errors'
import { gatewayOwnRoutes } from './own-routes'
import { pageError, wantsPage } from './page-errors'
import { patternOf } from './paths'
import { cacheHitNow, handleRoute } from './request-path'
import { NOT_FOUND_PAGE, ROUTES, type RouteSpec } from './routes'

/** Builds the gateway: the public route table, rate limits, auth, the micro-cache, forwarding, OpenAPI. */
export function createGatewayApp(deps: GatewayDeps) {
  const routes = deps.routes ?? ROUTES
  const ctx = createGatewayContext(deps, routes)
  const app = routeTable(ctx, routes)

  /**
   * The gateway's request handler. Route lookup: a cache hit names its route, so it skips the router (a miss is
   * counted once, by the route's own look-up); any other request is routed. Both go on through `handleRoute`. The
   * answer leaves coded when the client takes it (compression.ts; a cached answer's coded copy is made once).
   */
  async function handle(request: Request): Promise<Response> {
    const hit = ctx.cache?.lookUp(request, false)
    if (!hit) return compressed(request, await app.handle(request))
    labelRoute(request, hit.route.path)
    return compressed(request, await handleRoute(ctx, hit.route, request, hit))
  }

  return {
    app,
    /** Answers a request (cache hits before routing); serve this rather than `app.handle`. */
    fetch: handle,
    /** A cache hit given at once, when nothing about it has to wait (see `cacheHitNow`); `serve` asks first. */
    answerNow: (request: Request) => cacheHitNow(ctx, request),
    /** The micro-cache (null when off): tests drop or inspect it. */
    cache: ctx.cache,
    /** Sends the rate limiter's pending counts to the shared store now (tests). */
    flushRateLimits: () => ctx.limiter.flush(),
    close: () => closeGatewayContext(ctx),
  }
}

/** The router: every route of the table through `handleRoute`, the gateway's own routes, and what no route takes. */
function routeTable(ctx: GatewayContext, routes: RouteSpec[]) {
  const app = new Elysia({ name: 'gateway' })
    // Route patterns label the request metrics of `serve` (`/metrics` itself is served there, not routed).
    .use(routeLabels())
    // The reference page and its documents are the gateway's own text answers (forwarded ones get it on the way).
    .onRequest(({ request, set }) => {
      if (request.url.includes('/docs') && new URL(request.url).pathname.startsWith('/docs'))
        Object.assign(set.headers, NOSNIFF)
    })
    .use(gatewayOwnRoutes(ctx.config.publicBaseUrl, routes))

  for (const route of routes) {
    if (route.limit === 'registry') {
      // Every answer of the registry API carries its CORS methods and headers, the gateway's own errors included.
      app.route(
        route.method,
        route.path,
        async ({ request }) => {
          const res = await handleRoute(ctx, route, request)
          for (const [k, v] of Object.entries(REGISTRY_CORS)) res.headers.set(k, v)
          return res
        },
        { parse: 'none' },
      )
    } else app.route(route.method, route.path, ({ request }) => handleRoute(ctx, route, request), { parse: 'none' })
  }

  const matchers = routes.map((r) => ({ r, re: patternOf(r.path) }))
  app.all('*', ({ request }) => noRoute(ctx, matchers, request))
  app.onError(({ code, error, request }) => {
    const requestId = requestIdFrom(request.headers)
    if (code === 'NOT_FOUND') return fail(ctx, 404, 'not_found', 'No such route', requestId)
    if (code === 'PARSE') return fail(ctx, 400, 'bad_request', 'The request could not be parsed', requestId)
    ctx.log.error({ err: error instanceof Error ? error.message : String(error), requestId }, 'gateway error')
    return fail(ctx, 500, 'internal', 'Internal server error', requestId)
  })
  return app
}

/** No route takes this method and path: 405 when another method has one, else 404 (a page for a browser). */
function noRoute(
  ctx: GatewayContext,
  matchers: { r: RouteSpec; re: RegExp }[],
  request: Request,
): Response | Promise<Response> {
  const requestId = requestIdFrom(request.headers)
  const path = new URL(request.url).pathname
  const allowed = matchers.filter((m) => m.re.test(path)).map((m) => m.r.method)
  if (allowed.length)
    return failAt(ctx, path, 405, 'method_not_allowed', `${request.method} is not allowed on ${path}`, requestId, {
      allow: [...new Set(allowed)].join(', '),
    })
  // A browser asking for a page nobody has gets the web service's own 404 page (or a plain one without it). A path
  // `serve` answers outside the router (/metrics, the probes) is never sent there: the web service would answer it
  // as its own (its metrics are open on its internal port), so it keeps the gateway's 404.
  if (wantsPage(request, null, ctx.apiPaths) && !PROCESS_PATHS.has(path)) {
    if (ctx.upstreams.web) return handleRoute(ctx, NOT_FOUND_PAGE, request)
    return pageError(404, 'Not found', `No page ${path}`, { [REQUEST_ID_HEADER]: requestId })
  }
  return failAt(ctx, path, 404, 'not_found', `No route ${path}`, requestId)
}
