// The claim-verifier's own tables: verified claims and their re-checks.
import { and, claimChecks, claims, claimsOutbox, eq, sql, type Database } from '@mcp-directory/shared/db'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import type { ClaimMethod, Verification } from './verify'

/** A stored claim. */
export type ClaimRow = typeof claims.$inferSelect

/** Stores a verified claim, due for its first re-check after `recheckMs`. */
export async function saveClaim(
  database: Database,
  row: {
    id: string
    listingId: string
    claimant: string
    method: ClaimMethod
    websiteUrl: string | null
    verification: Verification
    at: Date
    recheckMs: number
  },
) {
  await database.db.insert(claims).values({
    id: row.id,
    listingId: row.listingId,
    claimant: row.claimant,
    method: row.method,
    websiteUrl: row.websiteUrl,
    evidence: { checks: row.verification.checks, reciprocal: row.verification.reciprocal },
    reciprocalReadme: row.verification.reciprocal.readme?.ok ?? false,
    reciprocalSite: row.verification.reciprocal.site?.ok ?? false,
    state: 'verified',
    verifiedAt: row.at,
    lastCheckedAt: row.at,
    nextCheckAt: new Date(row.at.getTime() + row.recheckMs),
  })
}

/**
 * Takes up to `limit` claims that are due, moving their next check forward in the same statement, so that
 * replicas never re-check the same claim at once and a crashed pass is retried one interval later.
 */
export async function leaseDueClaims(
  database: Database,
  now: Date,
  recheckMs: number,
  limit: number,
): Promise<ClaimRow[]> {
  const next = new Date(now.getTime() + recheckMs)
  const ids = database.db
    .select({ id: claims.id })
    .from(claims)
    .where(and(sql`${claims.state} <> 'revoked'`, sql`${claims.nextCheckAt} <= ${now.toISOString()}`))
    .orderBy(claims.nextCheckAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  return database.db.update(claims).set({ nextCheckAt: next }).where(sql`${claims.id} in ${ids}`).returning()
}

/** Records one re-check; the claim's state follows it, and a changed result publishes `claim.rechecked`. */
export async function recordRecheck(
  database: Database,
  claim: ClaimRow,
  result: { proofOk: boolean; reciprocalReadme: boolean; reciprocalSite: boolean; details: unknown },
  at: Date,
  graceMs: number,
) {
  return database.db.transaction(async (tx) => {
    await tx
      .insert(claimChecks)
      .values({
        claimId: claim.id,
        at,
        proofOk: result.proofOk,
        reciprocalReadme: result.reciprocalReadme,
        reciprocalSite: result.reciprocalSite,
        details: result.details ?? {},
      })
    const failingSince = result.proofOk ? null : (claim.failingSince ?? at)
    // One failed re-check never revokes: only failing for the whole grace period does.
    const state = result.proofOk
      ? 'verified'
      : at.getTime() - failingSince!.getTime() >= graceMs
        ? 'revoked'
        : 'failing'
    await tx
      .update(claims)
      .set({
        state,
        failingSince,
        lastCheckedAt: at,
        reciprocalReadme: result.reciprocalReadme,
        reciprocalSite: result.reciprocalSite,
      })
      .where(eq(claims.id, claim.id))
    const changed =
      state !== claim.state ||
      result.reciprocalReadme !== claim.reciprocalReadme ||
      result.reciprocalSite !== claim.reciprocalSite
    if (changed) {
      await enqueueEvent(tx, claimsOutbox, 'claim.rechecked', {
        claimId: claim.id,
        listingId: claim.listingId,
        proofOk: result.proofOk,
        reciprocalReadme: result.reciprocalReadme,
        reciprocalSite: result.reciprocalSite,
        state,
        at: at.toISOString(),
      })
    }
    return { state, changed }
  })
}

/** The re-check history of a claim, newest first. */
export async function checksOf(database: Database, claimId: string) {
  return database.db
    .select()
    .from(claimChecks)
    .where(eq(claimChecks.claimId, claimId))
    .orderBy(sql`${claimChecks.id} desc`)
}
