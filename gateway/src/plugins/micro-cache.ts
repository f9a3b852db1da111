// Over 300 lines: the cache's storing, variant and eviction rules share one set of maps and are read together.
import type { EventBus } from '@mcp-directory/shared/bus'
import { type EventEnvelope, LISTING_CHANGE_EVENTS, listingIdsOf } from '@mcp-directory/shared/events'
import type { Logger } from '@mcp-directory/shared/log'
import { cacheLookup } from '@mcp-directory/shared/metrics'
import { INSTANCE_ID } from '@mcp-directory/shared/service'
import type { RouteSpec } from '../routes'

/** Bounds of the micro-cache. */
export interface MicroCacheOptions {
  log: Logger
  /** Where listing events arrive; each gateway process has its own consumer, since each has its own cache. */
  bus?: EventBus
  /** Most answers kept (variants count one each); default 2,000. */
  maxEntries?: number
  /** Most body bytes kept in all; default 16 MiB. */
  maxBytes?: number
  /** A larger answer is never kept; default 256 KiB. */
  maxEntryBytes?: number
  /** The longest an answer is kept, whatever its max-age says; default 60 s. */
  maxTtlMs?: number
  /** Headers the gateway sets on every answer and that never change (CORS), kept ready with each answer. */
  constantHeaders?: Record<string, string>
}

/** The listing events after which a listing's answers may differ, as for the badge service's own cache. */
export const MICRO_CACHE_EVENTS = LISTING_CHANGE_EVENTS

// A service can store an answer read just before an event after its own cache drop, and we can then store it
// after ours: a second drop this much later removes it (as the badge service's own cache does).
const SECOND_DROP_MS = 1500
// A gone process's consumer is forgotten by NATS after this long.
const CONSUMER_FORGET_MS = 3_600_000

/** A kept answer, and the route that answered it (so its rate limit is counted on every hit). */
export interface Stored {
  route: RouteSpec
  /** The listing the answer is about, or null. */
  listing: string | null
  status: number
  /** The answer's headers with the gateway's constant ones (CORS) already set, ready to copy. */
  headers: Headers
  /** Those a 304 repeats. */
  notModifiedHeaders: Record<string, string>
  /** A Blob, so an answer is sent without copying its bytes. */
  body: Blob
  size: number
  etag: string | null
  storedAt: number
  expiresAt: number
  /** The Age the service sent, in seconds. */
  age: number
}

// One path and query: the request headers its answers vary on, and one answer per combination of their values.
interface Resource {
  vary: string[]
  variants: Map<string, Stored>
  /** The listing the answer is about (its `:id`), or null for answers about no one listing. */
  listing: string | null
  bytes: number
}

interface CacheControl {
  public: boolean
  maxAge: number | null
  uncacheable: boolean
}

function parseCacheControl(value: string | null): CacheControl {
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

/** Whether an If-None-Match header matches an ETag (weak comparison, RFC 9110 §13.1.2). */
function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare)
}

// Headers that belong to one exchange, never to a kept answer: the gateway sets its own on every answer.
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

