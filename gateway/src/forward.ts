// The gateway's work on one routed request, in the order it runs: operator check, rate limit, Bearer check, a kept
// answer, the forwarded request with the gateway's headers, the service's answer (or the failure to reach it),
// kept when it may be. Everything per gateway (limiter, caches, auth) is one context, built once.
// Over 300 lines: the steps are read in the order they run, and a kept answer given at once (answerKeptNow) must
// match the one given after awaiting (answerFromCache) beside it.
import type { Config, ServiceName } from '@mcp-directory/shared/config'
import type { BatchedCounter } from '@mcp-directory/shared/counter'
import { errorResponse } from '@mcp-directory/shared/errors'
import { type Logger, REQUEST_ID_HEADER, requestIdFrom } from '@mcp-directory/shared/log'
import { cacheLookup, rateLimitRejected } from '@mcp-directory/shared/metrics'
import {
  CLIENT_IP_HEADER,
  PRECHARGED_HEADER,
  prechargeProof,
  verifiedOnBehalfOf,
  verifiedPrecharge,
} from '@mcp-directory/shared/public-api'
import { type ImmediateAnswer, peerAddress } from '@mcp-directory/shared/runtime'
import { type Upstream, UpstreamError } from '@mcp-directory/shared/upstream'
import { CORS_HEADERS, clientAddress, isRegistryPath, REGISTRY_CORS, stripHeaders, withGatewayHeaders } from './headers'
import { pageError, wantsPage } from './page-errors'
import { listingOf } from './paths'
import type { createBearerAuth } from './plugins/auth'
import type { CacheEntry, MicroCache } from './plugins/micro-cache'
import { storeAnswer } from './plugins/micro-cache-store'
import type { createOperatorAuth } from './plugins/operator-auth'
import type { createRateLimiter, LimitClass, RateDecision } from './plugins/rate-limit'
import type { LimitKind, RouteSpec } from './routes'

/** What every routed request of one gateway shares. */
export interface GatewayContext {
  config: Config
  log: Logger
  upstreams: Partial<Record<ServiceName, Upstream>>
  /** SERVER_SECRET: lets the mcp and web services speak for their end clients (shared/public-api). */
  secret?: string
  limiter: ReturnType<typeof createRateLimiter>
  classes: Record<Exclude<LimitKind, null>, LimitClass>
  cache: MicroCache | null
  bearer: ReturnType<typeof createBearerAuth>
  operator: ReturnType<typeof createOperatorAuth>
  /** Which path segment of each route is its listing id (-1: none), for the micro-cache's drops. */
  idSegments: Map<RouteSpec, number>
  /** Hits of kept answers a service counts (badge impressions), per route, sent in batches. */
  hitReports: Map<RouteSpec, BatchedCounter>
  /** First path segments whose unknown paths keep the API's JSON 404 even for a browser. */
  apiPaths: Set<string>
}

/** An Error object answered by the gateway itself, with CORS and the request id. */
export function fail(
  ctx: GatewayContext,
  status: number,
  code: string,
  message: string,
  requestId: string,
  headers: Record<string, string> = {},
) {
  return errorResponse(status, code, message, ctx.config.publicBaseUrl, {
    headers: { ...CORS_HEADERS, [REQUEST_ID_HEADER]: requestId, ...headers },
  })
}

/** As `fail`; on /v0.1 the gateway's own errors (429, 503, an unknown path's 404) carry the registry's CORS too. */
export function failAt(
  ctx: GatewayContext,
  path: string,
  status: number,
  code: string,
  message: string,
  requestId: string,
  headers: Record<string, string> = {},
) {
  return fail(ctx, status, code, message, requestId, isRegistryPath(path) ? { ...REGISTRY_CORS, ...headers } : headers)
}

/** A service in front of us (mcp, web) names its end client in a signed header; anyone else is known by address. */
export function clientOf(ctx: GatewayContext, request: Request, socketIp: string | undefined): string {
  return (
    (ctx.secret && verifiedOnBehalfOf(request.headers, ctx.secret)) ||
    clientAddress(request, socketIp, ctx.config.trustProxyHops)
  )
}

/** The answer when the service did not answer: a body too slow (408), no answer in time (504), unreachable (503). */
function upstreamFailure(ctx: GatewayContext, err: unknown, service: ServiceName, requestId: string): Response {
  const noStore = { 'cache-control': 'no-store' }
  if (err instanceof UpstreamError && err.kind === 'body_timeout') {
    ctx.log.warn({ requestId, service }, 'request body too slow')
    const headers = { connection: 'close', ...noStore }
    return fail(ctx, 408, 'request_timeout', 'The request body did not arrive in time', requestId, headers)
  }
  if (err instanceof UpstreamError && err.kind === 'timeout') {
    ctx.log.warn({ requestId, service }, 'upstream timeout')
    return fail(ctx, 504, 'gateway_timeout', `The ${service} service did not answer in time`, requestId, noStore)
  }
  ctx.log.warn({ requestId, service, err: String(err) }, 'upstream unreachable')
  const message = `The ${service} service is unreachable; try again shortly`
  return fail(ctx, 503, 'service_unavailable', message, requestId, { 'retry-after': '1', ...noStore })
}

