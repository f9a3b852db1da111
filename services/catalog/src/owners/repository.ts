/** The owner's queries: a listing's columns, the listing locked for a change, transfer offers. */
import { and, eq, listings, listingTransfers, type Tx } from '@mcp-directory/shared/db'

/** Columns of a listing to set. */
export type ListingSet = Partial<typeof listings.$inferInsert>

/** Sets a listing's columns; the listing as it now is, or null when it is gone. */
export async function setListing(tx: Tx, listingId: string, set: ListingSet) {
  const [row] = await tx
    .update(listings)
    .set(set)
    .where(eq(listings.id, listingId))
    .returning({ id: listings.id, name: listings.name, status: listings.status })
  return row ?? null
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
