import { pageContract } from '../contract'

/** `/servers/:id/claim`: claiming any listing from its page, proving ownership as the agent claim API does. */
export const ownerClaimPage = pageContract(
  'GET',
  '/servers/:id/claim',
  'ownerClaimPage',
  "Claim a listing: starts with the claimant's e-mail address",
)

/** A step of that claim: send a code, show what to publish, verify. */
export const ownerClaimForm = pageContract(
  'POST',
  '/servers/:id/claim',
  'ownerClaimForm',
  'A step of claiming a listing: a code by e-mail, the challenge, the verification',
)
