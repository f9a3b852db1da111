// The gateway's micro-cache: public answers of the services stored in this process, found by path, query and variant,
// bounded in entries and bytes, dropped on listing events. Which answers are stored is micro-cache-store.ts.
import type { EventBus } from '@mcp-directory/shared/bus'
import { LISTING_CHANGE_EVENTS, listingIdsOf } from '@mcp-directory/shared/events'
import type { Logger } from '@mcp-directory/shared/log'
import { Lru } from '@mcp-directory/shared/lru'
import { cacheLookup } from '@mcp-directory/shared/metrics'
import { INSTANCE_ID } from '@mcp-directory/shared/service'
import type { RouteSpec } from '../routes'
import type { Encoding } from '../compression'
import {
  asksForFresh,
  type CacheEntry,
  type CachedForm,
  type CacheSlots,
  cacheKeyOf,
  etagMatches,
  formFor,
  mayUseCache,
  variantKeyOf,
} from './micro-cache-store'

/** Bounds of the micro-cache. */
export interface MicroCacheOptions {
  log: Logger
  /** Where listing events arrive; each gateway process has its own consumer, since each has its own cache. */
  bus?: EventBus
  /** Most answers stored (variants count one each); default 2,000. */
  maxEntries?: number
  /** Most body bytes stored in all; default 16 MiB. */
  maxBytes?: number
  /** A larger answer is never stored; default 256 KiB. */
  maxEntryBytes?: number
  /** The longest an answer is stored, whatever its max-age says; default 60 s. */
  maxTtlMs?: number
  /** Headers the gateway sets on every answer and that never change (CORS), stored ready with each answer. */
  constantHeaders?: Record<string, string>
  /**
   * An answer is stored from the n-th time its path and variant are asked among the last `maxEntries` of its share
   * (default 2: the second time; 1 stores every cacheable answer).
   */
  storeAfter?: number
}

/** The listing events after which a listing's answers may differ, as for the badge service's own cache. */
export const MICRO_CACHE_EVENTS = LISTING_CHANGE_EVENTS

// A service can store an answer read just before an event after its own cache drop, and we can then store it
// after ours: a second drop this much later removes it (as the badge service's own cache does).
const SECOND_DROP_MS = 1500
// A gone process's consumer is forgotten by NATS after this long.
const CONSUMER_FORGET_MS = 3_600_000

// One path and query: the request headers its answers vary on, and one entry per combination of their values.
interface Resource {
  vary: string[]
  variants: Map<string, CacheEntry>
  /** The listing the answers are about (its `:id`), or null for answers about no one listing. */
  listing: string | null
  bytes: number
  /** Its route is not rate-limited (badges): its answers count against the unlimited share too. */
  unlimited: boolean
}

/**
 * A small in-process cache of public answers in front of the services (the storing rules: micro-cache-store.ts).
 * Keyed by path and query, and by the values of the request headers an answer's `Vary` names; requests carrying
 * credentials (Authorization, Cookie), a Range or `Cache-Control: no-cache` are never answered from it. Bounded in
 * entries and bytes (oldest first out); answers of routes without a rate limit (badges, which anyone may ask for as
 * fast as they like) hold at most half of either and push out only each other, so nobody can empty the cache of the
 * rate-limited reads by asking for thousands of badges. Listing events drop the answers about that listing (its `:id`) and every
 * answer about no one listing, at once and again SECOND_DROP_MS later.
 */
export class MicroCache implements CacheSlots {
  readonly limits: { maxEntries: number; maxBytes: number; maxEntryBytes: number; maxTtlMs: number }
  readonly constantHeaders: Record<string, string>
  private readonly resources = new Map<string, Resource>()
  private readonly byListing = new Map<string, Set<string>>()
  private entries = 0
  private bytes = 0
  // The answers of unlimited routes, oldest first (a Set iterates in insertion order), and what they hold.
  private readonly unlimitedKeys = new Set<string>()
  private unlimitedEntries = 0
  private unlimitedBytes = 0
  // How many times lately each path and variant was asked (one admitted stays so: it is stored again at once after
  // it expires or is dropped), by a 64-bit hash under a seed of this process's own: small whatever the URL, and no
  // client can make its path collide with another's. The routes without a rate limit have their own, so a flood of
  // badge requests cannot make the others forgotten.
  private readonly asked: { limited: Lru<bigint | number, number>; unlimited: Lru<bigint | number, number> }
  private readonly seed = crypto.getRandomValues(new BigUint64Array(1))[0]!
  private readonly storeAfter: number
  // Bumped by every drop: an answer fetched across a drop may predate it.
  private drops = 0
  private readonly timers = new Set<ReturnType<typeof setTimeout>>()
  private readonly subscription: Promise<() => Promise<void>> | undefined

