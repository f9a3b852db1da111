/**
 * Details as JSON text, built once per listing change rather than per request: a detail is read from PostgreSQL
 * and shaped (install configs for every client) only when it is not kept. Bounded in bytes (the oldest go first).
 * A listing event heard on the bus drops that listing's text; a change this replica writes drops them all at once,
 * so a writer reads what it wrote. A text read across a drop is not kept. Counters (views, installs) change with
 * reads, so their event carries each listing's new count, which the kept detail takes without reading anything (an
 * event without counts marks the kept counters stale: the next read rereads them, not the listing). `popularity`
 * and `alsoListedAs` (which changes with other listings) are added per request.
 */
import type { EventBus } from '@mcp-directory/shared/bus'
import { LISTING_CHANGE_EVENTS, listingIdsOf } from '@mcp-directory/shared/events'
import type { Logger } from '@mcp-directory/shared/log'
import type { JsonMembers } from '@mcp-directory/shared/service'
import type { Static } from 'elysia'
import type { ServerDetailResponse } from './model'

/** A detail's `server`, as its answer's model says. */
export type DetailServer = Static<typeof ServerDetailResponse>['server']
/** What a kept detail's text holds: the detail's members but those added per request. */
export type KeptServer = Omit<DetailServer, 'popularity' | 'alsoListedAs'>

/** Most bytes of detail text kept by one replica. */
const MAX_BYTES = 32 * 1024 * 1024

/** A kept detail: its members without `popularity` and `alsoListedAs`, and its popularity (`stale`: counters changed). */
export interface KeptDetail {
  text: JsonMembers<KeptServer>
  /** The install name the text's configs are keyed by (the catalog's, which changes with other listings). */
  installName?: string
  popularity: Popularity
  stale: boolean
}
export interface Popularity {
  upvotes: number
  views: number
  installs: number
  githubStars: number | null
}
// A gone process's consumer is forgotten by NATS after this long.
const CONSUMER_FORGET_MS = 3_600_000

export function createDetailCache(opts: { bus: EventBus; log: Logger; maxBytes?: number }) {
  const maxBytes = opts.maxBytes ?? MAX_BYTES
  const kept = new Map<string, KeptDetail>()
  let bytes = 0
  let generation = 0

  const drop = (id: string) => {
    const entry = kept.get(id)
    if (entry === undefined) return
    kept.delete(id)
    bytes -= entry.text.length
  }
  // Counts after a write (this replica's, or another's told by its event): counters only grow, so a count that
  // arrives late never lowers one.
  const counted = (counter: 'views' | 'installs', counts: ReadonlyMap<string, number>) => {
    for (const [id, count] of counts) {
      const entry = kept.get(id)
      if (entry) entry.popularity[counter] = Math.max(entry.popularity[counter], count)
    }
  }
  const subscription = opts.bus.subscribe(
    `catalog-detail-${crypto.randomUUID().slice(0, 8)}`,
    LISTING_CHANGE_EVENTS,
    async (event) => {
      if (event.subject === 'listing.counters_changed') {
        const { counter, counts } = event.payload
        if (counter && counts) {
          counted(
            counter,
            new Map(Object.entries(counts).filter((e): e is [string, number] => typeof e[1] === 'number')),
          )
          return
        }
        // An event of an earlier release names the listings only: their counters are read again.
        for (const id of listingIdsOf(event)) {
          const entry = kept.get(id)
          if (entry) entry.stale = true
        }
        return
      }
      generation++
      for (const id of listingIdsOf(event)) drop(id)
    },
    { perProcessForgetAfterMs: CONSUMER_FORGET_MS },
  )
  subscription.catch((err) => opts.log.error({ err: String(err) }, 'detail cache: cannot subscribe to listing events'))

  return {
    /** This replica wrote these counts: its own reads show them at once, before the event comes back. */
    counted,
    /** The kept detail of a listing, or undefined. */
    get: (id: string): KeptDetail | undefined => kept.get(id),
    /** Where the cache stands before a read: `keep` stores the text only if nothing changed meanwhile. */
    generation: () => generation,
    keep(id: string, detail: KeptDetail, readAt: number): void {
      const { text } = detail
      if (readAt !== generation || text.length > maxBytes / 16) return
      drop(id)
      kept.set(id, detail)
      bytes += text.length
      for (const [oldest, e] of kept) {
        if (bytes <= maxBytes) break
        kept.delete(oldest)
        bytes -= e.text.length
      }
    },
    /** This replica wrote a change to these listings: their kept details go, and no read begun before is kept. */
    forget(ids: string[]): void {
      generation++
      for (const id of ids) drop(id)
    },
    /** This replica wrote a change: nothing kept may be older than it. */
    clear(): void {
      generation++
      kept.clear()
      bytes = 0
    },
    stop: async () => {
      await (await subscription.catch(() => null))?.()
    },
  }
}

export type DetailCache = ReturnType<typeof createDetailCache>
