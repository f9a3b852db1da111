// The sandbox pace's own state, in the prober's schema: the ticks claimed (one replica queues each) and when each
// listing was last queued. Only this file touches these tables.
import { and, gte, inArray, lt, sandboxQueued, sandboxTicks, sql, type Database } from '@mcp-directory/shared/db'

/** Claims a tick; false when another replica (or an earlier call) already did. */
export async function claimSandboxTick(database: Database, tick: number, by: string): Promise<boolean> {
  const rows = await database.db
    .insert(sandboxTicks)
    .values({ tick, claimedBy: by })
    .onConflictDoNothing()
    .returning({ tick: sandboxTicks.tick })
  return rows.length === 1
}

/** Records how many starts a tick queued. */
export async function finishSandboxTick(database: Database, tick: number, queued: number): Promise<void> {
  await database.db.update(sandboxTicks).set({ queued }).where(sql`${sandboxTicks.tick} = ${tick}`)
}

/** Starts queued by the ticks at or after `since` (every replica's). */
export async function queuedSince(database: Database, since: number): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`coalesce(sum(${sandboxTicks.queued}), 0)::int` })
    .from(sandboxTicks)
    .where(gte(sandboxTicks.tick, since))
  return row?.n ?? 0
}

/** Which of `ids` were queued at or after `since` (still waiting or running, most likely). */
export async function queuedAmong(database: Database, ids: string[], since: Date): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const rows = await database.db
    .select({ id: sandboxQueued.listingId })
    .from(sandboxQueued)
    .where(and(inArray(sandboxQueued.listingId, ids), gte(sandboxQueued.queuedAt, since)))
  return new Set(rows.map((r) => r.id))
}

/** Remembers that these listings were queued now. */
export async function markQueued(database: Database, ids: string[], at: Date): Promise<void> {
  if (!ids.length) return
  await database.db
    .insert(sandboxQueued)
    .values(ids.map((listingId) => ({ listingId, queuedAt: at })))
    .onConflictDoUpdate({ target: sandboxQueued.listingId, set: { queuedAt: at } })
}

/** Forgets ticks and queuings older than `before`: they no longer bound anything. */
export async function forgetSandboxPace(database: Database, beforeTick: number, before: Date): Promise<void> {
  await database.db.delete(sandboxTicks).where(lt(sandboxTicks.tick, beforeTick))
  await database.db.delete(sandboxQueued).where(lt(sandboxQueued.queuedAt, before))
}