  constructor(opts: MicroCacheOptions) {
    this.limits = {
      maxEntries: opts.maxEntries ?? 2000,
      maxBytes: opts.maxBytes ?? 16 * 1024 * 1024,
      maxEntryBytes: opts.maxEntryBytes ?? 256 * 1024,
      maxTtlMs: opts.maxTtlMs ?? 60_000,
    }
    this.constantHeaders = opts.constantHeaders ?? {}
    this.storeAfter = opts.storeAfter ?? 2
    this.asked = { limited: new Lru(this.limits.maxEntries), unlimited: new Lru(this.limits.maxEntries) }
    this.subscription = opts.bus?.subscribe(
      `gateway-micro-cache-${INSTANCE_ID}`,
      MICRO_CACHE_EVENTS,
      async (e) => this.drop(listingIdsOf(e).filter((id) => typeof id === 'string' && id.length > 0)),
      { perProcessForgetAfterMs: CONSUMER_FORGET_MS },
    )
    this.subscription?.catch((err) =>
      opts.log.error({ err: String(err) }, 'micro-cache: cannot subscribe to listing events'),
    )
  }

  /** The fresh entry for this request, or null; counts nothing (the caller counts a hit it answers). */
  peek(request: Request): CacheEntry | null {
    if (this.resources.size === 0 || !mayUseCache(request)) return null
    const h = request.headers
    const r = asksForFresh(h) ? undefined : this.resources.get(cacheKeyOf(request.url))
    const entry = r?.variants.get(r.vary.length === 0 ? '' : variantKeyOf(r.vary, h))
    return entry && entry.expiresAt > Date.now() ? entry : null
  }

  /** As `peek`, counted as a cache hit or (unless `countMiss` is false) a miss. */
  lookUp(request: Request, countMiss = true): CacheEntry | null {
    const entry = this.peek(request)
    if (entry) cacheLookup('gateway', true)
    else if (countMiss) cacheLookup('gateway', false)
    return entry
  }

  /** The answer to send for a cache hit (a 304 when the client's ETag matches), with these headers added. */
  respond(entry: CacheEntry, request: Request, extra: Record<string, string>): Response {
    const age = String(entry.age + Math.floor((Date.now() - entry.storedAt) / 1000))
    const inm = request.headers.get('if-none-match')
    const form = formFor(entry, request, this)
    if (inm && entry.etag && etagMatches(inm, entry.etag))
      return new Response(null, { status: 304, headers: { ...form.notModifiedHeaders, ...extra, age } })
    // A Headers object is copied whole, several times faster than one built from a record (this is a cache hit's
    // largest cost); then the few per-answer headers are set.
    const res = new Response(form.body, { status: entry.status, headers: form.headers })
    for (const k in extra) res.headers.set(k, extra[k]!)
    res.headers.set('age', age)
    return res
  }

  /** How many drops happened so far: read before forwarding, so an answer fetched across a drop is not stored. */
  get generation(): number {
    return this.drops
  }

  /**
   * Whether an answer to this path and variant is stored now: from its `storeAfter`-th ask among the last
   * `maxEntries` paths and variants of its share. An answer asked once (most of a public search's queries are) is
   * sent on as it came, never read whole nor stored, so it pushes out no answer that is asked again.
   */
  admits(key: string, variant: string, unlimited: boolean): boolean {
    if (this.storeAfter <= 1) return true
    const asked = unlimited ? this.asked.unlimited : this.asked.limited
    const k = Bun.hash(`${key}\n${variant}`, this.seed)
    return asked.set(k, Math.min((asked.get(k) ?? 0) + 1, this.storeAfter)) >= this.storeAfter
  }

