// Who sent a request, and the checks it passes before the gateway answers it or forwards it: the operator token,
// the rate limit, the agent's Bearer token. Each check gives what the next steps need, or the refusal to send.
import { REQUEST_ID_HEADER, requestIdFrom } from '@mcp-directory/shared/log'
import { rateLimitRejected } from '@mcp-directory/shared/metrics'
import { verifiedOnBehalfOf, verifiedPrecharge } from '@mcp-directory/shared/public-api'
import { peerAddress } from '@mcp-directory/shared/runtime'
import type { GatewayContext } from './context'
import { clientAddress } from './headers'
import { fail, failAt } from './own-errors'
import { pageError, wantsPage } from './page-errors'
import type { RateDecision } from './plugins/rate-limit'
import type { LimitKind, RouteSpec } from './routes'

/**
 * One request as the steps see it: its id, who sent it and its path, each worked out once and only if a step asks
 * (a cache hit of an unlimited route asks for its client only for its log line), so no step parses the URL again.
 */
export class RequestFacts {
  private id: string | undefined
  private sender: string | undefined
  private pathname: string | undefined

  constructor(
    private readonly ctx: GatewayContext,
    readonly request: Request,
  ) {}

  get requestId(): string {
    this.id ??= requestIdFrom(this.request.headers)
    return this.id
  }

  /** A service in front of us (mcp, web) names its end client in a signed header; anyone else is known by address. */
  get client(): string {
    this.sender ??=
      (this.ctx.secret && verifiedOnBehalfOf(this.request.headers, this.ctx.secret)) ||
      clientAddress(this.request, peerAddress(this.request), this.ctx.config.trustProxyHops)
    return this.sender
  }

  get path(): string {
    this.pathname ??= new URL(this.request.url).pathname
    return this.pathname
  }
}

/** Operator routes: the operator's token, checked before anything else; null when it passes or is not asked. */
export async function checkOperator(
  ctx: GatewayContext,
  route: RouteSpec,
  asked: RequestFacts,
): Promise<Response | null> {
  if (route.auth !== 'operator') return null
  const { request, requestId } = asked
  const outcome = await ctx.operator.authenticate(request, {
    client: asked.client,
    method: request.method,
    path: asked.path,
    requestId,
  })
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

/** This client's rate-limit headers after a decision. */
export const limitHeadersOf = (d: RateDecision): Record<string, string> => ({
  'ratelimit-limit': String(d.limit),
  'ratelimit-remaining': String(d.remaining),
  'ratelimit-reset': String(d.resetSeconds),
})

/** A request within its limit. */
export interface Admitted {
  /** This client's rate-limit headers (none when the request was not counted). */
  limitHeaders: Record<string, string>
  /** The class the request was charged. */
  limit: LimitKind
  /** The read carries a valid precharge proof: the MCP tool call that makes it already paid for it. */
  alreadyPaid: boolean
}

/** Counts the request against its route's limit: what the next steps need, or the 429 to send. */
export async function checkRateLimit(
  ctx: GatewayContext,
  route: RouteSpec,
  asked: RequestFacts,
): Promise<Response | Admitted> {
  const { request, requestId } = asked
  const limit = route.limitOf ? await route.limitOf(request) : route.limit
  // The one read an MCP tool call makes was paid for with the MCP request (shared/public-api); writes never are.
  const alreadyPaid =
    limit === 'read' && !!ctx.secret && verifiedPrecharge(request.headers, ctx.secret, asked.client, requestId)
  if (!limit || alreadyPaid) return { limitHeaders: {}, limit, alreadyPaid }
  // A write is refused first when this client's failed writes spent their own bound (settleWrite counts them).
  if (limit === 'write') {
    const failed = ctx.limiter.peek(ctx.writeFailures, asked.client)
    if (!failed.allowed) return refusal(ctx, route, asked, failed, `${failed.limit} failed writes`, 'write_failed')
  }
  const d = await ctx.limiter.check(ctx.classes[limit], asked.client)
  const limitHeaders = limitHeadersOf(d)
  if (d.allowed) return { limitHeaders, limit, alreadyPaid }
  return refusal(ctx, route, asked, d, `${d.limit} requests`, limit)
}

/** The 429 of a spent limit: the page of a browser's page request, else the Error object. */
function refusal(
  ctx: GatewayContext,
  route: RouteSpec,
  asked: RequestFacts,
  d: RateDecision,
  what: string,
  kind: string,
) {
  const { request, requestId } = asked
  rateLimitRejected(kind)
  const headers = { ...limitHeadersOf(d), 'retry-after': String(d.resetSeconds), 'cache-control': 'no-store' }
  const message = `Rate limit of ${what} exceeded; retry in ${d.resetSeconds} s`
  if (wantsPage(request, route, ctx.apiPaths))
    return pageError(429, 'Too many requests', message, { ...headers, [REQUEST_ID_HEADER]: requestId })
  return failAt(ctx, asked.path, 429, 'rate_limited', message, requestId, headers)
}

/**
 * A write's answer settles what it counted: admitted, it took one of the client's writes (RATE_LIMIT_WRITE_PER_HOUR,
 * so concurrent writes cannot pass the limit together); answered with success it keeps it, refused (4xx, or a 5xx)
 * it gives it back and counts one failed write instead, against the looser RATE_LIMIT_WRITE_FAILURES_PER_HOUR, so a
 * publisher who got a field wrong a few times is not locked out, while a flood of failures is still bounded. The
 * answer's RateLimit headers are the write limit's after the settling.
 */
export async function settleWrite(ctx: GatewayContext, asked: RequestFacts, res: Response): Promise<Response> {
  if (res.status < 400) return res
  const write = ctx.classes.write
  ctx.limiter.refund(write, asked.client)
  await ctx.limiter.check(ctx.writeFailures, asked.client)
  const headers = limitHeadersOf(ctx.limiter.peek(write, asked.client))
  for (const k in headers) res.headers.set(k, headers[k]!)
  return res
}

/** The agent a Bearer check verified: the headers that name it to the service, and its token (hash and id). */
export interface Agent {
  identity: Record<string, string>
  token: { hash: string; id: string } | null
}

/** A Bearer token shaped like a registry token (a JWT: three dot-separated parts), not an agent token. */
const isRegistryToken = (request: Request) =>
  /^Bearer\s+[\w-]+\.[\w-]+\.[\w-]+\s*$/i.test(request.headers.get('authorization') ?? '')

/**
 * Bearer routes: the agent token and the route's scope. A registry token on a route that takes one is passed on
 * unchecked (its service verifies it); any other route has no agent.
 */
export async function checkBearer(
  ctx: GatewayContext,
  route: RouteSpec,
  asked: RequestFacts,
): Promise<Response | Agent> {
  const { request } = asked
  if (route.auth !== 'bearer' || (route.registryTokens && isRegistryToken(request)))
    return { identity: {}, token: null }
  const outcome = await ctx.bearer.authenticate(request, route.scope ?? null)
  if (!outcome.ok) return fail(ctx, outcome.status, outcome.code, outcome.message, asked.requestId, outcome.headers)
  return { identity: outcome.headers, token: outcome.token }
}