/** This client's rate-limit headers after a decision. */
const limitHeadersOf = (d: RateDecision): Record<string, string> => ({
  'ratelimit-limit': String(d.limit),
  'ratelimit-remaining': String(d.remaining),
  'ratelimit-reset': String(d.resetSeconds),
})

/** Counts the request against its route's limit: this client's rate-limit headers, or the 429 to send. */
export async function countRequest(
  ctx: GatewayContext,
  route: RouteSpec,
  request: Request,
  client: string,
  requestId: string,
): Promise<Response | { limitHeaders: Record<string, string>; precharged: boolean; limit: LimitKind }> {
  const limit = route.limitOf ? await route.limitOf(request) : route.limit
  // The one read an MCP tool call makes was paid for with the MCP request (shared/public-api); writes never are.
  const precharged =
    limit === 'read' && !!ctx.secret && verifiedPrecharge(request.headers, ctx.secret, client, requestId)
  if (!limit || precharged) return { limitHeaders: {}, precharged, limit }
  const d = await ctx.limiter.check(ctx.classes[limit], client)
  const limitHeaders = limitHeadersOf(d)
  if (d.allowed) return { limitHeaders, precharged, limit }
  rateLimitRejected(limit)
  const headers = { ...limitHeaders, 'retry-after': String(d.resetSeconds), 'cache-control': 'no-store' }
  const message = `Rate limit of ${d.limit} requests exceeded; retry in ${d.resetSeconds} s`
  if (wantsPage(request, route, ctx.apiPaths))
    return pageError(429, 'Too many requests', message, { ...headers, [REQUEST_ID_HEADER]: requestId })
  return failAt(ctx, new URL(request.url).pathname, 429, 'rate_limited', message, requestId, headers)
}

/** One log line per request; the id ties it to the service's own log lines. */
function logRequest(ctx: GatewayContext, request: Request, fields: Record<string, unknown>) {
  if (!ctx.log.isLevelEnabled('info')) return
  ctx.log.info({ method: request.method, path: new URL(request.url).pathname, ...fields }, 'request')
}

/** A kept answer, after the client's rate limit was counted (so its headers are this client's own). */
export async function answerFromCache(
  ctx: GatewayContext,
  entry: CacheEntry,
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
    const admitted = await countRequest(ctx, entry.route, request, client(), requestId)
    if (admitted instanceof Response) return admitted
    limitHeaders = admitted.limitHeaders
  }
  return sendKept(ctx, entry, request, { ...limitHeaders, [REQUEST_ID_HEADER]: requestId }, client)
}

/** A kept answer sent: its hit reported to the service that counts them (badge impressions), logged, answered. */
function sendKept(
  ctx: GatewayContext,
  entry: CacheEntry,
  request: Request,
  headers: Record<string, string>,
  client: () => string,
): Response {
  if (entry.listing !== null) ctx.hitReports.get(entry.route)?.count(entry.listing)
  if (ctx.log.isLevelEnabled('info'))
    logRequest(ctx, request, {
      requestId: headers[REQUEST_ID_HEADER],
      status: entry.status,
      service: entry.route.service,
      client: client(),
      cache: 'hit',
    })
  return ctx.cache!.respond(entry, request, headers)
}

/**
 * A kept answer given without awaiting anything, when nothing about it needs to wait: its route is not limited, or
 * the client's count is decided here and within the limit (rate-limit.ts `checkNow`). Null otherwise (no kept
 * answer, a precharged MCP read, near or over the limit): then `answerFromCache` or `forward` decides.
 */
export function answerKeptNow(ctx: GatewayContext, request: Request): ImmediateAnswer | null {
  const entry = ctx.cache?.peek(request)
  if (!entry) return null
  const { route } = entry
  let headers: Record<string, string> = {}
  let client: string | undefined
  if (route.limit !== null) {
    if (request.headers.has(PRECHARGED_HEADER)) return null
    client = clientOf(ctx, request, peerAddress(request))
    const d = ctx.limiter.checkNow(ctx.classes[route.limit], client)
    if (!d) return null
    headers = limitHeadersOf(d)
  }
  cacheLookup('gateway', true)
  headers[REQUEST_ID_HEADER] = requestIdFrom(request.headers)
  const clientNow = () => client ?? clientOf(ctx, request, peerAddress(request))
  return { response: sendKept(ctx, entry, request, headers, clientNow), route: route.path }
}

/** The operator's token, checked before anything else of an operator route: null when it passes. */
async function refuseOperator(ctx: GatewayContext, request: Request, client: string, requestId: string) {
  const path = new URL(request.url).pathname
  const outcome = await ctx.operator.authenticate(request, { client, method: request.method, path, requestId })
  if (outcome.ok) return null
  if (outcome.status === 429) {
    rateLimitRejected('operator')
    const wait = String(outcome.retryAfterSeconds)
    const message = `Too many failed operator authentications from this client; retry in ${wait} s`
    return fail(ctx, 429, 'rate_limited', message, requestId, { 'retry-after': wait, 'cache-control': 'no-store' })
  }
  return fail(ctx, 401, 'unauthorized', 'Operator authentication required', requestId, {
    'www-authenticate': 'Bearer realm="operator"',
  })
}

