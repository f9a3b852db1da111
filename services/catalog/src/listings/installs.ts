// Install counting: at most one install per client per listing per 24 hours (once-a-day.ts), written in batches
// like views.
import type { Database } from '@mcp-directory/shared/db'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { COUNT_WINDOW_MS, startOncePerDayCounter } from './once-a-day'
import { addInstalls } from './service'

/** How long one client's install of one listing keeps its later installs from counting. */
export const INSTALL_WINDOW_MS = COUNT_WINDOW_MS

/** Counts installs once per client per listing per INSTALL_WINDOW_MS, writing them in batches. */
export function startInstallCounter(opts: {
  database: Database
  kv: KeyValueStore
  flushMs: number
  log: Logger
  /** Called after a batch was written with its events, with each listing's count after it. */
  written?: (now: Map<string, number>) => void
}) {
  return startOncePerDayCounter({
    kind: 'installs',
    write: async (counts) => {
      opts.written?.(await addInstalls(opts.database, counts))
    },
    kv: opts.kv,
    flushMs: opts.flushMs,
    log: opts.log,
  })
}
