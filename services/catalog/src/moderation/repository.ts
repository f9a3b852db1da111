// The queries of moderation: a pending listing inserted, the listings a new one is checked against, a listing locked
// for a status change, the queue. Every write takes the transaction its service opened.
import { and, count, desc, eq, inArray, listings, type Database, type Tx } from '@mcp-directory/shared/db'
import { HOLDING_STATUSES } from '../listings/identity'
import type { NewListingBody } from './model'
import { PUBLISHER_COLUMNS } from './namespaces'

/** A pending listing to create: the body with its optional fields filled. */
export type NewListing = Required<NewListingBody>

/** The id of the listing named exactly `name`, whatever its status. */
export async function listingIdOfName(tx: Tx, name: string): Promise<string | null> {
  const [row] = await tx.select({ id: listings.id }).from(listings).where(eq(listings.name, name)).limit(1)
  return row?.id ?? null
}

/** A listing's publisher columns (`PUBLISHER_COLUMNS`), or null. */
export async function publisherFacts(tx: Tx, id: string) {
  const [row] = await tx.select(PUBLISHER_COLUMNS).from(listings).where(eq(listings.id, id))
  return row ?? null
}

/** The listings of a holding status whose name's own part has the skeleton `ownSkeleton`, with their publisher columns. */
export function holdersOfOwnName(tx: Tx, ownSkeleton: string) {
  return tx
    .select({ ...PUBLISHER_COLUMNS, repositoryKey: listings.repositoryKey })
    .from(listings)
    .where(and(eq(listings.ownSkeleton, ownSkeleton), inArray(listings.status, [...HOLDING_STATUSES])))
}

/** What tells whether a listing is a submission's pending listing: its status, source and age. */
export async function originFacts(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      status: listings.status,
      source: listings.source,
      createdAt: listings.createdAt,
      name: listings.name,
      wantedName: listings.wantedName,
    })
    .from(listings)
    .where(eq(listings.id, id))
  return row ?? null
}

/** Inserts a listing; its id, name, status and creation time. */
export async function insertListing(tx: Tx, values: typeof listings.$inferInsert) {
  const [row] = await tx
    .insert(listings)
    .values(values)
    .returning({ id: listings.id, name: listings.name, status: listings.status, createdAt: listings.createdAt })
  return row
}

/** The listing whose status changes, locked until the transaction ends. */
export async function lockForStatus(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: listings.id,
      name: listings.name,
      status: listings.status,
      source: listings.source,
      urlKey: listings.urlKey,
      nameSkeleton: listings.nameSkeleton,
    })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update')
    .limit(1)
  return row ?? null
}

/** One page of the listings of one status, newest first, and how many there are. */
export async function queuePage(database: Database, status: string, limit: number, offset: number) {
  const [{ n }] = await database.db.select({ n: count() }).from(listings).where(eq(listings.status, status))
  const rows = await database.db
    .select({
      id: listings.id,
      name: listings.name,
      description: listings.description,
      category: listings.category,
      url: listings.url,
      status: listings.status,
      source: listings.source,
      reason: listings.moderationReason,
      createdAt: listings.createdAt,
      updatedAt: listings.updatedAt,
      risk: listings.risk,
      riskClearedHash: listings.riskClearedHash,
    })
    .from(listings)
    .where(eq(listings.status, status))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit)
    .offset(offset)
  return { total: n, rows }
}
