// The micro-cache's storing rules, in the order they apply: which requests and answers may be cached at all, the
// variant an answer is stored under, the byte budget of one answer, the generation check (no answer fetched across a
// drop), the second ask (MicroCache.admits), and how long it stays fresh. The cache itself (its maps, look-ups and
// drops) is micro-cache.ts.
import {
  codableHeaders,
  codedHeaders,
  type Encoding,
  encode,
  MIN_BYTES,
  negotiate,
  varyOnEncoding,
} from '../compression'
import type { RouteSpec } from '../routes'

/** One form of a stored answer: as the service sent it, or one coded copy of it. */
export interface CachedForm {
  /** The answer's headers with the gateway's constant ones (CORS) already set, ready to copy. */
  headers: Headers
  /** Those a 304 repeats. */
  notModifiedHeaders: Record<string, string>
  /** A Blob, so an answer is sent without copying its bytes. */
  body: Blob
}

/** A stored answer, and the route that answered it (so its rate limit is counted on every hit). */
export interface CacheEntry extends CachedForm {
  route: RouteSpec
  /** The listing the answer is about, or null. */
  listing: string | null
  status: number
  /** Its path and query (the key it is stored under). */
  key: string
  /** The body to code from: kept when its type is coded and it is long enough (compression.ts), else null. */
  bytes: Uint8Array | null
  /** Its coded copies, each made the first time a client takes its coding; null when its type is never coded. */
  coded: Partial<Record<Encoding, CachedForm>> | null
  /** Bytes held: the body and its coded copies. */
  size: number
  etag: string | null
  storedAt: number
  expiresAt: number
  /** The Age the service sent, in seconds. */
  age: number
}

/** What the storing rules ask of the cache itself (MicroCache): its bounds, its generation and its second ask. */
export interface CacheSlots {
  readonly limits: { maxTtlMs: number; maxEntryBytes: number }
  readonly constantHeaders: Record<string, string>
  readonly generation: number
  admits(key: string, variant: string, unlimited: boolean): boolean
  grew(entry: CacheEntry, bytes: number): void
  put(key: string, vary: string[], variant: string, entry: CacheEntry): void
}

/** Whether this request may be answered from, or stored in, the cache: a GET without credentials or a Range. */
export function mayUseCache(request: Request): boolean {
  if (request.method !== 'GET') return false
  const h = request.headers
  return !h.has('authorization') && !h.has('cookie') && !h.has('range')
}

/** Whether the client asks for an answer fresh from the service (no-cache, no-store, max-age=0). */
export function asksForFresh(h: Headers): boolean {
  const cc = h.get('cache-control')
  const pragma = h.get('pragma')
  return (cc !== null && /no-cache|no-store|max-age=0/i.test(cc)) || (pragma !== null && /no-cache/i.test(pragma))
}

/** The cache key: the path and query of the request's URL (already normalised by the server), not parsed again. */
export const cacheKeyOf = (href: string) => href.slice(href.indexOf('/', href.indexOf('//') + 2))

/** The variant key: the values of the request headers the answer varies on. */
export const variantKeyOf = (vary: string[], h: Headers) => vary.map((n) => h.get(n) ?? '').join('\n')

interface CacheControl {
  public: boolean
  maxAge: number | null
  uncacheable: boolean
}

// Services send a handful of Cache-Control values, each with every answer: each is parsed once (bounded, so values
// a service made up cannot grow it).
const PARSED_KEPT = 64
const parsed = new Map<string, CacheControl>()

function parseCacheControl(value: string | null): CacheControl {
  const known = parsed.get(value ?? '')
  if (known) return known
  const out = readCacheControl(value)
  if (parsed.size >= PARSED_KEPT) parsed.clear()
  parsed.set(value ?? '', out)
  return out
}

function readCacheControl(value: string | null): CacheControl {
  const out: CacheControl = { public: false, maxAge: null, uncacheable: false }
  let sMaxAge: number | null = null
  for (const part of (value ?? '').split(',')) {
    const [rawName, rawValue] = part.split('=', 2)
    const name = rawName!.trim().toLowerCase()
    const v = rawValue?.trim().replace(/^"|"$/g, '')
    if (name === 'public') out.public = true
    else if (name === 'private' || name === 'no-store' || name === 'no-cache') out.uncacheable = true
    else if (name === 'max-age' && v && /^\d+$/.test(v)) out.maxAge = Number(v)
    else if (name === 's-maxage' && v && /^\d+$/.test(v)) sMaxAge = Number(v)
  }
  if (sMaxAge !== null) out.maxAge = sMaxAge
  return out
}

/**
 * Cacheability and variants: a 200 marked `public` with a max-age, without `private`, `no-store`, `no-cache`,
 * Set-Cookie or `Vary: *`, gives its max-age and the request headers it varies on; any other answer null.
 */
function cacheableAnswer(res: Response): { maxAge: number; vary: string[] } | null {
  if (res.status !== 200 || res.headers.has('set-cookie')) return null
  const cc = parseCacheControl(res.headers.get('cache-control'))
  if (!cc.public || cc.uncacheable || !cc.maxAge) return null
  const vary = (res.headers.get('vary') ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean)
  if (vary.includes('*')) return null
  // An encoded body is only right for clients that accept that encoding.
  if (res.headers.has('content-encoding') && !vary.includes('accept-encoding')) vary.push('accept-encoding')
  return { maxAge: cc.maxAge, vary }
}

