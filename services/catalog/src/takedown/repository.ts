// The queries of takedowns: the listing locked, the takedown recorded, its served versions deleted, and what a new
// entry, submission or publish is checked against. Every write takes the transaction its service opened.
import { and, eq, listings, or, serverVersions, sql, takedowns, type Database, type Tx } from '@mcp-directory/shared/db'

/** What a takedown reads of a listing, locked until the transaction ends. */
export async function lockListing(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: listings.id,
      name: listings.name,
      status: listings.status,
      url: listings.url,
      repositoryUrl: listings.repositoryUrl,
      repositorySubfolder: listings.repositorySubfolder,
    })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update')
    .limit(1)
  return row ?? null
}

/** The takedown of a listing, if it was taken down. */
export async function takedownOf(tx: Pick<Tx, 'select'>, listingId: string) {
  const [row] = await tx.select().from(takedowns).where(eq(takedowns.listingId, listingId)).limit(1)
  return row ?? null
}

/** Records a takedown. */
export async function insertTakedown(tx: Tx, row: typeof takedowns.$inferInsert) {
  await tx.insert(takedowns).values(row)
}

/** Every served version of the listing becomes `deleted` (registry clients drop it); how many changed. */
export async function deleteServedVersions(tx: Tx, listingId: string, message: string, at: Date): Promise<number> {
  const rows = await tx
    .update(serverVersions)
    .set({ status: 'deleted', statusMessage: message, updatedAt: at })
    .where(and(eq(serverVersions.listingId, listingId), sql`${serverVersions.status} <> 'deleted'`))
    .returning({ version: serverVersions.version })
  return rows.length
}

/** What an entry, a submission or a publish is known by. */
export interface IdentityKeys {
  nameSkeleton: string
  repositoryKey: string | null
  urlKey: string | null
}

/** A takedown whose name skeleton, repository or address is one of `keys`' (an address may be either key). */
export async function takedownMatching(tx: Pick<Tx, 'select'>, keys: IdentityKeys) {
  const addresses = [keys.repositoryKey, keys.urlKey].filter((k): k is string => k !== null)
  const byAddress = addresses.flatMap((k) => [eq(takedowns.repositoryKey, k), eq(takedowns.urlKey, k)])
  const [row] = await tx
    .select()
    .from(takedowns)
    .where(or(eq(takedowns.nameSkeleton, keys.nameSkeleton), ...byAddress))
    .orderBy(takedowns.at)
    .limit(1)
  return row ?? null
}

/** Every takedown's keys and reason (an import compares each entry with them; a few rows). */
export async function allTakedowns(database: Database) {
  return database.db
    .select({
      nameSkeleton: takedowns.nameSkeleton,
      repositoryKey: takedowns.repositoryKey,
      urlKey: takedowns.urlKey,
      reason: takedowns.reason,
    })
    .from(takedowns)
}
