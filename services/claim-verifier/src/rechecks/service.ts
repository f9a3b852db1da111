// The periodic re-check: the catalog leases the claims that are due, the verifier checks each proof by the claim's
// own method and the reciprocal badges, and posts the result; the catalog records it with its effects (a claim
// failing for the whole grace period is revoked there, in the same transaction).
import type { DueClaim } from '@mcp-directory/shared/contracts/claims'
import { VerificationFailed } from '@mcp-directory/shared/errors'
import { startPollingWorker } from '@mcp-directory/shared/worker'
import type { ClaimContext } from '../context'
import { proofFor } from '../proof'
import { checkReciprocal } from '../checks/proofs'
import type { ClaimMethod } from '../claims/model'
import { type Check, type Verification, verifyClaim } from '../verify'

/** Checks one due claim; null when its listing is gone (its lease simply expires). */
async function verifyAgain(ctx: ClaimContext, claim: DueClaim): Promise<Verification | null> {
  const listing = await ctx.deps.catalog.listing(claim.listingId)
  if (!listing) return null
  const proof = proofFor(ctx.deps.secret, claim.listingId, claim.claimantKey)
  try {
    return await verifyClaim(ctx.verifier, listing, claim.method as ClaimMethod, proof, claim.websiteUrl, {
      reciprocal: 'always',
    })
  } catch (err) {
    if (!(err instanceof VerificationFailed)) throw err
    // The listing no longer points to the site: the proof no longer counts.
    return { ok: false, checks: err.checks as Check[], reciprocal: await checkReciprocal(ctx.verifier, listing, null) }
  }
}

/** One re-check: verified again, the result posted to the catalog. */
async function recheck(ctx: ClaimContext, claim: DueClaim): Promise<void> {
  const verification = await verifyAgain(ctx, claim)
  if (!verification) return
  const { reciprocal } = verification
  const result = await ctx.deps.catalog.recordRecheck(claim.claimId, {
    proofOk: verification.ok,
    reciprocalReadme: reciprocal.readme?.ok ?? false,
    reciprocalSite: reciprocal.site?.ok ?? false,
    details: { checks: verification.checks, reciprocal },
  })
  if (result?.revoked)
    ctx.deps.log.warn(
      { id: claim.listingId, claimId: claim.claimId },
      'claim revoked: its proof failed every re-check of the grace period',
    )
}

/** One pass of re-checks over the claims that are due; returns how many were due. */
export async function recheckDue(ctx: ClaimContext, limit = 20): Promise<number> {
  const due = await ctx.deps.catalog.dueClaims(limit)
  for (const claim of due) {
    try {
      await recheck(ctx, claim)
    } catch (err) {
      ctx.deps.log.warn(
        { claimId: claim.claimId, err: String(err) },
        'claim re-check failed; tried again next interval',
      )
    }
  }
  return due.length
}

/** Runs a re-check pass every minute (a catalog that cannot be reached is tried again at the next one). */
export function startRechecks(ctx: ClaimContext) {
  return startPollingWorker({
    pass: () => recheckDue(ctx),
    intervalMs: 60_000,
    onError: (err, first) => first && ctx.deps.log.warn({ err: String(err) }, 'claim re-check pass failed'),
  })
}
