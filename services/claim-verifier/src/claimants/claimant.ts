// Who claims, and how often: an agent the gateway verified, or the holder of a claim link the submission service
// confirms; each limited to CLAIM_ATTEMPTS per window, whatever the listing.
import { AGENT_HEADERS } from '@mcp-directory/shared/agent-tokens'
import type { CatalogClient } from '@mcp-directory/shared/catalog-client'
import { InvalidClaimLink, NotFound, RateLimited, Unauthenticated } from '@mcp-directory/shared/errors'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import type { SubmissionClient } from '../clients'
import type { Claimant } from '../proof'
import type { ClaimableListing } from '../sites'

/** Claim attempts per claimant (token or claim link) per window. */
export const CLAIM_ATTEMPTS = { limit: 10, windowMs: 10 * 60_000 }
// Rejected and flagged listings are hidden; claiming them is answered like an unknown id.
const CLAIMABLE = new Set(['pending', 'active'])

/** The agent the gateway verified (its headers are set only by the gateway). */
export function agentOf(request: Request): Claimant {
  const agentId = request.headers.get(AGENT_HEADERS.agentId)
  if (!agentId) throw new Unauthenticated('A Bearer token with scope listings:claim is required', 'Bearer')
  return { kind: 'agent', agentId }
}

/** The claim-link holder, once the submission service confirms the secret. */
export async function linkHolderOf(submission: SubmissionClient, id: string, token: string): Promise<Claimant> {
  if (!(await submission.claimTokenMatches(id, token)))
    throw new InvalidClaimLink('This claim link is not valid for this listing')
  return { kind: 'claim_url', secretHash: new Bun.CryptoHasher('sha256').update(token).digest('hex') }
}

/** A listing that can be claimed: pending or active; anything else is a 404. */
export async function claimableListing(catalog: CatalogClient, id: string): Promise<ClaimableListing> {
  const listing = await catalog.listing(id)
  if (!listing || !CLAIMABLE.has(listing.status)) throw new NotFound('Listing')
  return listing
}

// What each counter of a claimant counts, as its 429 names it.
const COUNTED = { attempts: 'claim attempts', challenges: 'challenges' } as const

/**
 * Counts a claim attempt (or a challenge) of a claimant, refusing one over the limit (429). A store failure lets the
 * attempt through: the gateway still limits per client.
 */
export function attemptCounter(
  kv: KeyValueStore,
  attempts: { limit: number; windowMs: number },
  log: Logger,
  counted: keyof typeof COUNTED = 'attempts',
) {
  const what = COUNTED[counted]
  return async (key: string): Promise<void> => {
    const counterKey = `claims:${counted}:${new Bun.CryptoHasher('sha256').update(key).digest('hex').slice(0, 32)}`
    let hit: Awaited<ReturnType<KeyValueStore['hit']>>
    try {
      hit = await kv.hit(counterKey, attempts.windowMs)
    } catch (err) {
      log.warn({ err: String(err) }, `${what} counter unavailable; allowed`)
      return
    }
    if (hit.count <= attempts.limit) return
    const retry = Math.max(1, Math.ceil(hit.resetMs / 1000))
    throw new RateLimited(
      `At most ${attempts.limit} ${what} per ${Math.round(attempts.windowMs / 60_000)} minutes for one token or claim link; retry in ${retry} s`,
      retry,
    )
  }
}