// Headers that belong to one exchange, never to a stored answer: the gateway sets its own on every answer.
const PER_ANSWER = new Set([
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'x-request-id',
  'date',
  'age',
  'set-cookie',
  'content-length',
])
// Headers a 304 repeats from the answer it stands for (RFC 9110 §15.4.5).
const NOT_MODIFIED_HEADERS = new Set(['cache-control', 'content-location', 'etag', 'expires', 'vary'])

/** The entry an answer is stored as, or null when it is already stale (its Age spent its max-age). */
function entryOf(
  cache: CacheSlots,
  res: Response,
  body: Uint8Array,
  maxAge: number,
  about: { route: RouteSpec; listing: string | null; key: string },
): CacheEntry | null {
  const now = Date.now()
  const upstreamAge = Number(res.headers.get('age') ?? '0')
  const age = Number.isFinite(upstreamAge) && upstreamAge > 0 ? Math.floor(upstreamAge) : 0
  const ttlMs = Math.min(maxAge * 1000 - age * 1000, cache.limits.maxTtlMs)
  if (ttlMs <= 0) return null
  const headers: Record<string, string> = {}
  const notModifiedHeaders: Record<string, string> = {}
  res.headers.forEach((v, k) => {
    if (PER_ANSWER.has(k)) return
    headers[k] = v
    if (NOT_MODIFIED_HEADERS.has(k)) notModifiedHeaders[k] = v
  })
  Object.assign(headers, cache.constantHeaders)
  Object.assign(notModifiedHeaders, cache.constantHeaders)
  const identity = { headers: new Headers(headers), notModifiedHeaders, body: new Blob([body]) }
  const codable = codableHeaders(identity.headers)
  // Its answers vary on Accept-Encoding, coded or not; one long enough keeps its bytes to be coded from.
  if (codable) identity.notModifiedHeaders.vary = varyOnEncoding(identity.headers).get('vary')!
  const bytes = codable && body.byteLength >= MIN_BYTES ? body : null
  const coded = codable ? {} : null
  const etag = res.headers.get('etag')
  const times = { storedAt: now, expiresAt: now + ttlMs, age }
  return { ...about, ...identity, ...times, status: res.status, bytes, coded, size: body.byteLength, etag }
}

/** The coded copy of a stored answer: its headers (coding, Vary, weak ETag) and body, what a 304 repeats. */
function codedForm(entry: CacheEntry, bytes: Uint8Array, encoding: Encoding): CachedForm {
  const headers = codedHeaders(entry.headers, encoding)
  const etag = headers.get('etag')
  const notModifiedHeaders = { ...entry.notModifiedHeaders, ...(etag ? { etag } : {}) }
  return { headers, notModifiedHeaders, body: new Blob([encode(bytes, encoding)]) }
}

/**
 * What of a stored answer this request gets: the coded copy its Accept-Encoding takes, or the answer as it is. A
 * copy is made the first time a client takes its coding, and kept with the answer (counted in the cache's bytes),
 * so no later hit compresses anything.
 */
export function formFor(entry: CacheEntry, request: Request, cache: CacheSlots): CachedForm {
  if (entry.bytes === null || entry.coded === null) return entry
  const { encoding } = negotiate(request.headers.get('accept-encoding'))
  if (encoding === null) return entry
  let form = entry.coded[encoding]
  if (!form) {
    form = codedForm(entry, entry.bytes, encoding)
    entry.coded[encoding] = form
    cache.grew(entry, form.body.size)
  }
  return form
}

/** Whether an If-None-Match header matches an ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare)
}

/**
 * Stores the service's answer when the rules allow it, and returns the answer to send (the same bytes). `since` is
 * the cache's generation before the request was forwarded; `listing` is the listing the path is about (its `:id`),
 * so that listing's events drop the answer.
 */
export async function storeAnswer(
  cache: CacheSlots,
  request: Request,
  res: Response,
  since: number,
  about: { route: RouteSpec; listing: string | null },
): Promise<Response> {
  if (!mayUseCache(request)) return res
  const cacheable = cacheableAnswer(res)
  if (!cacheable) return res
  // Byte budget of one answer: a declared length says it is too large before the body is read.
  const { maxEntryBytes } = cache.limits
  if (Number(res.headers.get('content-length') ?? Number.NaN) > maxEntryBytes) return res
  // Generation check: a drop while the answer was on its way may have been about what it says.
  if (since !== cache.generation) return res
  // Asked for the first time lately: passed on unread (see MicroCache.admits).
  const key = cacheKeyOf(request.url)
  const variant = variantKeyOf(cacheable.vary, request.headers)
  if (!cache.admits(key, variant, about.route.limit === null)) return res
  const body = new Uint8Array(await res.arrayBuffer())
  const answer = () => new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
  // Again, after the body came: a drop may have happened meanwhile.
  if (body.byteLength > maxEntryBytes || since !== cache.generation) return answer()
  const entry = entryOf(cache, res, body, cacheable.maxAge, { ...about, key })
  if (!entry) return answer()
  cache.put(key, cacheable.vary, variant, entry)
  // The stored form this client takes (a coded copy, made once above), as a hit would send it but without an Age.
  const form = formFor(entry, request, cache)
  const sent = new Response(form.body, { status: res.status, statusText: res.statusText, headers: form.headers })
  if (entry.age > 0) sent.headers.set('age', String(entry.age))
  return sent
}
