// The gateway's own refusals of an MCP message (a spent rate limit, a Bearer refusal, a service that did not
// answer) as JSON-RPC errors, so an MCP client reads them as it reads any error of the endpoint: the status and
// headers (Retry-After, RateLimit-*) stay, the body is a JSON-RPC response whose `error.data` is the Error object
// the REST API would have answered, with the wait in seconds when there is one.
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { peekMessage } from './mcp-pricing'

/**
 * The code of a refusal: application-defined, outside JSON-RPC's reserved -32768..-32000 (MCP reserves part of it
 * and asks new codes to stay out of it), derived from the HTTP status: -31000 minus the status (429 → -31429).
 */
export const refusalCode = (status: number) => -31000 - status

/** The id of the refused message when it can be read (one message, a small body not yet sent on); else null. */
async function idOf(request: Request): Promise<string | number | null> {
  const message = (await peekMessage(request)) as { id?: unknown } | null
  if (!message || typeof message !== 'object' || Array.isArray(message)) return null
  const { id } = message
  return typeof id === 'string' || typeof id === 'number' ? id : null
}

/** A refusal the gateway answered itself (an Error object), as the JSON-RPC error of the message it refuses. */
export async function mcpRefusal(request: Request, res: Response): Promise<Response> {
  const body = (await res.json().catch(() => null)) as ErrorBody | null
  const message = body?.message ?? res.statusText ?? 'Request refused'
  const retryAfter = Number(res.headers.get('retry-after') ?? Number.NaN)
  const data = {
    ...(body ?? { error: 'refused', message, status: res.status }),
    ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
  }
  const headers = new Headers(res.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  const error = { code: refusalCode(res.status), message, data }
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: await idOf(request), error }), {
    status: res.status,
    headers,
  })
}
