// The models of the catalog's internal claims routes: shared with the catalog client (see shared/src/contracts/claims).
export {
  ClaimParams,
  ClaimRecordBody,
  DueClaims,
  DueClaimsQuery,
  ListingParams,
  RecheckBody,
  RecheckedClaim,
  RecordedClaim,
} from '@mcp-directory/shared/contracts/claims'
