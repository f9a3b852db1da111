// Compressed answers: the gateway sends a GET's text answer (HTML, JSON, Markdown, SVG badges) brotli- or
// gzip-coded to a client whose Accept-Encoding takes it, with `Vary: Accept-Encoding` on every answer that could be
// coded. Never coded: an answer shorter than MIN_BYTES (unless the client refuses identity), one longer than
// MAX_BYTES (it streams as it comes), an event stream (it must flow), an answer already coded or marked
// `no-transform`, 206/204/304, and anything but a GET's (a HEAD's has no body; a POST's is a write's, or an MCP
// call's stream). The micro-cache keeps one coded copy of a stored answer per coding (MicroCache.respond), so a
// cache hit is never compressed again. When the client takes both codings alike, a kept copy is br (made once, the
// smallest) and an answer coded as it passes is gzip (made for each answer: about 3× cheaper, within 20% of br's size).
import { brotliCompressSync, constants } from 'node:zlib'
import { failing, readUpTo, restOf } from '@mcp-directory/shared/runtime'

export type Encoding = 'br' | 'gzip'

/** Shorter answers go as they are: a coding's headers and work cost more than the bytes saved. */
export const MIN_BYTES = 1024
/** Longer answers (none the services send today) stream as they come, uncoded. */
export const MAX_BYTES = 256 * 1024
// Fast levels. Measured on the all-in-one's home page (35 KiB) and a search (6.5 KiB): brotli 4 about 190 and
// 50 µs, to 4.4 and 1.1 KiB (3 was no faster and larger than gzip; 5 costs more again); gzip 2 about 55 and 15 µs,
// to 5.2 and 1.2 KiB (gzip 4: 100 and 20 µs for 8% fewer bytes). Every answer coded as it passes pays this.
const BROTLI_QUALITY = 4
const GZIP_LEVEL = 2

/** Media types worth coding: text, JSON, XML, JavaScript, SVG; never an event stream. */
const CODED_TYPES =
  /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.-]+\+json|[\w.-]+\+xml)\b|image\/svg\+xml)/i

/** Whether answers of this type are coded (their answers then carry `Vary: Accept-Encoding`). */
export const codedType = (contentType: string | null) => contentType !== null && CODED_TYPES.test(contentType)

/** What a client's Accept-Encoding asks for: the coding to use (or null) and whether identity is refused. */
export interface Negotiated {
  /** The coding of a copy made once and kept (the micro-cache's): the higher q, br on a tie (smallest). */
  encoding: Encoding | null
  /** The coding of an answer coded as it passes: the higher q, gzip on a tie (about 3× cheaper, within 20% of br). */
  fastEncoding: Encoding | null
  identityRefused: boolean
}

const NONE: Negotiated = { encoding: null, fastEncoding: null, identityRefused: false }
// Clients send a handful of Accept-Encoding values: each is read once (bounded, since clients choose them).
const negotiated = new Map<string, Negotiated>()

/** The codings for an Accept-Encoding value (RFC 9110 §12.5.3): the highest q above 0 (see Negotiated on a tie). */
export function negotiate(accept: string | null): Negotiated {
  if (!accept) return NONE
  const known = negotiated.get(accept)
  if (known) return known
  const out = readAcceptEncoding(accept)
  if (negotiated.size >= 128) negotiated.clear()
  negotiated.set(accept, out)
  return out
}

function readAcceptEncoding(accept: string): Negotiated {
  const q = new Map<string, number>()
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim())
    if (!name) continue
    let weight = 1
    for (const p of params) {
      const m = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(p)
      if (m) weight = Number(m[1])
      else if (/^q\s*=/.test(p)) weight = 0
    }
    q.set(name, Math.min(1, weight))
  }
  const star = q.get('*')
  const br = q.get('br') ?? star ?? 0
  const gzip = q.get('gzip') ?? q.get('x-gzip') ?? star ?? 0
  const identityRefused = (q.get('identity') ?? (star === 0 ? 0 : 1)) === 0
  if (br <= 0 && gzip <= 0) return { ...NONE, identityRefused }
  return { encoding: br >= gzip ? 'br' : 'gzip', fastEncoding: br > gzip ? 'br' : 'gzip', identityRefused }
}