/**
 * A small in-process cache of public answers in front of the services: a GET answered 200 with
 * `Cache-Control: public` and a max-age (or s-maxage), without `private`, `no-store`, `no-cache`, `Set-Cookie` or
 * `Vary: *`, is kept for min(max-age, maxTtlMs). Keyed by method, path and query, and by the values of the
 * request headers its `Vary` names (and Accept-Encoding when the body is encoded); requests carrying credentials
 * (Authorization, Cookie), a Range or `Cache-Control: no-cache` go to the service. Bounded in entries and bytes
 * (oldest first out). Listing events drop the answers about that listing (its `:id`) and every answer about no
 * one listing, at once and again SECOND_DROP_MS later; an answer fetched while a drop happened is not kept.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one closure over the cache maps, their byte budget and the event consumer that drops them
export function createMicroCache(opts: MicroCacheOptions) {
  const maxEntries = opts.maxEntries ?? 2000
  const maxBytes = opts.maxBytes ?? 16 * 1024 * 1024
  const maxEntryBytes = opts.maxEntryBytes ?? 256 * 1024
  const maxTtlMs = opts.maxTtlMs ?? 60_000
  const resources = new Map<string, Resource>()
  const byListing = new Map<string, Set<string>>()
  let entries = 0
  let bytes = 0
  // Bumped by every drop: an answer fetched across a drop may predate it.
  let generation = 0
  const timers = new Set<ReturnType<typeof setTimeout>>()

  const remove = (key: string) => {
    const r = resources.get(key)
    if (!r) return
    resources.delete(key)
    entries -= r.variants.size
    bytes -= r.bytes
    r.variants.clear()
    if (r.listing !== null) {
      const keys = byListing.get(r.listing)
      keys?.delete(key)
      if (keys?.size === 0) byListing.delete(r.listing)
    }
  }

  const dropNow = (ids: string[]) => {
    generation++
    for (const id of ids) for (const key of [...(byListing.get(id) ?? [])]) remove(key)
    for (const [key, r] of resources) if (r.listing === null) remove(key)
  }

  /** Drops the answers about these listings (and those about no one listing), now and once more shortly after. */
  const drop = (ids: string[]) => {
    dropNow(ids)
    const t = setTimeout(() => {
      timers.delete(t)
      dropNow(ids)
    }, SECOND_DROP_MS)
    t.unref?.()
    timers.add(t)
  }

  const onEvent = async (e: EventEnvelope<(typeof MICRO_CACHE_EVENTS)[number]>) => {
    const ids = listingIdsOf(e)
    drop(ids.filter((id) => typeof id === 'string' && id.length > 0))
  }
  const subscription = opts.bus?.subscribe(`gateway-micro-cache-${INSTANCE_ID}`, MICRO_CACHE_EVENTS, onEvent, {
    perProcessForgetAfterMs: CONSUMER_FORGET_MS,
  })
  subscription?.catch((err) => opts.log.error({ err: String(err) }, 'micro-cache: cannot subscribe to listing events'))

  /** Whether this request may be answered from, or stored in, the cache. */
  const usable = (request: Request) => {
    if (request.method !== 'GET') return false
    const h = request.headers
    return !h.has('authorization') && !h.has('cookie') && !h.has('range')
  }
  // The path and query of the request's URL (already normalised by the server), without parsing it again.
  const keyOf = (href: string) => href.slice(href.indexOf('/', href.indexOf('//') + 2))
  const variantOf = (vary: string[], h: Headers) => vary.map((n) => h.get(n) ?? '').join('\n')

  /** The kept answer for this request, fresh, or null; counts nothing (the caller counts a hit it answers). */
  const peek = (request: Request): Stored | null => {
    if (resources.size === 0 || !usable(request)) return null
    const h = request.headers
    const cc = h.get('cache-control')
    const pragma = h.get('pragma')
    const noCache =
      (cc !== null && /no-cache|no-store|max-age=0/i.test(cc)) || (pragma !== null && /no-cache/i.test(pragma))
    const r = noCache ? undefined : resources.get(keyOf(request.url))
    const s = r?.variants.get(r.vary.length === 0 ? '' : variantOf(r.vary, h))
    return s && s.expiresAt > Date.now() ? s : null
  }

  return {
    /** The kept answer for this request, fresh, or null; counts nothing (the caller counts a hit it answers). */
    peek,
    /** The kept answer for this request, fresh, or null (then call `begin` and `keep`); counted as a hit or miss. */
    find(request: Request, countMiss = true): Stored | null {
      const s = peek(request)
      if (s) cacheLookup('gateway', true)
      else if (countMiss) cacheLookup('gateway', false)
      return s
    },
    /** The answer to send from a kept one (a 304 when the client's ETag matches), with these headers added. */
    respond(s: Stored, request: Request, extra: Record<string, string>): Response {
      const age = String(s.age + Math.floor((Date.now() - s.storedAt) / 1000))
      const inm = request.headers.get('if-none-match')
      if (inm && s.etag && etagMatches(inm, s.etag))
        return new Response(null, { status: 304, headers: { ...s.notModifiedHeaders, ...extra, age } })
      // A Headers object is copied whole, several times faster than one built from a record (this is a cached
      // answer's largest cost); then the few per-answer headers are set.
      const res = new Response(s.body, { status: s.status, headers: s.headers })
      for (const k in extra) res.headers.set(k, extra[k]!)
      res.headers.set('age', age)
      return res
    },
    /** The generation to hand to `keep` for an answer fetched from now on. */
    begin: () => generation,
    /**
     * Keeps the service's answer when it says it may be kept, and returns the answer to send (the same bytes).
     * `listing` is the listing the path is about (its `:id`), so that listing's events drop it.
     */
    // biome-ignore lint/complexity/noExcessiveLinesPerFunction: the storing rules (cacheability, variants, byte budget, generation check) in the order they apply
    async keep(
      request: Request,
      res: Response,
      since: number,
      route: RouteSpec,
      listing: string | null,
    ): Promise<Response> {
      if (!usable(request) || res.status !== 200 || res.headers.has('set-cookie')) return res
      const cc = parseCacheControl(res.headers.get('cache-control'))
      if (!cc.public || cc.uncacheable || !cc.maxAge) return res
      const varyHeader = res.headers.get('vary') ?? ''
      const vary = varyHeader
        .split(',')
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean)
      if (vary.includes('*')) return res
      // An encoded body is only right for clients that accept that encoding.
      if (res.headers.has('content-encoding') && !vary.includes('accept-encoding')) vary.push('accept-encoding')
      const declared = Number(res.headers.get('content-length') ?? Number.NaN)
      if (declared > maxEntryBytes) return res
      const bytesOfBody = new Uint8Array(await res.arrayBuffer())
      const answer = () =>
        new Response(bytesOfBody, { status: res.status, statusText: res.statusText, headers: res.headers })
      if (bytesOfBody.byteLength > maxEntryBytes || since !== generation) return answer()
      const headers: Record<string, string> = {}
      const notModifiedHeaders: Record<string, string> = {}
      res.headers.forEach((v, k) => {
        if (PER_ANSWER.has(k)) return
        headers[k] = v
        if (NOT_MODIFIED_HEADERS.has(k)) notModifiedHeaders[k] = v
      })
      Object.assign(headers, opts.constantHeaders)
      Object.assign(notModifiedHeaders, opts.constantHeaders)
      const body = new Blob([bytesOfBody])

      const now = Date.now()
      const upstreamAge = Number(res.headers.get('age') ?? '0')
      const age = Number.isFinite(upstreamAge) && upstreamAge > 0 ? Math.floor(upstreamAge) : 0
      const ttlMs = Math.min(cc.maxAge * 1000 - age * 1000, maxTtlMs)
      if (ttlMs <= 0) return answer()
      const key = keyOf(request.url)
      let r = resources.get(key)
      if (r && r.vary.join(',') !== vary.join(',')) {
        remove(key)
        r = undefined
      }
      if (!r) {
        r = { vary, variants: new Map(), listing, bytes: 0 }
        resources.set(key, r)
        if (listing !== null) {
          let keys = byListing.get(listing)
          if (!keys) {
            keys = new Set()
            byListing.set(listing, keys)
          }
          keys.add(key)
        }
      }
      const variant = variantOf(vary, request.headers)
      const previous = r.variants.get(variant)
      if (previous) {
        r.bytes -= previous.size
        bytes -= previous.size
        entries--
      }
      const size = bytesOfBody.byteLength
      r.variants.set(variant, {
        route,
        listing,
        status: res.status,
        headers: new Headers(headers),
        notModifiedHeaders,
        body,
        size,
        etag: res.headers.get('etag'),
        storedAt: now,
        expiresAt: now + ttlMs,
        age,
      })
      r.bytes += size
      bytes += size
      entries++
      // Oldest paths first out until within bounds (Map iterates in insertion order).
      for (const oldest of resources.keys()) {
        if (entries <= maxEntries && bytes <= maxBytes) break
        if (oldest !== key) remove(oldest)
      }
      return answer()
    },
    /** Drops the answers about these listings now and once more shortly after (what a listing event does). */
    drop,
    /** Drops every kept answer (a write that may have changed any listing, such as an import). */
    clear: () => {
      generation++
      for (const key of [...resources.keys()]) remove(key)
    },
    /** How much is kept (tests, metrics). */
    size: () => ({ entries, bytes }),
    /** Resolves once the event consumer is registered. */
    ready: () => subscription?.then(() => undefined) ?? Promise.resolve(),
    close: async () => {
      for (const t of timers) clearTimeout(t)
      timers.clear()
      if (subscription) await (await subscription)().catch(() => {})
    },
  }
}

/** The gateway's micro-cache. */
export type MicroCache = ReturnType<typeof createMicroCache>
