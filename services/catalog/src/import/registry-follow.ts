/**
 * Following an upstream registry: a sync now, then one every interval until the catalog stops; one upstream at a
 * time per catalog. What a sync does is in registry-upstream.ts.
 */
import { type RegistrySyncDeps, type RegistrySyncSummary, syncFromRegistry } from './registry-upstream'

/**
 * Follows an upstream: syncs now, then every `intervalMs`, until stopped; a failed sync is logged and tried again at
 * the next interval (its pages were already retried with backoff).
 */
export function followRegistry(
  deps: RegistrySyncDeps,
  upstream: string,
  intervalMs: number,
  onSync?: (s: RegistrySyncSummary) => void,
) {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let running: Promise<void> | null = null
  const round = async () => {
    try {
      const s = await syncFromRegistry(deps, upstream)
      deps.log.info(
        {
          upstream,
          pages: s.pages,
          created: s.created,
          updated: s.updated,
          versions: s.versions,
          removed: s.removed,
          restored: s.restored,
          conflicts: s.conflicts.length,
          stopped: s.stopped,
        },
        'registry sync finished',
      )
      onSync?.(s)
    } catch (err) {
      deps.log.warn(
        { upstream, err: err instanceof Error ? err.message : String(err) },
        'registry sync failed; trying again at the next interval',
      )
    }
  }
  const schedule = (ms: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      running = round().finally(() => {
        running = null
        schedule(intervalMs)
      })
    }, ms)
  }
  schedule(0)
  return {
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}

/** One upstream at a time per catalog: syncs on demand, and the follower (if any) stopped with the catalog. */
export function registryUpstream(deps: RegistrySyncDeps) {
  let follower: { stop: () => Promise<void> } | null = null
  return {
    sync: (upstream: string, opts?: { full?: boolean; onProgress?: (done: number, total: number) => void }) =>
      syncFromRegistry(deps, upstream, opts),
    follow: (upstream: string, intervalMs: number, onSync?: (s: RegistrySyncSummary) => void) => {
      follower = followRegistry(deps, upstream, intervalMs, onSync)
    },
    stop: async () => {
      await follower?.stop()
    },
  }
}
