// The in-process probe queue of the all-in-one mode (one process, so no sharing is needed): the same job ids
// and the same once-per-round rule as the JetStream queue.
import { Semaphore } from '../limits'
import { jobId, type JobHandler, type ProbeJob, type ProbeQueue } from './job'

// Most jobs waiting: beyond, a job is not queued (nor remembered), and the next round or event queues it again.
export const MAX_WAITING = 100_000
// How long a stop waits for probes in flight.
const STOP_GRACE_MS = 2000
const RETRY_DELAY_MS = 10_000
const MAX_ATTEMPTS = 5

// The queue's state, shared by its methods and every consumer of it.
interface MemoryState {
  waiting: { job: ProbeJob; attempts: number }[]
  /** Job id → round. */
  seen: Map<string, number>
  /** Wakes the consumer waiting for a job. */
  wake: (() => void) | null
  inFlight: number
  closed: boolean
  /** Retries waiting for their delay. */
  timers: Set<ReturnType<typeof setTimeout>>
  newestRound: number
}

// One consumer: its handler, its slots and the jobs it is running.
interface Consumer {
  handler: JobHandler
  stopped: boolean
  slots: Semaphore
  running: Set<Promise<void>>
}

/** An in-process queue; job ids are remembered for their round and the one before. */
export function createMemoryQueue(): ProbeQueue {
  const state: MemoryState = {
    waiting: [],
    seen: new Map(),
    wake: null,
    inFlight: 0,
    closed: false,
    timers: new Set(),
    newestRound: -Infinity,
  }
  return {
    kind: 'memory',
    enqueue: async (jobs) => enqueue(state, jobs),
    async consume(handler: JobHandler, concurrency: number) {
      const c: Consumer = { handler, stopped: false, slots: new Semaphore(concurrency), running: new Set() }
      void consumeLoop(state, c)
      return async () => {
        c.stopped = true
        state.wake?.()
        // In-flight probes get a moment to finish; one still running is simply redelivered (or queued) later.
        await Promise.race([Promise.allSettled([...c.running]), Bun.sleep(STOP_GRACE_MS)])
      }
    },
    pending: async () => state.waiting.length + state.inFlight,
    async close() {
      state.closed = true
      for (const t of state.timers) clearTimeout(t)
      state.wake?.()
    },
  }
}

// Ids of rounds before the previous one are dropped once, when a newer round shows up.
function forgetOld(state: MemoryState, round: number): void {
  if (round <= state.newestRound) return
  state.newestRound = round
  for (const [id, r] of state.seen) if (r < round - 1) state.seen.delete(id)
}

/** Queues the jobs whose id this round and the one before have not seen, while fewer than MAX_WAITING wait. */
function enqueue(state: MemoryState, jobs: ProbeJob[]): { queued: number; duplicates: number } {
  let queued = 0
  let duplicates = 0
  for (const j of jobs) {
    forgetOld(state, j.round)
    const id = jobId(j)
    if (state.seen.has(id)) {
      duplicates++
      continue
    }
    if (state.waiting.length >= MAX_WAITING) continue
    state.seen.set(id, j.round)
    state.waiting.push({ job: j, attempts: 0 })
    queued++
  }
  state.wake?.()
  return { queued, duplicates }
}

/** Takes waiting jobs while the consumer runs, each once a slot is free; waits (up to a second) when none is. */
async function consumeLoop(state: MemoryState, c: Consumer): Promise<void> {
  while (!c.stopped && !state.closed) {
    const next = state.waiting.shift()
    if (!next) {
      await new Promise<void>((r) => {
        state.wake = r
        setTimeout(r, 1000)
      })
      state.wake = null
      continue
    }
    await c.slots.acquire()
    // A turn of the event loop between two jobs: one whose awaits all resolve at once must not starve timers and I/O.
    await new Promise<void>((resolve) => setImmediate(resolve))
    state.inFlight++
    const p = runJob(state, c, next).finally(() => {
      state.inFlight--
      c.slots.release()
      c.running.delete(p)
    })
    c.running.add(p)
  }
}

/** Runs one job; one to retry goes back to the queue after a delay, up to MAX_ATTEMPTS. */
async function runJob(state: MemoryState, c: Consumer, next: MemoryState['waiting'][number]): Promise<void> {
  let outcome: 'done' | 'retry' = 'retry'
  try {
    outcome = await c.handler(next.job, () => {})
  } catch {
    outcome = 'retry'
  }
  if (outcome === 'retry' && ++next.attempts < MAX_ATTEMPTS && !c.stopped) {
    const t = setTimeout(() => {
      state.timers.delete(t)
      state.waiting.push(next)
      state.wake?.()
    }, RETRY_DELAY_MS)
    state.timers.add(t)
  }
}
