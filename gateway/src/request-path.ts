// The gateway's request path. Every request takes these steps, in this order:
//   1. route lookup  a cache hit names its route and skips the router; any other request is routed (app.ts)
//   2. auth          operator routes: the operator's token, before the limit (its failures have their own lockout)
//   3. rate limit    the request counted in its route's class for this client; past the limit, a 429 (a write's
//                    count is settled by its answer: a failed one counts against the failures' bound instead)
//   4. auth          Bearer routes: the agent's token, after the limit, so guessed tokens are limited before they
//                    cost a look-up
//   5. cache         a cache hit is sent; on a miss the request goes on (only public GET answers are stored, so
//                    the auth steps never stop a hit)
//   6. forward       to the route's service (forward.ts)
//   7. store         the service's answer stored in the cache when it may be (plugins/micro-cache-store.ts)
// `cacheHitNow` takes steps 1, 3 and 5 for a cache hit when none of them has to wait.
import { REQUEST_ID_HEADER } from '@mcp-directory/shared/log'
import { cacheLookup } from '@mcp-directory/shared/metrics'
import { PRECHARGED_HEADER } from '@mcp-directory/shared/public-api'
import type { ImmediateAnswer } from '@mcp-directory/shared/runtime'
import {
  type Admitted,
  checkBearer,
  checkOperator,
  checkRateLimit,
  limitHeadersOf,
  RequestFacts,
  settleWrite,
} from './checks'
import type { GatewayContext } from './context'
import { forwardToService } from './forward'
import { withGatewayHeaders } from './headers'
import { mcpRefusal } from './mcp-refusal'
import { fail, isOwnAnswer } from './own-errors'
import { listingOf } from './paths'
import type { CacheEntry } from './plugins/micro-cache-store'
import { storeAnswer } from './plugins/micro-cache-store'
import type { RouteSpec } from './routes'

/**
 * One request whose route is known, through steps 2 to 7; `hit` is the cache hit found before routing, if any. The
 * gateway's own refusal of an MCP message is a JSON-RPC error (mcp-refusal.ts).
 */
export async function handleRoute(
  ctx: GatewayContext,
  route: RouteSpec,
  request: Request,
  hit: CacheEntry | null = null,
): Promise<Response> {
  const res = await handleChecked(ctx, route, request, hit)
  return route.pricing === 'mcp-message' && isOwnAnswer(res) ? mcpRefusal(request, res) : res
}

/** Steps 2 to 7. */
async function handleChecked(
  ctx: GatewayContext,
  route: RouteSpec,
  request: Request,
  hit: CacheEntry | null,
): Promise<Response> {
  const asked = new RequestFacts(ctx, request)
  // 2. Auth, operator routes.
  const refused = await checkOperator(ctx, route, asked)
  if (refused) return refused
  // 3. Rate limit.
  const admitted = await checkRateLimit(ctx, route, asked)
  if (admitted instanceof Response) return admitted
  if (admitted.limit !== 'write') return handleAdmitted(ctx, route, asked, admitted, hit)
  return settleWrite(ctx, asked, await handleAdmitted(ctx, route, asked, admitted, hit))
}

/** Steps 4 to 7 of a request within its limit. */
async function handleAdmitted(
  ctx: GatewayContext,
  route: RouteSpec,
  asked: RequestFacts,
  admitted: Admitted,
  hit: CacheEntry | null,
): Promise<Response> {
  const { request, requestId } = asked
  // 4. Auth, Bearer routes.
  const agent = await checkBearer(ctx, route, asked)
  if (agent instanceof Response) return agent
  const upstream = ctx.upstreams[route.service]
  if (!upstream) return fail(ctx, 503, 'service_unavailable', `The ${route.service} service is not deployed`, requestId)
  // 5. Cache: a hit is sent, a miss goes on.
  const cacheable = usesCache(ctx, route, admitted)
  const found = hit ?? (cacheable ? ctx.cache!.lookUp(request) : null)
  const { limit, alreadyPaid, limitHeaders } = admitted
  if (found) return sendCacheHit(ctx, found, asked, { ...limitHeaders, [REQUEST_ID_HEADER]: requestId })
  const generation = ctx.cache?.generation ?? 0
  // 6. Forward.
  const fields = { client: asked.client, requestId, identity: agent.identity, limit, alreadyPaid }
  const forwarded = await forwardToService(ctx, route, upstream, request, fields)
  if (!forwarded.reached) return forwarded.res
  // 7. Store (and what else the answer changes here).
  const state = { cacheable, generation, token: agent.token }
  const res = await afterForward(ctx, route, asked, forwarded.res, state)
  logRequest(ctx, asked, { requestId, status: res.status, service: route.service, client: fields.client })
  return withGatewayHeaders(res, limitHeaders, requestId)
}

