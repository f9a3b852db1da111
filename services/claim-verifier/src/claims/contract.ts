// A claim: an agent's, and the claim-link holder's (the claim page's verify button).
import { defineContract, err } from '@mcp-directory/shared/contracts'
import { AgentClaimBody, ClaimResult, LinkClaimBody } from './model'

const claimErrors = {
  400: err(
    'invalid_body, or verification_failed: `details` lists each place checked (method, where, lookedFor, found)',
  ),
  404: err('not_found: no such listing (or it is rejected or flagged)'),
  429: err('rate_limited: 10 claim attempts per 10 minutes per token or claim link, besides the per-client limit'),
}

export const claimListing = defineContract({
  method: 'POST',
  path: '/api/v1/agent/claim',
  service: 'claim-verifier',
  operationId: 'claimListing',
  tag: 'agent',
  limit: 'read',
  auth: 'bearer',
  changesListings: true,
  scope: 'listings:claim',
  timeoutMs: 30_000,
  summary:
    'Claim a listing by proving ownership (dns, website_badge or github); the listing becomes official, and active if it was pending',
  body: AgentClaimBody,
  responses: {
    200: { description: 'Claimed', type: 'application/json', schema: ClaimResult },
    ...claimErrors,
    401: err('unauthorized'),
    403: err('insufficient_scope'),
  },
})

export const claimListingWithLink = defineContract({
  method: 'POST',
  path: '/api/v1/claim',
  service: 'claim-verifier',
  operationId: 'claimListingWithLink',
  tag: 'claims',
  limit: 'read',
  auth: null,
  timeoutMs: 30_000,
  summary:
    "The claim page's verify button: the same verification for the holder of a claim link; success also approves a pending listing (additive to v1)",
  body: LinkClaimBody,
  responses: {
    200: { description: 'Claimed', type: 'application/json', schema: ClaimResult },
    ...claimErrors,
    403: err("invalid_claim_token: the secret does not open this id's claim link (an unknown id included)"),
  },
})
