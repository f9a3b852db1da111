import type { Logger } from '@mcp-directory/shared/log'

/** Counts reads in memory and writes them in one batch per interval, so a read never costs a database write. */
export interface ViewCounter {
  count(id: string): void
  flush(): Promise<void>
  stop(): Promise<void>
}

/** Starts a batched counter that calls `write` with the pending counts every `intervalMs` and on stop. */
export function startViewCounter(write: (counts: Map<string, number>) => Promise<void>, intervalMs: number, log: Logger): ViewCounter {
  let pending = new Map<string, number>()
  let flushing: Promise<void> = Promise.resolve()
  const flush = () => {
    flushing = flushing.then(async () => {
      if (pending.size === 0) return
      const batch = pending
      pending = new Map()
      try {
        await write(batch)
      } catch (err) {
        // Put the counts back so a passing database failure loses nothing.
        for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n)
        log.warn({ err: String(err) }, 'view counts not written; will retry')
      }
    })
    return flushing
  }
  const timer = setInterval(() => void flush(), intervalMs)
  timer.unref?.()
  return {
    count: (id) => pending.set(id, (pending.get(id) ?? 0) + 1),
    flush,
    stop: async () => {
      clearInterval(timer)
      await flush()
    },
  }
}
