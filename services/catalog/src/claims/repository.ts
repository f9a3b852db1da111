// Claim rows, their re-checks, and the listing they make official. Every function takes the transaction it runs in.
import {
  and,
  claimChecks,
  desc,
  eq,
  isNull,
  listingClaims,
  listings,
  listingTransfers,
  sql,
  type Database,
  type Tx,
} from '@mcp-directory/shared/db'

/** A stored claim. */
export type ClaimRow = typeof listingClaims.$inferSelect

/** The listing a claim changes, locked until the transaction ends (claims of one listing are applied one at a time). */
export async function lockListing(tx: Tx, listingId: string) {
  const [row] = await tx
    .select({ id: listings.id, name: listings.name, status: listings.status, ownerAgent: listings.ownerAgent })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for('update')
    .limit(1)
  return row ?? null
}

/** Inserts a claim; false when that claim id was recorded before. */
export async function insertClaim(tx: Tx, row: typeof listingClaims.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(listingClaims)
    .values(row)
    .onConflictDoNothing()
    .returning({ claimId: listingClaims.claimId })
  return inserted.length > 0
}

/**
 * Withdraws the listing's pending hand-over offer, if any. Called when a claim or a revocation changes the listing's
 * owning agent: an offer was made for the listing as it was owned then, and a publisher's offer would otherwise let
 * the agent it names take the listing from the agent who has since proven ownership.
 */
export async function withdrawTransferOffer(tx: Tx, listingId: string): Promise<void> {
  await tx.delete(listingTransfers).where(eq(listingTransfers.listingId, listingId))
}

/** Sets the listing's official mark (and any other listing fields given). */
export async function markListing(tx: Tx, listingId: string, set: Partial<typeof listings.$inferInsert>) {
  await tx.update(listings).set(set).where(eq(listings.id, listingId))
}

/** Whether a claim on the listing still stands (not revoked). */
export async function hasStandingClaim(tx: Tx, listingId: string): Promise<boolean> {
  const standing = await tx
    .select({ claimId: listingClaims.claimId })
    .from(listingClaims)
    .where(and(eq(listingClaims.listingId, listingId), isNull(listingClaims.revokedAt)))
    .limit(1)
  return standing.length > 0
}

/** The agent of the newest claim of a listing still standing that an agent made, or null when there is none. */
export async function standingClaimAgent(tx: Tx, listingId: string): Promise<string | null> {
  const [row] = await tx
    .select({ key: listingClaims.claimantKey })
    .from(listingClaims)
    .where(
      and(
        eq(listingClaims.listingId, listingId),
        isNull(listingClaims.revokedAt),
        sql`${listingClaims.claimantKey} like 'agent:%'`,
      ),
    )
    .orderBy(desc(listingClaims.claimedAt))
    .limit(1)
  return row ? row.key.slice('agent:'.length) : null
}

/** The newest claim of a listing still standing that `method` proved, or null when there is none. */
export async function standingClaimBy(tx: Tx, listingId: string, method: 'dns' | 'github'): Promise<ClaimRow | null> {
  const [row] = await tx
    .select()
    .from(listingClaims)
    .where(
      and(eq(listingClaims.listingId, listingId), isNull(listingClaims.revokedAt), eq(listingClaims.method, method)),
    )
    .orderBy(desc(listingClaims.claimedAt))
    .limit(1)
  return row ?? null
}

/** The claim, locked until the transaction ends. */
export async function lockClaim(tx: Tx, claimId: string): Promise<ClaimRow | null> {
  const [row] = await tx.select().from(listingClaims).where(eq(listingClaims.claimId, claimId)).for('update').limit(1)
  return row ?? null
}

/** Updates a claim's state. */
export async function updateClaim(tx: Tx, claimId: string, set: Partial<ClaimRow>) {
  await tx.update(listingClaims).set(set).where(eq(listingClaims.claimId, claimId))
}

/** Records one re-check. */
export async function insertCheck(tx: Tx, row: typeof claimChecks.$inferInsert) {
  await tx.insert(claimChecks).values(row)
}

/**
 * Takes up to `limit` claims that are due, moving their next check forward in the same statement, so that
 * verifier replicas never re-check the same claim at once and a crashed pass is retried one interval later.
 */
export async function leaseDueClaims(database: Database, now: Date, recheckMs: number, limit: number) {
  const ids = database.db
    .select({ id: listingClaims.claimId })
    .from(listingClaims)
    .where(and(sql`${listingClaims.state} <> 'revoked'`, sql`${listingClaims.nextCheckAt} <= ${now.toISOString()}`))
    .orderBy(listingClaims.nextCheckAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  return database.db
    .update(listingClaims)
    .set({ nextCheckAt: new Date(now.getTime() + recheckMs) })
    .where(sql`${listingClaims.claimId} in ${ids}`)
    .returning()
}
