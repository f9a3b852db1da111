/** The owner's queries: a listing's columns and history lines, the listing locked for a change, transfer offers. */
import {
  and,
  asc,
  eq,
  listingHistory,
  listings,
  listingTransfers,
  type Database,
  type Tx,
} from '@mcp-directory/shared/db'

/** Columns of a listing to set. */
export type ListingSet = Partial<typeof listings.$inferInsert>

/** One line of a listing's history as the detail shows it. */
export interface HistoryLine {
  at: string
  kind: string
  actor: string
  details: Record<string, unknown>
}

/** Sets a listing's columns; the listing as it now is, or null when it is gone. */
export async function setListing(tx: Tx, listingId: string, set: ListingSet) {
  const [row] = await tx
    .update(listings)
    .set(set)
    .where(eq(listings.id, listingId))
    .returning({ id: listings.id, name: listings.name, status: listings.status })
  return row ?? null
}

/** Adds a line to a listing's history. */
export async function addHistoryLine(tx: Tx, line: typeof listingHistory.$inferInsert) {
  await tx.insert(listingHistory).values(line)
}

/** The listing's history, oldest first (the last 100 changes). */
export async function historyOf(database: Database, listingId: string): Promise<HistoryLine[]> {
  const rows = await database.db
    .select()
    .from(listingHistory)
    .where(eq(listingHistory.listingId, listingId))
    .orderBy(asc(listingHistory.id))
    .limit(100)
  return rows.map((r) => ({
    at: r.at.toISOString(),
    kind: r.kind,
    actor: r.actor,
    details: r.details as Record<string, unknown>,
  }))
}

/** The listing row an owner acts on, locked for the change. */
export async function lockForOwner(tx: Tx, id: string) {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update').limit(1)
  return row ?? null
}

/** Offers the listing to an agent (one offer at a time: a new one replaces the last). */
export async function putTransfer(tx: Tx, listingId: string, fromActor: string, toAgent: string, expiresAt: Date) {
  await tx
    .insert(listingTransfers)
    .values({ listingId, fromActor, toAgent, expiresAt })
    .onConflictDoUpdate({
      target: listingTransfers.listingId,
      set: { fromActor, toAgent, expiresAt, createdAt: new Date() },
    })
}

/** Takes (deletes) the offer of a listing to this agent, if there is one, live or expired. */
export async function takeTransfer(tx: Tx, listingId: string, toAgent: string) {
  const [row] = await tx
    .delete(listingTransfers)
    .where(and(eq(listingTransfers.listingId, listingId), eq(listingTransfers.toAgent, toAgent)))
    .returning()
  return row ?? null
}
