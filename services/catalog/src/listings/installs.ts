// Install counting: at most one install per client per listing per 24 hours. Which pairs were already counted is
// kept in the shared store with that TTL (Redis, so every catalog replica agrees; in-process in all-in-one), and
// the counts that pass are written in batches like views.
import { startBatchedCounter } from '@mcp-directory/shared/counter'
import type { Database } from '@mcp-directory/shared/db'
import { clientKey } from '@mcp-directory/shared/http'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { addInstalls } from './service'

/** How long one client's install of one listing keeps its later installs from counting. */
export const INSTALL_WINDOW_MS = 24 * 60 * 60 * 1000

/** Counts installs once per client per listing per INSTALL_WINDOW_MS, writing them in batches. */
export function startInstallCounter(opts: {
  database: Database
  kv: KeyValueStore
  flushMs: number
  log: Logger
  /** Called after a batch was written with its events, with each listing's count after it. */
  written?: (now: Map<string, number>) => void
}) {
  const { kv, log } = opts
  const write = async (counts: Map<string, number>) => {
    opts.written?.(await addInstalls(opts.database, counts))
  }
  const batch = startBatchedCounter(write, opts.flushMs, log, 'install counts')
  let storeFailing = false
  return {
    /** Counts an install of `listingId` by `client` unless that client's install of it was counted already; true when counted. */
    async count(listingId: string, client: string): Promise<boolean> {
      let first: boolean
      try {
        first = (await kv.hit(`installs:seen:${listingId}:${clientKey(client)}`, INSTALL_WINDOW_MS)).count === 1
        storeFailing = false
      } catch (err) {
        // Without the store nobody can tell a repeat from a first install: an install lost is better than a count
        // anyone can inflate.
        if (!storeFailing)
          log.warn({ err: String(err) }, 'install counts: store failed; installs are not counted until it answers')
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
