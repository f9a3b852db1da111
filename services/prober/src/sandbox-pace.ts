// The sandbox's pace: once a minute (a tick) the runnable listings due a start — never started, or last started
// more than SANDBOX_INTERVAL_HOURS ago — are queued for the sandbox, most viewed first, then newest, at most the
// tick's share of SANDBOX_STARTS_PER_HOUR. Ticks are numbered from the epoch, and the replica whose insert claims a
// tick queues it, so all replicas together queue no more than that per hour. Nothing is queued while the sandbox
// queue already holds a few ticks' worth (the sandbox is slower than the pace, or not running): the queue stays
// short, so it keeps the order, and the next tick reads what is due afresh.
import type { CatalogClient } from '@mcp-directory/shared/catalog-client'
import type { Config } from '@mcp-directory/shared/config'
import type { Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { INSTANCE_ID } from '@mcp-directory/shared/service'
import type { ProbeQueue } from './queue'
import {
  claimSandboxTick,
  finishSandboxTick,
  forgetSandboxPace,
  markQueued,
  queuedAmong,
  queuedSince,
} from './state/sandbox-pace'

/** One tick a minute. */
export const TICK_MS = 60_000
/** A listing queued this recently is not queued again: its start may still be waiting or running. */
export const QUEUED_HOLD_MS = 3_600_000

/** What the pace needs. */
export interface SandboxPaceDeps {
  database: Database
  catalog: CatalogClient
  /** The sandbox's work queue. */
  queue: ProbeQueue
  startsPerHour: number
  /** A listing started this recently is not due (SANDBOX_INTERVAL_HOURS). */
  intervalMs: number
  log: Logger
  /** This replica's name, recorded with the ticks it claims. */
  instance: string
  now?: () => number
}

/** What one tick did. */
export interface PaceTick {
  tick: number
  /** False when another replica (or an earlier call) already claimed it. */
  claimed: boolean
  /** The tick's share of the hourly pace. */
  share: number
  queued: number
}

/** The tick's share of `perHour`: the shares of any 60 ticks in a row add up to `perHour` exactly. */
export function tickShare(perHour: number, tick: number): number {
  const perTick = perHour / (3_600_000 / TICK_MS)
  return Math.floor((tick + 1) * perTick) - Math.floor(tick * perTick)
}

/** The pace: `tick` queues one tick's starts now; `start` ticks every minute. */
export function sandboxPace(deps: SandboxPaceDeps) {
  const now = deps.now ?? Date.now
  const currentTick = () => Math.floor(now() / TICK_MS)
  let timer: ReturnType<typeof setInterval> | null = null
  let running: Promise<PaceTick> | null = null

  async function tick(t = currentTick()): Promise<PaceTick> {
    const share = tickShare(deps.startsPerHour, t)
    if (!(await claimSandboxTick(deps.database, t, deps.instance))) return { tick: t, claimed: false, share, queued: 0 }
    const at = now()
    // A few ticks' worth waiting (and at least a handful, for a slow pace): the queue is full enough.
    const backlog = Math.max(4, 2 * Math.ceil(deps.startsPerHour / 60))
    const pending = await deps.queue.pending().catch(() => backlog)
    const room = Math.min(share, Math.max(0, backlog - pending))
    const chosen = room ? await dueNow(at, room) : []
    if (chosen.length) {
      await deps.queue.enqueue(chosen.map((listingId) => ({ listingId, round: t, reason: 'round' as const })))
      await markQueued(deps.database, chosen, new Date(at))
    }
    await finishSandboxTick(deps.database, t, chosen.length)
    if (t % 60 === 0) await forgetSandboxPace(deps.database, t - 24 * 60, new Date(at - 2 * QUEUED_HOLD_MS))
    if (chosen.length) deps.log.debug({ tick: t, queued: chosen.length, pending }, 'sandbox starts queued')
    return { tick: t, claimed: true, share, queued: chosen.length }
  }

  // The first `room` listings due, leaving out those queued within the hold (their starts have not reported yet).
  async function dueNow(at: number, room: number): Promise<string[]> {
    const since = new Date(at - QUEUED_HOLD_MS)
    for (let ask = room * 2 + 10; ; ask = Math.min(1000, ask * 4)) {
      const due = await deps.catalog.sandboxTargets(new Date(at - deps.intervalMs), ask)
      const held = await queuedAmong(deps.database, due, since)
      const free = due.filter((id) => !held.has(id))
      if (free.length >= room || due.length < ask || ask >= 1000) return free.slice(0, room)
    }
  }

  const safeTick = () => {
    running ??= tick()
      .catch((err) => {
        deps.log.warn({ err: String(err) }, 'sandbox pace tick failed')
        return { tick: currentTick(), claimed: false, share: 0, queued: 0 }
      })
      .finally(() => (running = null))
    return running
  }

  return {
    tick,
    currentTick,
    /** The pace, and the starts every replica queued in the last hour. */
    status: async () => ({
      startsPerHour: deps.startsPerHour,
      queuedLastHour: await queuedSince(deps.database, currentTick() - 59),
    }),
    /** Ticks now and then every `everyMs`. */
    start(everyMs = TICK_MS) {
      void safeTick()
      timer = setInterval(() => void safeTick(), everyMs)
      timer.unref?.()
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = null
      await running
    },
  }
}

/** The sandbox's starts, most viewed first at SANDBOX_STARTS_PER_HOUR, again after SANDBOX_INTERVAL_HOURS. */
export function configuredPace(config: Config, parts: Pick<SandboxPaceDeps, 'database' | 'catalog' | 'queue' | 'log'>) {
  return sandboxPace({
    ...parts,
    startsPerHour: config.probe.sandboxStartsPerHour,
    intervalMs: config.probe.sandboxIntervalHours * 3_600_000,
    instance: `prober/${INSTANCE_ID}`,
  })
}

/** The pace as built. */
export type SandboxPace = ReturnType<typeof sandboxPace>
