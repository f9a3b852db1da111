/** A background loop that runs one pass of work, then sleeps until its interval passes or it is nudged. */

/** The running loop. */
export interface PollingWorker {
  /** Run a pass soon (after a commit that queued work). */
  nudge(): void
  /** Runs a pass now (joining one already running); resolves with what the pass reports. */
  flush(): Promise<number>
  stop(): Promise<void>
}

/** What the loop runs and how it reacts to failures. */
export interface PollingWorkerOptions {
  /** One pass of work; returns how many items it handled. */
  pass: () => Promise<number>
  /** Pause between passes. */
  intervalMs: number
  /** Pause after a failed pass (default: `intervalMs`). */
  failureIntervalMs?: number
  /** Called with each failure, and whether it is the first since the last success. */
  onError: (err: unknown, first: boolean) => void
  /** Called when a pass succeeds after failures. */
  onRecovered?: () => void
}

/** Starts the loop; passes never overlap, so `flush` and the timer share one pass at a time. */
export function startPollingWorker(opts: PollingWorkerOptions): PollingWorker {
  let stopped = false
  let failing = false
  let wake: (() => void) | null = null
  let running: Promise<number> | null = null
  const flush = () => {
    running ??= opts.pass().finally(() => {
      running = null
    })
    return running
  }
  const loop = async () => {
    while (!stopped) {
      try {
        await flush()
        if (failing) opts.onRecovered?.()
        failing = false
      } catch (err) {
        opts.onError(err, !failing)
        failing = true
      }
      await new Promise<void>((r) => {
        wake = r
        setTimeout(r, failing ? (opts.failureIntervalMs ?? opts.intervalMs) : opts.intervalMs)
      })
      wake = null
    }
  }
  void loop()
  return {
    nudge: () => wake?.(),
    flush,
    stop: async () => {
      stopped = true
      wake?.()
      await running?.catch(() => {})
    },
  }
}

/**
 * `run`, where a call made while an earlier one is still on its way joins it rather than starting another: at most
 * one runs at a time, and each call still gets an answer no older than its own call.
 */
export function joinedWhileRunning<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  return () =>
    (running ??= run().finally(() => {
      running = null
    }))
}
