// The forward step: the request as its service receives it (the gateway's headers set, hop-by-hop and client-sent
// internal headers stripped), sent within the route's timeout, and the service's answer with its own stripped.
import { forwardedHeaders, PRECHARGED_HEADER, prechargeProof } from '@mcp-directory/shared/public-api'
import type { Upstream } from '@mcp-directory/shared/upstream'
import type { GatewayContext } from './context'
import { stripHeaders } from './headers'
import { upstreamFailure } from './own-errors'
import type { LimitKind, RouteSpec } from './routes'

/** What the earlier steps tell the service about the request. */
export interface ForwardFields {
  client: string
  requestId: string
  /** The verified agent's headers (none unless a Bearer check passed). */
  identity: Record<string, string>
  /** The class the request was charged, and whether its read was already paid (checks.ts). */
  limit: LimitKind
  alreadyPaid: boolean
}

/**
 * The request as it is forwarded, its headers edited in place (building a copy of every request costs more than
 * the whole rest of the gateway's work): the request id, the client, the verified agent (client-sent x-directory-*
 * headers were stripped), a precharge proof, X-Forwarded-For.
 */
function prepareForwarded(ctx: GatewayContext, route: RouteSpec, request: Request, fields: ForwardFields): Request {
  const { client, requestId, identity, alreadyPaid, limit } = fields
  const priorForwardedFor = request.headers.get('x-forwarded-for')
  const headers = stripHeaders(request.headers, ['host'])
  const trusted = priorForwardedFor && ctx.config.trustProxyHops > 0
  const forwarded = forwardedHeaders(requestId, client, trusted ? `${priorForwardedFor}, ${client}` : client)
  for (const [k, v] of Object.entries(forwarded)) headers.set(k, v)
  // The precharge proof tells the MCP service that the one public read it makes for this call is already paid;
  // only a request charged a read pays for it (an MCP discovery message is charged less).
  if (route.coversOneRead && limit === 'read' && !alreadyPaid && ctx.secret) {
    const timeoutMs = route.timeoutMs ?? ctx.config.upstreamTimeoutMs
    headers.set(PRECHARGED_HEADER, prechargeProof(ctx.secret, client, requestId, timeoutMs))
  }
  for (const [k, v] of Object.entries(identity)) headers.set(k, v)
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

/** Sends the request to its service: the service's answer, or the gateway's 408, 503 or 504 when it gave none. */
export async function forwardToService(
  ctx: GatewayContext,
  route: RouteSpec,
  upstream: Upstream,
  request: Request,
  fields: ForwardFields,
): Promise<{ reached: boolean; res: Response }> {
  const forwarded = prepareForwarded(ctx, route, request, fields)
  let res: Response
  try {
    res = await upstream.fetch(forwarded, route.timeoutMs ?? ctx.config.upstreamTimeoutMs)
  } catch (err) {
    return { reached: false, res: upstreamFailure(ctx, err, route.service, fields.requestId) }
  }
  return { reached: true, res: ownedResponse(res) }
}
