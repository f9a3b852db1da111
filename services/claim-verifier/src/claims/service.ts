// A claim: count the attempt, verify the proof where the method says, then have the catalog record it (the catalog
// owns claim state: official, active, the re-check schedule, the events, in one transaction).
import { randomUUID } from 'node:crypto'
import { NotFound, VerificationFailed } from '@mcp-directory/shared/errors'
import { claimableListing } from '../claimants/claimant'
import type { ClaimContext } from '../context'
import { type Claimant, claimantKey, claimantLabel, proofFor } from '../proof'
import { type Verification, verifiedClaim } from '../verify'
import type { ClaimableListing } from '../sites'
import { type ClaimMethod, type ClaimRequest, type ClaimResult, DEFAULT_CLAIM_METHOD } from './model'

/** Verifies a claim's proof; a failure (VerificationFailed, naming every place checked) is logged and refuses it. */
async function verified(
  ctx: ClaimContext,
  listing: ClaimableListing,
  method: ClaimMethod,
  proof: string,
  websiteUrl: string | null,
  logged: Record<string, unknown>,
): Promise<Verification> {
  try {
    return await verifiedClaim(ctx.verifier, listing, method, proof, websiteUrl)
  } catch (err) {
    if (err instanceof VerificationFailed) ctx.deps.log.info(logged, 'claim not verified')
    throw err
  }
}

/** Claims a listing for `claimant`: verified, then recorded by the catalog. */
export async function claim(
  ctx: ClaimContext,
  req: ClaimRequest,
  claimant: Claimant,
  requestId: string | null,
): Promise<ClaimResult> {
  const { log, catalog } = ctx.deps
  const key = claimantKey(claimant)
  const method: ClaimMethod = req.method ?? DEFAULT_CLAIM_METHOD
  const websiteUrl = req.websiteUrl ?? null
  await ctx.countAttempt(key)
  const listing = await claimableListing(catalog, req.id)
  const proof = proofFor(ctx.deps.secret, listing.id, key)
  const verification = await verified(ctx, listing, method, proof, websiteUrl, {
    requestId,
    id: listing.id,
    method,
    claimant: claimantLabel(key),
  })
  const reciprocal = {
    readme: verification.reciprocal.readme?.ok ?? false,
    site: verification.reciprocal.site?.ok ?? false,
  }
  const claimId = randomUUID()
  const recorded = await catalog.recordClaim(listing.id, {
    claimId,
    claimant: claimantLabel(key),
    claimantKey: key,
    method,
    websiteUrl,
    reciprocal,
    evidence: { checks: verification.checks.filter((c) => c.ok) },
  })
  if (!recorded) throw new NotFound('Listing')
  const reciprocalBadgeOk = reciprocal.readme || reciprocal.site
  log.info(
    { requestId, id: listing.id, method, claimant: claimantLabel(key), approved: recorded.approved, reciprocalBadgeOk },
    'claim verified',
  )
  return {
    success: true,
    pending: false,
    isOfficial: true,
    reciprocalBadgeOk,
    message: `${listing.name} is now official${recorded.approved ? ' and listed' : ''}: ownership verified by ${method}.${reciprocalBadgeOk ? '' : ' Add the directory badge to your README or site to earn the reciprocal link.'}`,
    // Additive: what was checked, and where the reciprocal badge was found.
    claimId,
    method,
    reciprocal: { readme: reciprocal.readme, website: reciprocal.site },
    checks: verification.checks,
  }
}
