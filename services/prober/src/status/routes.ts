// The prober's operator API (internal: never in the gateway's public route table) and its health path.
import type { Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { healthRoute, mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { probeReport } from '../state/service'
import { readProberStatus, readProbeState } from './contract'

/** What the status route reports about this replica. */
export interface ProberStatus {
  probing: boolean
  queue: string
  pending: () => Promise<number>
  probedByThisReplica: () => number
  round: () => number
  /** The sandbox's pace (null: this replica queues no sandbox starts). */
  sandboxPace: (() => Promise<{ startsPerHour: number; queuedLastHour: number }>) | null
}

/** Health (for process supervisors), what the prober last saw of a listing, and this replica's status. */
export const statusRoutes = (database: Database, log: Logger, status: ProberStatus) =>
  new Elysia({ name: 'prober:status' })
    .use(healthRoute('prober', { database, log }))
    .use(mount(readProbeState, ({ params }) => probeReport(database, params.id)))
    .use(
      mount(readProberStatus, async () => ({
        probing: status.probing,
        queue: status.queue,
        pending: await status.pending().catch(() => null),
        probedByThisReplica: status.probedByThisReplica(),
        round: status.round(),
        sandboxPace: status.sandboxPace ? await status.sandboxPace().catch(() => null) : null,
      })),
    )
