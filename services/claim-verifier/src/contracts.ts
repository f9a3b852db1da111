// The claim-verifier's public endpoints, as its resources declare them; the gateway's route table lists them.
import type { Contract } from '@mcp-directory/shared/contracts'
import { getClaimChallenge, getClaimLinkChallenge } from './challenge/contract'
import { claimListing, claimListingWithLink } from './claims/contract'

export { getClaimChallenge, getClaimLinkChallenge } from './challenge/contract'
export { claimListing, claimListingWithLink } from './claims/contract'

/** The claim-verifier's public routes (directory-api §4.10, contract §5), in the gateway's matching order. */
export const CLAIM_VERIFIER_CONTRACTS: Contract[] = [
  getClaimChallenge,
  claimListing,
  getClaimLinkChallenge,
  claimListingWithLink,
]
