// The round scheduler: once per interval every active listing is queued again. Rounds are numbered from the
// epoch (round = floor(now / interval)), so every replica agrees on the current one; the replica whose insert
// creates the round's row in prober.rounds queues it, the others do nothing (and the queue's per-round job ids
// would drop their jobs anyway). A round queues at most PROBE_ROUND_BUDGET listings, least recently probed first.
import type { Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import type { CatalogClient } from '@mcp-directory/shared/catalog-client'
import type { ProbeQueue } from './queue'
import { claimRound, finishRound, lastProbedTimes, releaseRound } from './state/repository'

/** What the scheduler needs. */
export interface SchedulerDeps {
  database: Database
  catalog: CatalogClient
  queue: ProbeQueue
  intervalMs: number
  budget: number
  log: Logger
  /** This replica's name, recorded with the rounds it starts. */
  instance: string
  now?: () => number
}

/** The outcome of trying to start a round. */
export interface RoundStart {
  round: number
  /** False when another replica (or an earlier tick) already started it. */
  started: boolean
  listings: number
  queued: number
  duplicates: number
  /** Active listings left for a later round by the budget. */
  deferred: number
}

/** The scheduler: `startRound` runs one round now; `start` checks for a new round every minute. */
export function roundScheduler(deps: SchedulerDeps) {
  const now = deps.now ?? Date.now
  const currentRound = () => Math.floor(now() / deps.intervalMs)
  let timer: ReturnType<typeof setInterval> | null = null
  let running: Promise<RoundStart> | null = null

  async function startRound(round = currentRound()): Promise<RoundStart> {
    if (!(await claimRound(deps.database, round, deps.instance)))
      return { round, started: false, listings: 0, queued: 0, duplicates: 0, deferred: 0 }
    try {
      return await queueRound(round)
    } catch (err) {
      // Nothing (or not all) was queued: give the round up, so the next tick of any replica tries it again.
      await releaseRound(deps.database, round).catch(() => {})
      throw err
    }
  }

  async function queueRound(round: number): Promise<RoundStart> {
    const ids: string[] = []
    for await (const page of deps.catalog.activeIds()) ids.push(...page)
    const last = await lastProbedTimes(deps.database)
    // Never probed first, then the longest unprobed; ties in id order so the choice is stable.
    const order = ids.map((id) => ({ id, at: last.get(id) ?? 0 })).sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1))
    const chosen = order.slice(0, deps.budget)
    const { queued, duplicates } = await deps.queue.enqueue(
      chosen.map((c) => ({ listingId: c.id, round, reason: 'round' as const })),
    )
    const deferred = order.length - chosen.length
    await finishRound(deps.database, round, queued, { listings: ids.length, duplicates, deferred })
    deps.log.info({ round, listings: ids.length, queued, duplicates, deferred }, 'probe round queued')
    return { round, started: true, listings: ids.length, queued, duplicates, deferred }
  }

  const tick = () => {
    running ??= startRound()
      .catch((err) => {
        deps.log.warn({ err: String(err) }, 'probe round failed')
        return { round: currentRound(), started: false, listings: 0, queued: 0, duplicates: 0, deferred: 0 }
      })
      .finally(() => (running = null))
    return running
  }

  return {
    currentRound,
    startRound,
    /** Checks for a new round now and then every `checkMs`. */
    start(checkMs = 60_000) {
      void tick()
      timer = setInterval(() => void tick(), Math.min(checkMs, deps.intervalMs))
      timer.unref?.()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await running
    },
  }
}
