// Claims, for the claim-verifier: record a verified claim, revoke one after its grace period.
import type { CatalogCall } from './call'

/** A verified claim as the claim-verifier records it. */
export interface ClaimRecord {
  claimId: string
  claimant: string
  method: string
  evidence: unknown
}

/** The claim methods of the catalog client. */
export const claimCalls = (call: CatalogCall) => ({
  /** Records a verified claim (idempotent by claimId); null when the listing cannot be claimed. */
  recordClaim: async (id: string, claim: ClaimRecord): Promise<{ status: string; approved: boolean } | null> => {
    const r = await call<{ listing: { status: string; approved: boolean } } | null>(
      'POST',
      `/internal/listings/${encodeURIComponent(id)}/claims`,
      { body: claim, missing: 'null' },
    )
    return r?.listing ?? null
  },
  /** Revokes a claim after its grace period (nothing to do when the listing is gone). */
  revokeClaim: async (id: string, claimId: string): Promise<void> => {
    await call('POST', `/internal/listings/${encodeURIComponent(id)}/claims/${encodeURIComponent(claimId)}/revoke`, {
      missing: 'null',
    })
  },
})
