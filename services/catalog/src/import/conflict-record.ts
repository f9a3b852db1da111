/**
 * Import conflicts recorded: the entries an import or a sync did not apply, kept for the operator with their event
 * (the same entry raised again updates its open conflict; one the operator dismissed is not raised again until the
 * upstream changes it).
 */
import { catalogOutbox, type Database, type Tx } from '@mcp-directory/shared/db'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import {
  type ConflictFields,
  insertConflicts,
  latestByName,
  openConflictCount,
  updateConflict,
} from './conflict-repository'
import type { ConflictReason } from './plan'

/** One conflict to record. */
export interface ConflictWrite {
  origin: string
  name: string
  entry: unknown
  contentHash: string
  listingId: string | null
  reason: ConflictReason
  detail: string
}

// PostgreSQL's jsonb cannot hold U+0000: an entry carrying one is stored without it (the entry is kept for review only).
function storable(entry: unknown): Record<string, unknown> {
  const text = JSON.stringify(entry ?? {}).replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1')
  const v = JSON.parse(text) as unknown
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v }
}

const fieldsOf = (w: ConflictWrite): ConflictFields => ({
  entry: storable(w.entry),
  contentHash: w.contentHash,
  listingId: w.listingId,
  reason: w.reason,
  detail: w.detail.slice(0, 1000),
})

/**
 * Open conflicts one origin may have waiting for the operator. An upstream can name as many new servers as it
 * likes, each meeting a claimed or look-alike listing: past this many, a conflict is not kept (its entry is skipped,
 * saying why) until the operator has decided some. A real registry's overlap with another (about 5,000) fits.
 */
export const MAX_OPEN_CONFLICTS = 5_000

/** What became of an import's conflicts that were not kept open. */
export interface ConflictsRecorded {
  /** Names left out because the operator dismissed that very entry before. */
  dismissed: Set<string>
  /** Names not kept because the origin already has `MAX_OPEN_CONFLICTS` waiting. */
  overCap: Set<string>
}

/**
 * Records the conflicts of one import (one origin) in one transaction. An open conflict raised again is updated
 * only when it changed; a new one is kept while the origin has room (`MAX_OPEN_CONFLICTS`).
 */
export async function recordConflicts(
  database: Database,
  writes: ConflictWrite[],
  cap = MAX_OPEN_CONFLICTS,
): Promise<ConflictsRecorded> {
  if (!writes.length) return { dismissed: new Set(), overCap: new Set() }
  return database.db.transaction((tx) => recordConflictsIn(tx, writes, cap))
}

/** `recordConflicts` inside a transaction of the caller's (an import's chunk keeps its late conflicts with its writes). */
export async function recordConflictsIn(
  tx: Tx,
  writes: ConflictWrite[],
  cap = MAX_OPEN_CONFLICTS,
): Promise<ConflictsRecorded> {
  const dismissed = new Set<string>()
  const overCap = new Set<string>()
  if (!writes.length) return { dismissed, overCap }
  const origin = writes[0].origin
  const last = await latestByName(
    tx,
    origin,
    writes.map((w) => w.name),
  )
  const fresh: ConflictWrite[] = []
  for (const w of writes) {
    const l = last.get(w.name)
    if (l?.state === 'dismissed' && l.contentHash === w.contentHash) dismissed.add(w.name)
    else if (l?.state !== 'open') fresh.push(w)
    else if (l.contentHash !== w.contentHash || l.listingId !== w.listingId || l.reason !== w.reason)
      await updateConflict(tx, l.id, fieldsOf(w))
  }
  const room = Math.max(0, cap - (await openConflictCount(tx, origin)))
  for (const w of fresh.splice(room)) overCap.add(w.name)
  for (let i = 0; i < fresh.length; i += 500) {
    const rows = await insertConflicts(
      tx,
      origin,
      fresh.slice(i, i + 500).map((w) => ({ name: w.name, ...fieldsOf(w) })),
    )
    for (const r of rows)
      await enqueueEvent(tx, catalogOutbox, 'listing.import_conflict', {
        conflictId: r.id,
        origin,
        name: r.name,
        listingId: r.listingId,
        reason: r.reason,
        at: r.at.toISOString(),
      })
  }
  return { dismissed, overCap }
}
