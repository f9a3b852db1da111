/**
 * Import conflicts (catalog.import_conflicts): entries an import or a sync did not apply, kept for the operator with
 * their event. The same entry raised again updates its open conflict; one the operator dismissed is not raised again
 * until the upstream changes it.
 */
import {
  and,
  asc,
  catalogOutbox,
  count,
  desc,
  eq,
  importConflicts,
  inArray,
  type Database,
} from '@mcp-directory/shared/db'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import type { ConflictReason } from './plan'

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0]

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

/** The latest conflict of each name of one origin, among `names`. */
async function latestByName(tx: Tx, origin: string, names: string[]) {
  const out = new Map<
    string,
    { id: number; state: string; contentHash: string; listingId: string | null; reason: string }
  >()
  for (let i = 0; i < names.length; i += 1000) {
    const rows = await tx
      .select({
        id: importConflicts.id,
        name: importConflicts.name,
        state: importConflicts.state,
        contentHash: importConflicts.contentHash,
        listingId: importConflicts.listingId,
        reason: importConflicts.reason,
      })
      .from(importConflicts)
      .where(and(eq(importConflicts.origin, origin), inArray(importConflicts.name, names.slice(i, i + 1000))))
      .orderBy(asc(importConflicts.id))
    for (const r of rows) out.set(r.name, r)
  }
  return out
}

/**
 * Records the conflicts of one import (one origin) in one transaction; returns the names left out because the
 * operator dismissed that very entry before. An open conflict raised again is updated only when it changed.
 */
export async function recordConflicts(database: Database, writes: ConflictWrite[]): Promise<Set<string>> {
  const dismissed = new Set<string>()
  if (!writes.length) return dismissed
  const origin = writes[0].origin
  await database.db.transaction(async (tx) => {
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
        await tx
          .update(importConflicts)
          .set({ ...fieldsOf(w), updatedAt: new Date() })
          .where(eq(importConflicts.id, l.id))
    }
    for (let i = 0; i < fresh.length; i += 500) {
      const rows = await tx
        .insert(importConflicts)
        .values(fresh.slice(i, i + 500).map((w) => ({ origin, name: w.name, ...fieldsOf(w) })))
        .returning({
          id: importConflicts.id,
          name: importConflicts.name,
          listingId: importConflicts.listingId,
          reason: importConflicts.reason,
          at: importConflicts.createdAt,
        })
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
  })
  return dismissed
}

const fieldsOf = (w: ConflictWrite) => ({
  entry: storable(w.entry),
  contentHash: w.contentHash,
  listingId: w.listingId,
  reason: w.reason,
  detail: w.detail.slice(0, 1000),
})

/**
 * Names of `origin` whose entries wait for the operator or were dismissed: their versions are not recorded either,
 * so `/v0.1` never serves what the listing refused (a claimed listing's swapped package as its latest version).
 */
export async function namesHeldBack(database: Database, origin: string, names: string[]): Promise<Set<string>> {
  const out = new Set<string>()
  for (let i = 0; i < names.length; i += 1000) {
    const rows = await database.db
      .select({ name: importConflicts.name })
      .from(importConflicts)
      .where(
        and(
          eq(importConflicts.origin, origin),
          inArray(importConflicts.state, ['open', 'dismissed']),
          inArray(importConflicts.name, names.slice(i, i + 1000)),
        ),
      )
    for (const r of rows) out.add(r.name)
  }
  return out
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

/** Opens again a conflict whose acceptance could not be applied. */
export async function reopenConflict(database: Database, id: number) {
  await database.db
    .update(importConflicts)
    .set({ state: 'open', resolvedAt: null, updatedAt: new Date() })
    .where(eq(importConflicts.id, id))
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
