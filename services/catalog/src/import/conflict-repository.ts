// The queries of import conflicts (catalog.import_conflicts): the entries an import or a sync did not apply, kept
// for the operator. What to record, and the events, are decided in `conflict-record.ts`.
import { and, asc, count, desc, eq, importConflicts, inArray, type Database, type Tx } from '@mcp-directory/shared/db'

/** The columns a conflict's entry is stored in. */
export type ConflictFields = Pick<
  typeof importConflicts.$inferInsert,
  'entry' | 'contentHash' | 'listingId' | 'reason' | 'detail'
>

/** The latest conflict of each name of one origin, among `names`. */
export async function latestByName(tx: Tx, origin: string, names: string[]) {
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

/** How many conflicts of one origin wait for the operator. */
export async function openConflictCount(tx: Tx, origin: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(importConflicts)
    .where(and(eq(importConflicts.origin, origin), eq(importConflicts.state, 'open')))
  return row?.n ?? 0
}

/** Updates an open conflict raised again with what the entry now is. */
export async function updateConflict(tx: Tx, id: number, fields: ConflictFields) {
  await tx
    .update(importConflicts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(importConflicts.id, id))
}

/** Inserts open conflicts of one origin; their ids, names, listings, reasons and creation times. */
export function insertConflicts(tx: Tx, origin: string, rows: (ConflictFields & { name: string })[]) {
  return tx
    .insert(importConflicts)
    .values(rows.map((r) => ({ origin, ...r })))
    .returning({
      id: importConflicts.id,
      name: importConflicts.name,
      listingId: importConflicts.listingId,
      reason: importConflicts.reason,
      at: importConflicts.createdAt,
    })
}

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

/** A page of conflicts of one state, newest first, and how many there are. */
export async function conflictPage(database: Database, state: string, limit: number, offset: number) {
  const [{ n }] = await database.db.select({ n: count() }).from(importConflicts).where(eq(importConflicts.state, state))
  const rows = await database.db
    .select()
    .from(importConflicts)
    .where(eq(importConflicts.state, state))
    .orderBy(desc(importConflicts.id))
    .limit(limit)
    .offset(offset)
  return { total: n, rows }
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