/** The body coded; brotli's window fitted to the body, which halves its set-up for a small answer. */
export function encode(body: Uint8Array, encoding: Encoding): Uint8Array {
  // Bun's own gzip (libdeflate) codes the same bytes about a quarter faster than node:zlib's.
  if (encoding === 'gzip') return Bun.gzipSync(body as Uint8Array<ArrayBuffer>, { level: GZIP_LEVEL })
  const lgwin = Math.min(24, Math.max(10, Math.ceil(Math.log2(body.byteLength + 1))))
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: lgwin,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  })
}

/** Adds Accept-Encoding to the answer's Vary, in place. */
export function varyOnEncoding(h: Headers): Headers {
  const vary = h.get('vary')
  if (!vary) h.set('vary', 'Accept-Encoding')
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(vary)) h.set('vary', `${vary}, Accept-Encoding`)
  return h
}

/**
 * The headers of a coded answer, from those of the answer it codes: its coding, its length, Vary, and its ETag
 * made weak (another representation has another strong validator; every service compares If-None-Match weakly).
 */
export function codedHeaders(h: Headers, encoding: Encoding, length?: number): Headers {
  const out = varyOnEncoding(new Headers(h))
  out.set('content-encoding', encoding)
  if (length !== undefined) out.set('content-length', String(length))
  const etag = out.get('etag')
  if (etag && !etag.startsWith('W/')) out.set('etag', `W/${etag}`)
  return out
}

/** Whether answers with these headers may be coded: a coded type, not coded yet, no `no-transform`. */
export const codableHeaders = (h: Headers) =>
  !h.has('content-encoding') && codedType(h.get('content-type')) && !/no-transform/i.test(h.get('cache-control') ?? '')

// An answer that already varies on Accept-Encoding was negotiated already (a micro-cache answer, or a service's own).
const negotiatedAlready = (h: Headers) => /accept-encoding/i.test(h.get('vary') ?? '')

/** Whether an answer may be coded at all (its request aside). */
function codable(res: Response): boolean {
  if (res.body === null || res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304)
    return false
  return codableHeaders(res.headers) && !negotiatedAlready(res.headers)
}

/**
 * The answer as this client gets it: coded when it may be and the client takes a coding, else as it is (with
 * `Vary: Accept-Encoding` when it could have been coded). Reads a body up to MAX_BYTES; a longer one, or one that
 * fails while it is read, goes on as it came.
 */
export async function compressed(request: Request, res: Response): Promise<Response> {
  if (request.method !== 'GET' || !codable(res)) return res
  const { fastEncoding: encoding, identityRefused } = negotiate(request.headers.get('accept-encoding'))
  const declared = res.headers.get('content-length')
  const length = declared === null ? null : Number(declared)
  const min = identityRefused ? 1 : MIN_BYTES
  if (encoding === null || (length !== null && (length < min || length > MAX_BYTES))) return asIs(res)
  const body = length === null ? await bodyUpTo(res, MAX_BYTES) : await wholeBody(res)
  if (body instanceof Response || body.byteLength < min) return asIs(body instanceof Response ? body : again(res, body))
  const coded = encode(body, encoding)
  const init = { status: res.status, statusText: res.statusText }
  return new Response(coded, { ...init, headers: codedHeaders(res.headers, encoding, coded.byteLength) })
}

/** The answer as it is, Vary set (its headers copied when they are frozen). */
function asIs(res: Response): Response {
  try {
    varyOnEncoding(res.headers)
    return res
  } catch {
    const init = { status: res.status, statusText: res.statusText }
    return new Response(res.body, { ...init, headers: varyOnEncoding(new Headers(res.headers)) })
  }
}

/** The answer again from the bytes read of it. */
const again = (res: Response, body: Uint8Array) =>
  new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })

/** A body of declared length read whole; one that fails while it is read gives the answer cut, as it would be. */
const wholeBody = (res: Response): Promise<Uint8Array | Response> =>
  res.bytes().catch((err) => new Response(failing(err), init(res)))

/** The body read whole when it ends within `max` bytes; else the answer again, what was read first then the rest. */
async function bodyUpTo(res: Response, max: number): Promise<Uint8Array | Response> {
  const read = await readUpTo(res.body!, max)
  return 'whole' in read ? read.whole : new Response(restOf(read), init(res))
}

const init = (res: Response) => ({ status: res.status, statusText: res.statusText, headers: res.headers })
