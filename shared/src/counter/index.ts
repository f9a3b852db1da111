/** Batched counters: counts kept in memory and written in one batch per interval, never one write per hit. */
import type { Logger } from '../log'

/** Counts hits per key in memory and writes them in batches. */
export interface BatchedCounter {
  /** Counts `n` hits (default 1) for `key`; never touches the database. */
  count(key: string, n?: number): void
  /** Writes the pending counts now. */
  flush(): Promise<void>
  /** Stops the timer and writes what is pending. */
  stop(): Promise<void>
}

/**
 * Starts a counter that calls `write` with the pending counts every `intervalMs` and on stop. A failed write
 * puts its counts back, so a passing database failure loses nothing; writes never overlap.
 */
export function startBatchedCounter(
  write: (counts: Map<string, number>) => Promise<void>,
  intervalMs: number,
  log: Logger,
  what = 'counts',
): BatchedCounter {
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
        for (const [k, n] of batch) pending.set(k, (pending.get(k) ?? 0) + n)
        log.warn({ err: String(err) }, `${what} not written; will retry`)
      }
    })
    return flushing
  }
  const timer = setInterval(() => void flush(), intervalMs)
  timer.unref?.()
  return {
    count: (key, n = 1) => {
      pending.set(key, (pending.get(key) ?? 0) + n)
    },
    flush,
    stop: async () => {
      clearInterval(timer)
      await flush()
    },
  }
}
