// The in-process probe queue of the all-in-one mode (one process, so no sharing is needed): the same job ids
// and the same once-per-round rule as the JetStream queue.
import { Semaphore } from '../limits'
import { jobId, type JobHandler, type ProbeJob, type ProbeQueue } from './index'

// How long a stop waits for probes in flight.
const STOP_GRACE_MS = 2000
const RETRY_DELAY_MS = 10_000
const MAX_ATTEMPTS = 5

/** An in-process queue; job ids are remembered for their round and the one before. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one closure over the in-process job list that the queue methods share
export function createMemoryQueue(): ProbeQueue {
  const waiting: { job: ProbeJob; attempts: number }[] = []
  const seen = new Map<string, number>() // job id → round
  let wake: (() => void) | null = null
  let inFlight = 0
  let closed = false
  const timers = new Set<ReturnType<typeof setTimeout>>()

  // Ids of rounds before the previous one are dropped once, when a newer round shows up.
  let newestRound = -Infinity
  const forgetOld = (round: number) => {
    if (round <= newestRound) return
    newestRound = round
    for (const [id, r] of seen) if (r < round - 1) seen.delete(id)
  }

  return {
    kind: 'memory',
    async enqueue(jobs) {
      let queued = 0
      let duplicates = 0
      for (const j of jobs) {
        forgetOld(j.round)
        const id = jobId(j)
        if (seen.has(id)) {
          duplicates++
          continue
        }
        seen.set(id, j.round)
        waiting.push({ job: j, attempts: 0 })
        queued++
      }
      wake?.()
      return { queued, duplicates }
    },
    async consume(handler: JobHandler, concurrency: number) {
      let stopped = false
      const slots = new Semaphore(concurrency)
      const running = new Set<Promise<void>>()
      const loop = async () => {
        while (!stopped && !closed) {
          const next = waiting.shift()
          if (!next) {
            await new Promise<void>((r) => {
              wake = r
              setTimeout(r, 1000)
            })
            wake = null
            continue
          }
          await slots.acquire()
          inFlight++
          const p = (async () => {
            let outcome: 'done' | 'retry' = 'retry'
            try {
              outcome = await handler(next.job, () => {})
            } catch {
              outcome = 'retry'
            }
            if (outcome === 'retry' && ++next.attempts < MAX_ATTEMPTS && !stopped) {
              const t = setTimeout(() => {
                timers.delete(t)
                waiting.push(next)
                wake?.()
              }, RETRY_DELAY_MS)
              timers.add(t)
            }
          })().finally(() => {
            inFlight--
            slots.release()
            running.delete(p)
          })
          running.add(p)
        }
      }
      void loop()
      return async () => {
        stopped = true
        wake?.()
        // In-flight probes get a moment to finish; one still running is simply redelivered (or queued) later.
        await Promise.race([Promise.allSettled([...running]), Bun.sleep(STOP_GRACE_MS)])
      }
    },
    pending: async () => waiting.length + inFlight,
    async close() {
      closed = true
      for (const t of timers) clearTimeout(t)
      wake?.()
    },
  }
}
