// The headers the gateway edits: what it strips before forwarding and answering, the CORS it adds, and which client
// a request comes from.
import { isIP } from 'node:net'
import { REQUEST_ID_HEADER } from '@mcp-directory/shared/log'
import { NOSNIFF } from '@mcp-directory/shared/text'

// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and must not be forwarded.
export const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]
// Headers only the gateway may set; a client sending them is ignored.
export const INTERNAL_PREFIX = 'x-directory-'

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id, ETag, WWW-Authenticate',
}
// The registry API (/v0.1) answers CORS as the official registry does: reads only, these two request headers.
export const REGISTRY_PREFIX = '/v0.1/'
export const REGISTRY_CORS = {
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type',
}
export const isRegistryPath = (path: string) => path.startsWith(REGISTRY_PREFIX) || path === '/v0.1'

/** The header names the Connection header lists: hop-by-hop too, so never forwarded. */
export function connectionListed(h: Headers): string[] {
  return (h.get('connection') ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
}

/** Removes hop-by-hop headers, those the Connection header lists, `extra`, and every internal header, in place. */
export function stripHeaders(h: Headers, extra: string[] = []): Headers {
  for (const name of [...HOP_BY_HOP, ...connectionListed(h), ...extra]) h.delete(name)
  for (const k of [...h.keys()]) if (k.startsWith(INTERNAL_PREFIX)) h.delete(k)
  return h
}

/**
 * The address of one X-Forwarded-For hop, or null when it names none. Some proxies write the client's source port
 * too (`203.0.113.7:40001`, `[2001:db8::1]:40001`): it is dropped, since a port is new with every connection and
 * would make each one a client of its own.
 */
function hopAddress(hop: string): string | null {
  const m = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(hop) ?? /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(hop)
  const address = m ? m[1]! : hop
  return isIP(address) ? address : null
}

/** Which client sent the request: the socket address, or the trusted X-Forwarded-For hop behind our proxies. */
export function clientAddress(request: Request, socketIp: string | undefined, trustHops: number): string {
  if (trustHops > 0) {
    const chain = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    const candidate = chain[chain.length - trustHops]
    const address = candidate && candidate.length <= 64 ? hopAddress(candidate) : null
    if (address) return address
  }
  return socketIp ?? 'local'
}

/** The gateway's own headers on an answer: CORS, this client's rate limit, the request id. */
export function withGatewayHeaders(out: Response, limitHeaders: Record<string, string>, requestId: string): Response {
  for (const k in CORS_HEADERS) out.headers.set(k, CORS_HEADERS[k as keyof typeof CORS_HEADERS])
  for (const k in limitHeaders) out.headers.set(k, limitHeaders[k]!)
  // Every text answer (Markdown, llms.txt, pages) is final as typed, whichever service forgot to say so.
  if (/^text\//i.test(out.headers.get('content-type') ?? ''))
    for (const k in NOSNIFF) out.headers.set(k, NOSNIFF[k as keyof typeof NOSNIFF])
  out.headers.set(REQUEST_ID_HEADER, requestId)
  return out
}