/**
 * The request as it is forwarded, its headers edited in place (building a copy of every request costs more than
 * the whole rest of the gateway's work): the request id, the client, the verified agent (client-sent x-directory-*
 * headers were stripped), a precharge proof for the one read an MCP tool call makes, X-Forwarded-For.
 */
function prepareForwarded(
  ctx: GatewayContext,
  route: RouteSpec,
  request: Request,
  fields: {
    client: string
    requestId: string
    identity: Record<string, string>
    precharged: boolean
    limit: LimitKind
  },
): Request {
  const { client, requestId, identity, precharged, limit } = fields
  const priorForwardedFor = request.headers.get('x-forwarded-for')
  const headers = stripHeaders(request.headers, ['host'])
  headers.set(REQUEST_ID_HEADER, requestId)
  headers.set(CLIENT_IP_HEADER, client)
  // Only a request charged a read pays for its service's read (an MCP discovery message is charged less).
  if (route.coversOneRead && limit === 'read' && !precharged && ctx.secret) {
    const timeoutMs = route.timeoutMs ?? ctx.config.upstreamTimeoutMs
    headers.set(PRECHARGED_HEADER, prechargeProof(ctx.secret, client, requestId, timeoutMs))
  }
  for (const [k, v] of Object.entries(identity)) headers.set(k, v)
  const trusted = priorForwardedFor && ctx.config.trustProxyHops > 0
  headers.set('x-forwarded-for', trusted ? `${priorForwardedFor}, ${client}` : client)
  return request
}

/** The service's response goes back as it is, its headers edited in place (a copy only when they are frozen). */
function ownedResponse(res: Response): Response {
  try {
    stripHeaders(res.headers)
    return res
  } catch {
    const headers = stripHeaders(new Headers(res.headers))
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }
}

/** A Bearer token shaped like a registry token (a JWT: three dot-separated parts), not an agent token. */
const isRegistryToken = (request: Request) =>
  /^Bearer\s+[\w-]+\.[\w-]+\.[\w-]+\s*$/i.test(request.headers.get('authorization') ?? '')

/** Forwards one routed request to its service through every check of the gateway. */
export async function forward(
  ctx: GatewayContext,
  route: RouteSpec,
  request: Request,
  socketIp: string | undefined,
): Promise<Response> {
  const requestId = requestIdFrom(request.headers)
  const client = clientOf(ctx, request, socketIp)
  if (route.auth === 'operator') {
    const refused = await refuseOperator(ctx, request, client, requestId)
    if (refused) return refused
  }
  const admitted = await countRequest(ctx, route, request, client, requestId)
  if (admitted instanceof Response) return admitted
  const { limitHeaders, precharged, limit } = admitted
  // After the rate limit, so a flood of guessed tokens is limited before it costs a look-up.
  let identity: Record<string, string> = {}
  let tokenHash: string | null = null
  if (route.auth === 'bearer' && !(route.registryTokens && isRegistryToken(request))) {
    const outcome = await ctx.bearer.authenticate(request, route.scope ?? null)
    if (!outcome.ok) return fail(ctx, outcome.status, outcome.code, outcome.message, requestId, outcome.headers)
    identity = outcome.headers
    tokenHash = outcome.tokenHash
  }
  const upstream = ctx.upstreams[route.service]
  if (!upstream) return fail(ctx, 503, 'service_unavailable', `The ${route.service} service is not deployed`, requestId)

  // Public answers that said they may be kept, after this client's rate limit was counted (its headers are its own).
  const cache = ctx.cache
  const cacheable = cache !== null && route.method === 'GET' && route.auth === null && !precharged
  const kept = cacheable ? cache.lookUp(request) : null
  if (kept) return answerFromCache(ctx, kept, request, client, requestId, limitHeaders)
  const generation = cache?.generation ?? 0

  const forwarded = prepareForwarded(ctx, route, request, { client, requestId, identity, precharged, limit })
  let res: Response
  try {
    res = await upstream.fetch(forwarded, route.timeoutMs ?? ctx.config.upstreamTimeoutMs)
  } catch (err) {
    return upstreamFailure(ctx, err, route.service, requestId)
  }
  // A token this gateway saw revoked is forgotten at once; other replicas drop it on the token.revoked event.
  if (tokenHash && route.revokesToken && res.status === 200) await ctx.bearer.forget(tokenHash)
  const listing =
    cache && (cacheable || route.changesListings) ? listingOf(request.url, ctx.idSegments.get(route) ?? -1) : null
  // A change of what listing answers say drops them here at once (see RouteSpec.changesListings); no other write
  // does, so nobody can empty the cache at will.
  if (cache && route.changesListings && res.ok) {
    if (listing) cache.drop([listing])
    else cache.clear()
  }
  let out = ownedResponse(res)
  if (cacheable) out = await storeAnswer(cache, request, out, generation, { route, listing })
  logRequest(ctx, request, { requestId, status: res.status, service: route.service, client })
  return withGatewayHeaders(out, limitHeaders, requestId)
}
