// The prober's own state, in its own schema: last state and bounded history per listing, ETags, host back-off,
// and the scheduler's rounds. Only this file touches these tables.
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
} from '@mcp-directory/shared/db'
import type { ToolInfo } from '@mcp-directory/shared/contracts'
import { storableValue } from '@mcp-directory/shared/text'

/** Probe results kept per listing (older ones are deleted as new ones arrive). */
export const HISTORY_PER_LISTING = 20

/** Host back-off: one minute after the first failure, doubling, at most six hours. */
export const BACKOFF_BASE_MS = 60_000
export const BACKOFF_MAX_MS = 6 * 3600_000

/** The last state of one listing. */
export type ProbeState = typeof probeStates.$inferSelect

/** One row of the probe history. */
export interface ProbeResultRow {
  kind: 'remote' | 'github' | 'registry'
  target: string
  outcome: string
  health?: string | null
  toolCount?: number | null
  latencyMs?: number | null
  detail?: string | null
}

/** Reads one listing's last state. */
export async function readState(database: Database, listingId: string): Promise<ProbeState | null> {
  const rows = await database.db.select().from(probeStates).where(eq(probeStates.listingId, listingId)).limit(1)
  return rows[0] ?? null
}

/** What one probe leaves behind. */
export interface ProbeRecord {
  listingId: string
  round: number
  at: Date
  /** Remote probe summary; absent when the listing has no remote endpoint or it was not contacted. */
  remote?: { health: string; ok: boolean; consecutiveFailures: number; tools?: ToolInfo[]; toolsSource?: string }
  results: ProbeResultRow[]
  /** ETags to remember per address (written only after the catalog took the facts). */
  etags: Map<string, string>
}

/** Saves a probe: the listing's state, its history rows (pruned to the newest HISTORY_PER_LISTING) and ETags. */
export async function saveProbe(database: Database, r: ProbeRecord): Promise<void> {
  await database.db.transaction(async (tx) => {
    // What a remote server said (its tool list, an error's text) is cleaned of what PostgreSQL cannot keep.
    const { remote, results } = storableValue({ remote: r.remote, results: r.results }).value
    const values = {
      listingId: r.listingId,
      lastProbedAt: r.at,
      lastRound: r.round,
      ...(remote
        ? {
            health: remote.health,
            consecutiveFailures: remote.consecutiveFailures,
            ...(remote.ok ? { lastOkAt: r.at } : {}),
            ...(remote.tools
              ? { tools: remote.tools, toolsSource: remote.toolsSource ?? null, toolsSeenAt: r.at }
              : {}),
          }
        : {}),
    }
    await tx.insert(probeStates).values(values).onConflictDoUpdate({ target: probeStates.listingId, set: values })
    if (results.length) {
      await tx.insert(probeResults).values(
        results.map((x) => ({
          listingId: r.listingId,
          at: r.at,
          kind: x.kind,
          target: x.target.slice(0, 2048),
          outcome: x.outcome,
          health: x.health ?? null,
          toolCount: x.toolCount ?? null,
          latencyMs: x.latencyMs ?? null,
          detail: x.detail?.slice(0, 500) ?? null,
        })),
      )
      await tx.execute(sql`
        delete from prober.results where listing_id = ${r.listingId} and id < (
          select min(id) from (select id from prober.results where listing_id = ${r.listingId} order by id desc limit ${HISTORY_PER_LISTING}) newest)`)
    }
    for (const [url, etag] of r.etags) {
      await tx
        .insert(httpCache)
        .values({ listingId: r.listingId, url, etag, checkedAt: r.at })
        .onConflictDoUpdate({ target: [httpCache.listingId, httpCache.url], set: { etag, checkedAt: r.at } })
    }
  })
}

/** The probe history of one listing, newest first. */
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

/** When a host may be contacted again (null: now). */
export async function hostRetryAt(database: Database, host: string): Promise<Date | null> {
  const rows = await database.db
    .select({ retryAt: hostBackoff.retryAt })
    .from(hostBackoff)
    .where(eq(hostBackoff.host, host.toLowerCase()))
    .limit(1)
  const at = rows[0]?.retryAt
  return at && at.getTime() > Date.now() ? at : null
}

/** Records a failure of a host: its back-off doubles (or is at least `minDelayMs`, e.g. a rate-limit reset). */
export async function noteHostFailure(database: Database, host: string, error: string, minDelayMs = 0): Promise<void> {
  const key = host.toLowerCase()
  await database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(hostBackoff).where(eq(hostBackoff.host, key)).for('update').limit(1)
    const failures = (row?.failures ?? 0) + 1
    const delay = Math.max(minDelayMs, Math.min(BACKOFF_BASE_MS * 2 ** (failures - 1), BACKOFF_MAX_MS))
    const values = { host: key, failures, retryAt: new Date(Date.now() + delay), lastError: error.slice(0, 300) }
    await tx.insert(hostBackoff).values(values).onConflictDoUpdate({ target: hostBackoff.host, set: values })
  })
}

/** A host answered: its back-off ends. */
export async function clearHost(database: Database, host: string): Promise<void> {
  await database.db.delete(hostBackoff).where(eq(hostBackoff.host, host.toLowerCase()))
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
