// Claims, for the claim-verifier: record a verified claim, lease the claims due for a re-check, post each result.
// The catalog owns claim state and writes each change with its effects; the claim-verifier keeps nothing.
import type { Static } from '@sinclair/typebox'
import type {
  ClaimRecord,
  DueClaim,
  DueClaims,
  RecheckedClaim,
  RecheckResult,
  RecordedClaim,
} from '../contracts/claims'
import type { CatalogCall } from './call'

export type { ClaimRecord, DueClaim, RecheckedClaim, RecheckResult } from '../contracts/claims'

/** The claim methods of the catalog client. */
export const claimCalls = (call: CatalogCall) => ({
  /** Records a verified claim (idempotent by claimId); null when the listing cannot be claimed. */
  recordClaim: async (id: string, claim: ClaimRecord): Promise<Static<typeof RecordedClaim>['listing'] | null> => {
    const r = await call<Static<typeof RecordedClaim> | null>(
      'POST',
      `/internal/listings/${encodeURIComponent(id)}/claims`,
      { body: claim, missing: 'null' },
    )
    return r?.listing ?? null
  },
  /** Leases up to `limit` claims due for a re-check: another caller does not get them until the next interval. */
  dueClaims: async (limit = 20): Promise<DueClaim[]> =>
    (await call<Static<typeof DueClaims>>('POST', `/internal/claims/due?limit=${limit}`)).claims,
  /** Records a re-check's result; null when the claim is gone or already revoked. */
  recordRecheck: async (claimId: string, result: RecheckResult): Promise<RecheckedClaim | null> => {
    const r = await call<{ claim: RecheckedClaim } | null>(
      'POST',
      `/internal/claims/${encodeURIComponent(claimId)}/rechecks`,
      { body: result, missing: 'null' },
    )
    return r?.claim ?? null
  },
})
