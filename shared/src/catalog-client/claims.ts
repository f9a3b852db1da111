// Claims, for the claim-verifier: record a verified claim, lease the claims due for a re-check, post each result.
// The catalog owns claim state and writes each change with its effects; the claim-verifier keeps nothing.
import {
  type ClaimRecord,
  type DueClaim,
  leaseClaimsDue,
  type RecheckedClaim,
  type RecheckResult,
  recordClaimRecheck,
  recordListingClaim,
} from '../contracts/claims'
import type { SuccessOf } from '../contracts/endpoint'
import type { CatalogCall } from './call'

export type { ClaimRecord, DueClaim, RecheckedClaim, RecheckResult } from '../contracts/claims'

/** The claim methods of the catalog client. */
export const claimCalls = (call: CatalogCall) => ({
  /** Records a verified claim (idempotent by claimId); null when the listing cannot be claimed. */
  recordClaim: async (
    id: string,
    claim: ClaimRecord,
  ): Promise<SuccessOf<typeof recordListingClaim>['listing'] | null> =>
    (await call(recordListingClaim, { params: { id }, body: claim }, { missing: 'null' }))?.listing ?? null,
  /** Leases up to `limit` claims due for a re-check: another caller does not get them until the next interval. */
  dueClaims: async (limit = 20): Promise<DueClaim[]> => (await call(leaseClaimsDue, { query: { limit } })).claims,
  /** Records a re-check's result; null when the claim is gone or already revoked. */
  recordRecheck: async (claimId: string, result: RecheckResult): Promise<RecheckedClaim | null> =>
    (await call(recordClaimRecheck, { params: { claimId }, body: result }, { missing: 'null' }))?.claim ?? null,
})
