// What the prober keeps of a probe: the listing's last state, its history bounded to the newest rows, and the
// ETags of its addresses, in one transaction; and each host's back-off after failures.
import type { ToolInfo } from '@mcp-directory/shared/contracts'
import type { Database } from '@mcp-directory/shared/db'
import { NotFound } from '@mcp-directory/shared/errors'
import { storableValue } from '@mcp-directory/shared/text'
import {
  deleteHostBackoff,
  hostRetryTime,
  insertResults,
  lockHostBackoff,
  pruneResults,
  readHistory,
  readState,
  upsertEtag,
  upsertHostBackoff,
  upsertState,
} from './repository'

/** Probe results kept per listing (older ones are deleted as new ones arrive). */
export const HISTORY_PER_LISTING = 20

/** Host back-off: one minute after the first failure, doubling, at most six hours. */
export const BACKOFF_BASE_MS = 60_000
export const BACKOFF_MAX_MS = 6 * 3600_000

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
  // What a remote server said (its tool list, an error's text) is cleaned of what PostgreSQL cannot keep.
  const { remote, results } = storableValue({ remote: r.remote, results: r.results }).value
  await database.db.transaction(async (tx) => {
    await upsertState(tx, {
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
    })
    if (results.length) {
      await insertResults(
        tx,
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
      await pruneResults(tx, r.listingId, HISTORY_PER_LISTING)
    }
    for (const [url, etag] of r.etags) await upsertEtag(tx, r.listingId, url, etag, r.at)
  })
}

/** What the prober last saw of a listing, and its history (newest first). */
export async function probeReport(database: Database, listingId: string) {
  const state = await readState(database, listingId)
  if (!state) throw new NotFound('Probe state')
  return { state, history: await readHistory(database, listingId) }
}

/** When a host may be contacted again (null: now). */
export async function hostRetryAt(database: Database, host: string): Promise<Date | null> {
  const at = await hostRetryTime(database, host.toLowerCase())
  return at && at.getTime() > Date.now() ? at : null
}

/** Records a failure of a host: its back-off doubles (or is at least `minDelayMs`, e.g. a rate-limit reset). */
export async function noteHostFailure(database: Database, host: string, error: string, minDelayMs = 0): Promise<void> {
  const key = host.toLowerCase()
  await database.db.transaction(async (tx) => {
    const row = await lockHostBackoff(tx, key)
    const failures = (row?.failures ?? 0) + 1
    const delay = Math.max(minDelayMs, Math.min(BACKOFF_BASE_MS * 2 ** (failures - 1), BACKOFF_MAX_MS))
    await upsertHostBackoff(tx, {
      host: key,
      failures,
      retryAt: new Date(Date.now() + delay),
      lastError: error.slice(0, 300),
    })
  })
}

/** A host answered: its back-off ends. */
export const clearHost = (database: Database, host: string) => deleteHostBackoff(database, host.toLowerCase())
