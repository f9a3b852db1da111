// The error answers the gateway gives itself, as Error objects with CORS and the request id: a refused request,
// a service that did not answer.
import type { ServiceName } from '@mcp-directory/shared/config'
import { errorResponse } from '@mcp-directory/shared/errors'
import { REQUEST_ID_HEADER } from '@mcp-directory/shared/log'
import { UpstreamError } from '@mcp-directory/shared/upstream'
import type { GatewayContext } from './context'
import { CORS_HEADERS, isRegistryPath, REGISTRY_CORS } from './headers'

/** The answers `fail` made: an MCP message's refusal is told from the service's own answer by this (mcp-refusal.ts). */
const ownAnswers = new WeakSet<Response>()

/** Whether the gateway answered this itself (a refusal or a failure to reach the service), not the service. */
export const isOwnAnswer = (res: Response) => ownAnswers.has(res)

/** An Error object answered by the gateway itself, with CORS and the request id. */
export function fail(
  ctx: GatewayContext,
  status: number,
  code: string,
  message: string,
  requestId: string,
  headers: Record<string, string> = {},
) {
  const res = errorResponse(status, code, message, ctx.config.publicBaseUrl, {
    headers: { ...CORS_HEADERS, [REQUEST_ID_HEADER]: requestId, ...headers },
  })
  ownAnswers.add(res)
  return res
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

/** The answer when the service did not answer: a body too slow (408), no answer in time (504), unreachable (503). */
export function upstreamFailure(ctx: GatewayContext, err: unknown, service: ServiceName, requestId: string): Response {
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