  /** Puts an entry under its path's key and variant, then evicts the oldest paths until within the byte budget. */
  put(key: string, vary: string[], variant: string, entry: CacheEntry): void {
    let r = this.resources.get(key)
    // The path's answers now vary on other headers: its old variants go.
    if (r && r.vary.join(',') !== vary.join(',')) {
      this.remove(key)
      r = undefined
    }
    if (!r) r = this.addResource(key, vary, entry.listing, entry.route.limit === null)
    const previous = r.variants.get(variant)
    if (previous) this.count(r, -1, -previous.size)
    r.variants.set(variant, entry)
    this.count(r, 1, entry.size)
    // An unlimited route's answers push out only each other, oldest first, beyond their half of the budget.
    if (r.unlimited)
      for (const oldest of this.unlimitedKeys) {
        if (this.unlimitedEntries <= this.limits.maxEntries / 2 && this.unlimitedBytes <= this.limits.maxBytes / 2)
          break
        if (oldest !== key) this.remove(oldest)
      }
    // Oldest paths first out until within bounds (Map iterates in insertion order).
    for (const oldest of this.resources.keys()) {
      if (this.entries <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break
      if (oldest !== key) this.remove(oldest)
    }
  }

  /** A stored entry gained a coded copy of this many bytes: counted while the entry is still stored. */
  grew(entry: CacheEntry, bytes: number): void {
    const r = this.resources.get(entry.key)
    if (!r || ![...r.variants.values()].includes(entry)) return
    entry.size += bytes
    this.count(r, 0, bytes)
  }

  /** Drops the answers about these listings now and once more shortly after (what a listing event does). */
  drop(ids: string[]): void {
    this.dropNow(ids)
    const t = setTimeout(() => {
      this.timers.delete(t)
      this.dropNow(ids)
    }, SECOND_DROP_MS)
    t.unref?.()
    this.timers.add(t)
  }

  /** Drops every stored answer (a write that may have changed any listing, such as an import). */
  clear(): void {
    this.drops++
    for (const key of [...this.resources.keys()]) this.remove(key)
  }

  /** How much is stored (tests, metrics). */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries, bytes: this.bytes }
  }

  /** Resolves once the event consumer is registered. */
  ready(): Promise<void> {
    return this.subscription?.then(() => undefined) ?? Promise.resolve()
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
    if (this.subscription) await (await this.subscription)().catch(() => {})
  }

  /** Counts entries and bytes added to (or, negative, taken from) a resource, in all and in its share. */
  private count(r: Resource, entries: number, bytes: number): void {
    r.bytes += bytes
    this.entries += entries
    this.bytes += bytes
    if (!r.unlimited) return
    this.unlimitedEntries += entries
    this.unlimitedBytes += bytes
  }

  private addResource(key: string, vary: string[], listing: string | null, unlimited: boolean): Resource {
    const r: Resource = { vary, variants: new Map(), listing, bytes: 0, unlimited }
    this.resources.set(key, r)
    if (unlimited) this.unlimitedKeys.add(key)
    if (listing !== null) {
      let keys = this.byListing.get(listing)
      if (!keys) {
        keys = new Set()
        this.byListing.set(listing, keys)
      }
      keys.add(key)
    }
    return r
  }

  private remove(key: string): void {
    const r = this.resources.get(key)
    if (!r) return
    this.resources.delete(key)
    this.unlimitedKeys.delete(key)
    this.count(r, -r.variants.size, -r.bytes)
    r.variants.clear()
    if (r.listing !== null) {
      const keys = this.byListing.get(r.listing)
      keys?.delete(key)
      if (keys?.size === 0) this.byListing.delete(r.listing)
    }
  }

  private dropNow(ids: string[]): void {
    this.drops++
    for (const id of ids) for (const key of [...(this.byListing.get(id) ?? [])]) this.remove(key)
    for (const [key, r] of this.resources) if (r.listing === null) this.remove(key)
  }
}
