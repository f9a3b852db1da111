// The catalog's internal claims endpoints, for the claim-verifier (never routed by the gateway, left out of the
// OpenAPI document). Their path parameters are bounded by ListingParams and ClaimParams.
import { defineContract, err } from '../endpoint'
import {
  ClaimParams,
  ClaimRecordBody,
  DueClaims,
  DueClaimsQuery,
  ListingParams,
  RecheckBody,
  RecheckedClaim,
  RecordedClaim,
} from './model'

const internal = { service: 'catalog', tag: 'internal', limit: null, auth: null, hidden: true } as const

/** `POST /internal/listings/:id/claims`: a verified claim, recorded with its effects (idempotent by claimId). */
export const recordListingClaim = defineContract({
  ...internal,
  method: 'POST',
  path: '/internal/listings/:id/claims',
  params: ListingParams,
  operationId: 'recordListingClaim',
  summary: 'Record a verified claim: the listing becomes official and active',
  body: ClaimRecordBody,
  responses: {
    200: { description: 'The listing after the claim', type: 'application/json', schema: RecordedClaim },
    400: err('invalid_parameter or invalid_body'),
    404: err('No such listing, or it cannot be claimed'),
    413: err('Body too large'),
  },
})

/** `POST /internal/claims/due`: a POST, since leasing moves each claim's next check forward. */
export const leaseClaimsDue = defineContract({
  ...internal,
  method: 'POST',
  path: '/internal/claims/due',
  operationId: 'leaseClaimsDue',
  summary: 'Lease the claims due for a re-check until the next interval',
  query: DueClaimsQuery,
  responses: {
    200: { description: 'The claims leased', type: 'application/json', schema: DueClaims },
    400: err('invalid_parameter'),
  },
})

/** `POST /internal/claims/:claimId/rechecks`: one re-check's result, recorded with its effects. */
export const recordClaimRecheck = defineContract({
  ...internal,
  method: 'POST',
  path: '/internal/claims/:claimId/rechecks',
  operationId: 'recordClaimRecheck',
  summary: "Record a re-check's result; a claim failing for its whole grace period is revoked",
  params: ClaimParams,
  body: RecheckBody,
  responses: {
    200: { description: 'The claim after the re-check', type: 'application/json', schema: RecheckedClaim },
    400: err('invalid_parameter or invalid_body'),
    404: err('No such claim, or it is revoked'),
    413: err('Body too large'),
  },
})