/** Whether the request's answer may come from the cache and go to it: a public GET, not a read already paid for. */
const usesCache = (ctx: GatewayContext, route: RouteSpec, admitted: Admitted) =>
  ctx.cache !== null && route.method === 'GET' && route.auth === null && !admitted.alreadyPaid

/**
 * What the service's answer changes here: a revoked token is forgotten, a listing changed drops its cached answers,
 * and the answer is stored when it may be (step 7). Gives the answer to send.
 */
async function afterForward(
  ctx: GatewayContext,
  route: RouteSpec,
  asked: RequestFacts,
  res: Response,
  state: { cacheable: boolean; generation: number; token: { hash: string; id: string } | null },
): Promise<Response> {
  const { cache } = ctx
  // A token this gateway saw revoked is forgotten at once; other replicas drop it on the token.revoked event.
  if (state.token && route.revokesToken && res.status === 200) await ctx.bearer.forget(state.token)
  if (!cache) return res
  const listing =
    state.cacheable || route.changesListings ? listingOf(asked.path, ctx.idSegments.get(route) ?? -1) : null
  // A change of what listing answers say drops them here at once (see RouteSpec.changesListings); no other write
  // does, so nobody can empty the cache at will.
  if (route.changesListings && res.ok) {
    if (listing) cache.drop([listing])
    else cache.clear()
  }
  return state.cacheable ? storeAnswer(cache, asked.request, res, state.generation, { route, listing }) : res
}

/** One log line per request; the id ties it to the service's own log lines. */
function logRequest(ctx: GatewayContext, asked: RequestFacts, fields: Record<string, unknown>) {
  if (!ctx.log.isLevelEnabled('info')) return
  ctx.log.info({ method: asked.request.method, path: asked.path, ...fields }, 'request')
}

/** A cache hit sent: reported to the service that counts them (badge impressions), logged, answered. */
function sendCacheHit(
  ctx: GatewayContext,
  entry: CacheEntry,
  asked: RequestFacts,
  headers: Record<string, string>,
): Response {
  if (entry.listing !== null) {
    // A route counted once per visitor (detail views) is told who each hit was for.
    const perClient = entry.route.reportsCachedHits?.perClient === true
    ctx.hitReports.get(entry.route)?.count(perClient ? `${entry.listing}\n${asked.client}` : entry.listing)
  }
  if (ctx.log.isLevelEnabled('info'))
    logRequest(ctx, asked, {
      requestId: headers[REQUEST_ID_HEADER],
      status: entry.status,
      service: entry.route.service,
      client: asked.client,
      cache: 'hit',
    })
  return ctx.cache!.respond(entry, asked.request, headers)
}

/**
 * A cache hit given without awaiting anything, when no step has to wait: its route is not limited, or the client's
 * count is decided here and within the limit (rate-limit.ts `checkNow`). Null otherwise (a miss, a read an MCP call
 * already paid for, near or over the limit): then the request takes the awaited path.
 */
export function cacheHitNow(ctx: GatewayContext, request: Request): ImmediateAnswer | null {
  const entry = ctx.cache?.peek(request)
  if (!entry) return null
  const { route } = entry
  let headers: Record<string, string> = {}
  const asked = new RequestFacts(ctx, request)
  if (route.limit !== null) {
    if (request.headers.has(PRECHARGED_HEADER)) return null
    const d = ctx.limiter.checkNow(ctx.classes[route.limit], asked.client)
    if (!d) return null
    headers = limitHeadersOf(d)
  }
  cacheLookup('gateway', true)
  headers[REQUEST_ID_HEADER] = asked.requestId
  return { response: sendCacheHit(ctx, entry, asked, headers), route: route.path }
}
