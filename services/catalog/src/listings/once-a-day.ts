// Counting once per client per listing per day (views of a listing, installs of its config): which pairs were
// already counted is kept in the shared store with that TTL (Redis, so every catalog replica agrees; in-process in
// all-in-one), and the counts that pass are written in batches.
import { startBatchedCounter } from '@mcp-directory/shared/counter'
import { clientKey } from '@mcp-directory/shared/http'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'

/** How long one client's count of one listing keeps its later ones from counting. */
export const COUNT_WINDOW_MS = 24 * 60 * 60 * 1000

/** Counts `kind` once per client per listing per COUNT_WINDOW_MS, writing the counts with `write` in batches. */
export function startOncePerDayCounter(opts: {
  kind: 'views' | 'installs'
  write: (counts: Map<string, number>) => Promise<void>
  kv: KeyValueStore
  flushMs: number
  log: Logger
}) {
  const { kind, kv, log } = opts
  const batch = startBatchedCounter(opts.write, opts.flushMs, log, `${kind.slice(0, -1)} counts`)
  let storeFailing = false
  return {
    /** Counts `listingId` for `client` unless that client's was counted already within the window; true when counted. */
    async count(listingId: string, client: string): Promise<boolean> {
      let first: boolean
      try {
        first = (await kv.hit(`${kind}:seen:${listingId}:${clientKey(client)}`, COUNT_WINDOW_MS)).count === 1
        storeFailing = false
      } catch (err) {
        // Without the store nobody can tell a repeat from a first one: one lost is better than a count anyone
        // can inflate.
        if (!storeFailing)
          log.warn({ err: String(err) }, `${kind} counts: store failed; nothing is counted until it answers`)
        storeFailing = true
        return false
      }
      if (first) batch.count(listingId)
      return first
    },
    flush: () => batch.flush(),
    stop: () => batch.stop(),
  }
}

/** A once-a-day counter. */
export type OncePerDayCounter = ReturnType<typeof startOncePerDayCounter>
