/**
 * Details as JSON text, built once per listing change rather than per request: a detail is read from PostgreSQL
 * and shaped (install configs for every client) only when it is not kept. Bounded in bytes (the oldest go first).
 * A listing event heard on the bus (counters too: the detail shows them) drops that listing's text; a change this
 * replica writes drops them all at once, so a writer reads what it wrote. A text read across a drop is not kept.
 * `alsoListedAs` changes with other listings, so it is added per request.
 */
import type { EventBus } from '@mcp-directory/shared/bus'
import { LISTING_CHANGE_EVENTS, listingIdsOf } from '@mcp-directory/shared/events'
import type { Logger } from '@mcp-directory/shared/log'

/** Most bytes of detail text kept by one replica. */
const MAX_BYTES = 32 * 1024 * 1024
// A gone process's consumer is forgotten by NATS after this long.
const CONSUMER_FORGET_MS = 3_600_000

export function createDetailCache(opts: { bus: EventBus; log: Logger; maxBytes?: number }) {
  const maxBytes = opts.maxBytes ?? MAX_BYTES
  const kept = new Map<string, string>()
  let bytes = 0
  let generation = 0

  const drop = (id: string) => {
    const text = kept.get(id)
    if (text === undefined) return
    kept.delete(id)
    bytes -= text.length
  }
  const subscription = opts.bus.subscribe(
    `catalog-detail-${crypto.randomUUID().slice(0, 8)}`,
    LISTING_CHANGE_EVENTS,
    async (event) => {
      generation++
      for (const id of listingIdsOf(event)) drop(id)
    },
    { perProcessForgetAfterMs: CONSUMER_FORGET_MS },
  )
  subscription.catch((err) => opts.log.error({ err: String(err) }, 'detail cache: cannot subscribe to listing events'))

  return {
    /** The kept text of a listing's detail (without `alsoListedAs`), or undefined. */
    get: (id: string) => kept.get(id),
    /** Where the cache stands before a read: `keep` stores the text only if nothing changed meanwhile. */
    generation: () => generation,
    keep(id: string, text: string, readAt: number): void {
      if (readAt !== generation || text.length > maxBytes / 16) return
      drop(id)
      kept.set(id, text)
      bytes += text.length
      for (const [oldest, t] of kept) {
        if (bytes <= maxBytes) break
        kept.delete(oldest)
        bytes -= t.length
      }
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
