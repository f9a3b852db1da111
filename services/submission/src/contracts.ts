// The submission service's public endpoints, as its resources declare them; the gateway's route table lists them.
import type { Contract } from '@mcp-directory/shared/contracts'
import { adminApproveListing, adminFlagListing, adminListListings, adminRejectListing } from './moderation/contract'
import { submitServer } from './submissions/contract'

export { adminApproveListing, adminFlagListing, adminListListings, adminRejectListing } from './moderation/contract'
export { submitServer } from './submissions/contract'

/** The submission service's public routes: submission, and the operator's moderation API (contract §3). */
export const SUBMISSION_CONTRACTS: Contract[] = [
  submitServer,
  adminListListings,
  adminApproveListing,
  adminRejectListing,
  adminFlagListing,
]
export { verifyClaimToken } from './claim-tokens/contract'
