/**
 * Import conflicts (catalog.import_conflicts): entries an import or a sync did not apply, kept for the operator with
 * their event. The same entry raised again updates its open conflict; one the operator dismissed is not raised again
 * until the upstream changes it.
 */
import { and, catalogOutbox, count, desc, eq, importConflicts, type Database } from '@mcp-directory/shared/db'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
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

/** Records conflicts; returns the names left out because the operator dismissed that very entry before. */
export async function recordConflicts(database: Database, writes: ConflictWrite[]): Promise<Set<string>> {
  const dismissed = new Set<string>()
  for (const w of writes) {
    await database.db.transaction(async (tx) => {
      const [last] = await tx
        .select()
        .from(importConflicts)
        .where(and(eq(importConflicts.origin, w.origin), eq(importConflicts.name, w.name)))
        .orderBy(desc(importConflicts.id))
        .limit(1)
      if (last?.state === 'dismissed' && last.contentHash === w.contentHash) {
        dismissed.add(w.name)
        return
      }
      const fields = {
        entry: storable(w.entry),
        contentHash: w.contentHash,
        listingId: w.listingId,
        reason: w.reason,
        detail: w.detail.slice(0, 1000),
      }
      if (last?.state === 'open') {
        await tx
          .update(importConflicts)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(importConflicts.id, last.id))
        return
      }
      const [row] = await tx
        .insert(importConflicts)
        .values({ origin: w.origin, name: w.name, ...fields })
        .returning({ id: importConflicts.id, at: importConflicts.createdAt })
      await enqueueEvent(tx, catalogOutbox, 'listing.import_conflict', {
        conflictId: row.id,
        origin: w.origin,
        name: w.name,
        listingId: w.listingId,
        reason: w.reason,
        at: row.at.toISOString(),
      })
    })
  }
  return dismissed
}

/** A page of conflicts of one state, newest first. */
export async function listConflicts(database: Database, state: string, limit: number, offset: number) {
  const [{ n }] = await database.db.select({ n: count() }).from(importConflicts).where(eq(importConflicts.state, state))
  const rows = await database.db
    .select()
    .from(importConflicts)
    .where(eq(importConflicts.state, state))
    .orderBy(desc(importConflicts.id))
    .limit(limit)
    .offset(offset)
  return { total: n, conflicts: rows.map(presentConflict) }
}

/** One conflict, or undefined. */
export async function conflictById(database: Database, id: number) {
  const [row] = await database.db.select().from(importConflicts).where(eq(importConflicts.id, id)).limit(1)
  return row
}

/** Closes an open conflict as `accepted` or `dismissed`; false when it was not open. */
export async function closeConflict(database: Database, id: number, state: 'accepted' | 'dismissed') {
  const rows = await database.db
    .update(importConflicts)
    .set({ state, resolvedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(importConflicts.id, id), eq(importConflicts.state, 'open')))
    .returning({ id: importConflicts.id })
  return rows.length > 0
}

/** A conflict as the operator API shows it. */
export function presentConflict(r: typeof importConflicts.$inferSelect) {
  return {
    id: r.id,
    origin: r.origin,
    name: r.name,
    listingId: r.listingId,
    reason: r.reason,
    detail: r.detail,
    state: r.state,
    entry: r.entry,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }
}
