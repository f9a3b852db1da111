// The prober's own state, in its own schema: last state and history per listing, ETags, host back-off, and the
// scheduler's rounds. Only this file touches these tables; what to write is decided in `service.ts`.
import {
  and,
  eq,
  hostBackoff,
  httpCache,
  inArray,
  probeResults,
  probeRounds,
  probeStates,
  sql,
  type Database,
  type Tx,
} from '@mcp-directory/shared/db'

/** The last state of one listing. */
export type ProbeState = typeof probeStates.$inferSelect

/** Reads one listing's last state. */
export async function readState(database: Database, listingId: string): Promise<ProbeState | null> {
  const rows = await database.db.select().from(probeStates).where(eq(probeStates.listingId, listingId)).limit(1)
  return rows[0] ?? null
}

/** Sets a listing's last state (created on its first probe). */
export async function upsertState(tx: Tx, values: typeof probeStates.$inferInsert) {
  await tx.insert(probeStates).values(values).onConflictDoUpdate({ target: probeStates.listingId, set: values })
}

/** Adds rows to a listing's probe history. */
export async function insertResults(tx: Tx, rows: (typeof probeResults.$inferInsert)[]) {
  await tx.insert(probeResults).values(rows)
}

/** Deletes a listing's probe history but its newest `keep` rows. */
export async function pruneResults(tx: Tx, listingId: string, keep: number) {
  await tx.execute(sql`
    delete from prober.results where listing_id = ${listingId} and id < (
      select min(id) from (select id from prober.results where listing_id = ${listingId} order by id desc limit ${keep}) newest)`)
}

/** Remembers the ETag of one of a listing's addresses. */
export async function upsertEtag(tx: Tx, listingId: string, url: string, etag: string, at: Date) {
  await tx
    .insert(httpCache)
    .values({ listingId, url, etag, checkedAt: at })
    .onConflictDoUpdate({ target: [httpCache.listingId, httpCache.url], set: { etag, checkedAt: at } })
}

/** The probe history of one listing, newest first. */
/** The newest remote probe of a listing that reached its endpoint (not a skip): none or one row. */
export async function lastRemoteProbe(database: Database, listingId: string) {
  return database.db
    .select({ kind: probeResults.kind, target: probeResults.target, outcome: probeResults.outcome })
    .from(probeResults)
    .where(
      and(
        eq(probeResults.listingId, listingId),
        eq(probeResults.kind, 'remote'),
        sql`${probeResults.outcome} <> 'skipped'`,
      ),
    )
    .orderBy(sql`${probeResults.id} desc`)
    .limit(1)
}

export async function readHistory(database: Database, listingId: string) {
  return database.db
    .select()
    .from(probeResults)
    .where(eq(probeResults.listingId, listingId))
    .orderBy(sql`${probeResults.id} desc`)
}

/** Stored ETags of a listing's addresses. */
export async function readEtags(database: Database, listingId: string, urls: string[]): Promise<Map<string, string>> {
  if (urls.length === 0) return new Map()
  const rows = await database.db
    .select({ url: httpCache.url, etag: httpCache.etag })
    .from(httpCache)
    .where(and(eq(httpCache.listingId, listingId), inArray(httpCache.url, urls)))
  return new Map(rows.map((r) => [r.url, r.etag]))
}

/** When a host's back-off ends, or null when it has none. */
export async function hostRetryTime(database: Database, host: string): Promise<Date | null> {
  const rows = await database.db
    .select({ retryAt: hostBackoff.retryAt })
    .from(hostBackoff)
    .where(eq(hostBackoff.host, host))
    .limit(1)
  return rows[0]?.retryAt ?? null
}

/** A host's back-off row, locked until the transaction ends. */
export async function lockHostBackoff(tx: Tx, host: string) {
  const [row] = await tx.select().from(hostBackoff).where(eq(hostBackoff.host, host)).for('update').limit(1)
  return row ?? null
}

/** Sets a host's back-off. */
export async function upsertHostBackoff(tx: Tx, values: typeof hostBackoff.$inferInsert) {
  await tx.insert(hostBackoff).values(values).onConflictDoUpdate({ target: hostBackoff.host, set: values })
}

/** Deletes a host's back-off. */
export async function deleteHostBackoff(database: Database, host: string): Promise<void> {
  await database.db.delete(hostBackoff).where(eq(hostBackoff.host, host))
}

/** Claims a scheduler round: true for the one replica whose insert made the row. */
export async function claimRound(database: Database, round: number, by: string): Promise<boolean> {
  const rows = await database.db
    .insert(probeRounds)
    .values({ round, startedBy: by })
    .onConflictDoNothing()
    .returning({ round: probeRounds.round })
  return rows.length === 1
}

/** Gives a claimed round up (its queuing failed), so it can be claimed again. */
export async function releaseRound(database: Database, round: number): Promise<void> {
  await database.db.delete(probeRounds).where(eq(probeRounds.round, round))
}

/** Records how many listings a round queued. */
export async function finishRound(
  database: Database,
  round: number,
  enqueued: number,
  details: Record<string, unknown>,
): Promise<void> {
  await database.db.update(probeRounds).set({ enqueued, details }).where(eq(probeRounds.round, round))
}

/** When each listing was last probed (the scheduler queues the least recently probed first). */
export async function lastProbedTimes(database: Database): Promise<Map<string, number>> {
  const rows = await database.db.select({ id: probeStates.listingId, at: probeStates.lastProbedAt }).from(probeStates)
  return new Map(rows.map((r) => [r.id, r.at?.getTime() ?? 0]))
}
