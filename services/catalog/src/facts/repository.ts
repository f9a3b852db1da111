// The queries of listings' facts: the row a facts write starts from, the write itself, a failed write's mark, and
// the probe targets. Every write takes the transaction its service opened.
import { and, asc, eq, listings, sql, type Database, type Tx } from '@mcp-directory/shared/db'

/** The listing's whole row, locked until the transaction ends. */
export async function lockListing(tx: Tx, id: string) {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update').limit(1)
  return row ?? null
}

/** Sets a listing's columns. */
export async function updateListing(tx: Tx, id: string, set: Partial<typeof listings.$inferInsert>) {
  await tx.update(listings).set(set).where(eq(listings.id, id))
}

/** Marks a listing as not current: its facts could not be written (`reason`), its health unknown, not verified. */
export async function markFactsFailed(tx: Tx, id: string, reason: string, healthCheckedAt: Date) {
  const [row] = await tx
    .update(listings)
    .set({
      factsWriteFailedAt: new Date(),
      factsWriteError: reason,
      health: 'unknown',
      healthCheckedAt,
      isVerifiedActive: false,
    })
    .where(eq(listings.id, id))
    .returning({ id: listings.id, name: listings.name, status: listings.status })
  return row ?? null
}

/** A page of active listing ids, in id order, after `after`. */
export async function activeListingIds(database: Database, after: string, limit: number): Promise<string[]> {
  const rows = await database.db
    .select({ id: listings.id })
    .from(listings)
    .where(after ? and(eq(listings.status, 'active'), sql`${listings.id} > ${after}`) : eq(listings.status, 'active'))
    .orderBy(asc(listings.id))
    .limit(limit)
  return rows.map((r) => r.id)
}
