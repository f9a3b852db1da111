import type { Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { addMissingVersions } from './service'

/**
 * Gives active listings without a served version one built from the listing, at start and after each nudge
 * (coalesced: one run at a time, one more queued at most). A failure is logged and retried on the next nudge.
 */
export function startVersionsKeeper(database: Database, namespace: string, log: Logger) {
  let running: Promise<void> | null = null
  let again = false
  const run = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        try {
          const added = await addMissingVersions(database, namespace)
          if (added) log.info({ added }, 'served versions added for listings')
        } catch (err) {
          log.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'adding served versions failed; retried on the next change',
          )
        }
      } while (again)
    })().finally(() => {
      running = null
    })
    return running
  }
  void run()
  return {
    nudge: () => void run(),
    flush: async () => {
      while (running) await running
    },
  }
}
