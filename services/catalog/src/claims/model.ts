// The models of the catalog's internal claims routes: shared with the catalog client (see shared/src/contracts/claims).
// The routes bound their path parameters with these (their contracts only name them).
export { ClaimParams, ListingParams } from '@mcp-directory/shared/contracts/claims'
