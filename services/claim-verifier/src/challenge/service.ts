// The challenge: what a claimant must publish for each method, with its own proof value.
import { json } from '@mcp-directory/shared/http'
import { claimableListing } from '../claimants/service'
import type { ClaimContext } from '../context'
import { type Claimant, claimantKey, proofFor } from '../proof'
import { challengeFor } from '../verify'

/** The challenge of listing `id` for `claimant` (never cached: the proof is personal). */
export async function challenge(ctx: ClaimContext, id: string, claimant: Claimant): Promise<Response> {
  const listing = await claimableListing(ctx.deps.catalog, id)
  const proof = proofFor(ctx.deps.secret, listing.id, claimantKey(claimant))
  return json(await challengeFor(ctx.verifier, listing, proof), 200, { 'cache-control': 'no-store' })
}
