/** Small HTTP helpers every service uses: JSON responses, body reading with a size bound, operator auth. */
import { timingSafeEqual } from 'node:crypto'
import { isIPv6 } from 'node:net'
import { AppError } from '../errors'
import { type Removed, removedAny, storableValue } from '../text/storable'
import { MAX_JSON_DEPTH, nestsDeeperThan } from './depth'

export { MAX_JSON_DEPTH, nestsDeeperThan } from './depth'

/** A JSON response with the right content type. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  })
}

/** Reads a stream of at most `maxBytes`; null when it is longer (the rest is not read, the stream is cancelled). */
export async function readStreamUpTo(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const reader = body?.getReader()
  if (!reader) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** Reads a body of at most `maxBytes`, announced or streamed; null when it is larger (the rest is not read). */
export async function readBodyUpTo(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes) return null
  return readStreamUpTo(request.body, maxBytes)
}

/**
 * Reads a JSON body: 400 `bad_request` for another content type or malformed JSON, 413 past `maxBytes`, 400
 * `invalid_body` for a body nested deeper than MAX_JSON_DEPTH (checked on the text, before anything parses it).
 * Every string of the body comes back without NUL and lone surrogates (`storableValue`); `onCleaned` is told
 * what was removed, so the boundary can note it.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  onCleaned?: (removed: Removed) => void,
): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(type))
    throw new AppError(400, 'bad_request', 'Send the body as JSON with Content-Type: application/json')
  if (!request.body) throw new AppError(400, 'bad_request', 'The request has no body')
  const body = await readBodyUpTo(request, maxBytes)
  if (body === null) throw new AppError(413, 'payload_too_large', `The body must be at most ${maxBytes} bytes`)
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body)
  if (nestsDeeperThan(text))
    throw new AppError(400, 'invalid_body', `The body nests deeper than ${MAX_JSON_DEPTH} levels`, [
      { field: 'body', message: `must not nest objects or arrays deeper than ${MAX_JSON_DEPTH} levels` },
    ])
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new AppError(400, 'bad_request', 'The body is not valid JSON')
  }
  // Cleaned once, here where it enters: what PostgreSQL and JSON cannot keep (NUL, lone surrogates) is removed.
  const { value, removed } = storableValue(parsed)
  if (removedAny(removed)) onCleaned?.(removed)
  return value
}

/**
 * A route's `parse` option: its JSON body read by `readJsonBody` (415/413/400 as it says) and handed to the route's
 * body model, which validates it. Routes with a body model use it instead of Elysia's unbounded parser.
 */
export const jsonBody =
  (maxBytes: number, onCleaned?: (removed: Removed) => void) =>
  ({ request }: { request: Request }): Promise<unknown> =>
    readJsonBody(request, maxBytes, onCleaned)

/** Compares two secrets in constant time (length differences leak nothing useful: both are hashed first). */
export function safeEqual(a: string, b: string): boolean {
  const ha = new Bun.CryptoHasher('sha256').update(a).digest()
  const hb = new Bun.CryptoHasher('sha256').update(b).digest()
  return timingSafeEqual(ha, hb)
}

/** The Bearer token of a request, or null. */
export function bearerToken(request: Request): string | null {
  const h = request.headers.get('authorization')
  const m = h?.match(/^Bearer[ ]+([\x21-\x7e]+)\s*$/i)
  return m ? m[1] : null
}

/** Throws 401 unless the request carries the operator token (never says which part was wrong). */
export function requireOperator(request: Request, operatorToken: string): void {
  const token = bearerToken(request)
  if (!token || !safeEqual(token, operatorToken)) {
    throw new AppError(401, 'unauthorized', 'Operator authentication required', undefined, {
      'www-authenticate': 'Bearer realm="operator"',
    })
  }
}

// host[:port] of RFC 9110 §7.2, restricted to what a server can be named by: DNS labels (letters, digits, `-`,
// `_` for container names, an optional final dot) or an IPv4 address, or a bracketed IPv6 address; a port 0-65535.
const HOST_NAME = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}))*\.?$/
const HOST_PORT = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/

/** Whether a Host header names a host (and port) a request URL can be built from. */
export function isValidHostHeader(host: string | null): host is string {
  if (!host || host.length > 261) return false
  const m = HOST_PORT.exec(host)
  if (!m) return false
  const [, name, port] = m
  if (port !== undefined && Number(port) > 65535) return false
  const ok = name!.startsWith('[') ? isIPv6(name!.slice(1, -1)) : name!.length <= 253 && HOST_NAME.test(name!)
  return ok && URL.canParse(`http://${host}/`)
}

/**
 * The part of a client's address that names the client, for per-client counts. An IPv6 host usually holds a whole
 * /64 and can pick any address in it, so an IPv6 client is its /64; an IPv4-mapped IPv6 address is its IPv4 address,
 * however it is written (`::ffff:1.2.3.4`, `::ffff:102:304`, `0:0:0:0:0:ffff:1.2.3.4`), so no spelling counts apart.
 */
export function clientKey(address: string): string {
  if (!isIPv6(address)) return address
  const groups = ipv6Groups(address)
  if (!groups) return address
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.')
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

// The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups, a zone dropped).
function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/%.*$/, '')
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare)
  const text = dotted
    ? `${bare.slice(0, dotted.index)}${((+dotted[1]! << 8) | +dotted[2]!).toString(16)}:${((+dotted[3]! << 8) | +dotted[4]!).toString(16)}`
    : bare
  const [head = '', tail = '', ...more] = text.split('::')
  if (more.length) return null
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = text.includes('::') ? 8 - left.length - right.length : 0
  const groups = [...left, ...Array(Math.max(0, zeros)).fill('0'), ...right].map((g) => Number.parseInt(g, 16))
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null
}
