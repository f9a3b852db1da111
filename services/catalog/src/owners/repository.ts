/** The owner's writes: a listing changed with its history line and its event, transfers waiting, merges. */
import {
  and,
  asc,
  catalogOutbox,
  eq,
  listingHistory,
  listings,
  listingTransfers,
  type Database,
} from '@mcp-directory/shared/db'
import { enqueueEvent } from '@mcp-directory/shared/outbox'

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0]
type ListingSet = Partial<typeof listings.$inferInsert>

/** One line of a listing's history as the detail shows it. */
export interface HistoryLine {
  at: string
  kind: string
  actor: string
  details: Record<string, unknown>
}

/** A change by an owner: the columns, the history line and `listing.owner_changed`, in one transaction. */
export async function applyOwnerChange(
  tx: Tx,
  listingId: string,
  change: { kind: string; actor: string; set?: ListingSet; details?: Record<string, unknown> },
): Promise<void> {
  const at = new Date()
  const [row] = await tx
    .update(listings)
    .set({ ...change.set, updatedAt: at })
    .where(eq(listings.id, listingId))
    .returning({ id: listings.id, name: listings.name, status: listings.status })
  if (!row) return
  await tx
    .insert(listingHistory)
    .values({ listingId, at, kind: change.kind, actor: change.actor, details: change.details ?? {} })
  await enqueueEvent(tx, catalogOutbox, 'listing.owner_changed', {
    ...row,
    at: at.toISOString(),
    kind: change.kind,
    actor: change.actor,
  })
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

/** Takes the live offer of a listing to this agent, if there is one. */
export async function takeTransfer(tx: Tx, listingId: string, toAgent: string) {
  const [row] = await tx
    .delete(listingTransfers)
    .where(and(eq(listingTransfers.listingId, listingId), eq(listingTransfers.toAgent, toAgent)))
    .returning()
  return row && row.expiresAt.getTime() > Date.now() ? row : null
}
