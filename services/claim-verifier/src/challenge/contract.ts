// What a claimant must publish for each method: an agent's challenge, and the claim page's.
import { defineContract, err } from '@mcp-directory/shared/contracts'
import { Challenge, ChallengeParams, LinkChallengeBody } from './model'

export const getClaimChallenge = defineContract({
  method: 'GET',
  path: '/api/v1/agent/claim/:id/challenge',
  params: ChallengeParams,
  service: 'claim-verifier',
  operationId: 'getClaimChallenge',
  tag: 'agent',
  limit: 'read',
  auth: 'bearer',
  scope: 'listings:claim',
  summary:
    'What to publish for each claim method: the DNS TXT record, the website badge or meta tag, the README badge (personal to this agent)',
  responses: {
    200: { description: 'The challenge', type: 'application/json', schema: Challenge },
    401: err('unauthorized'),
    403: err('insufficient_scope'),
    404: err('not_found'),
    429: err('rate_limited'),
  },
})

export const getClaimLinkChallenge = defineContract({
  method: 'POST',
  path: '/api/v1/claim/challenge',
  service: 'claim-verifier',
  operationId: 'getClaimLinkChallenge',
  tag: 'claims',
  limit: 'read',
  auth: null,
  summary: "The claim page's challenge: what the holder of a claim link must publish (additive to v1)",
  body: LinkChallengeBody,
  responses: {
    200: { description: 'The challenge', type: 'application/json', schema: Challenge },
    400: err('invalid_body'),
    403: err(
      "invalid_claim_token: the secret does not open this id's claim link (an unknown id included, so ids are not revealed)",
    ),
    404: err('not_found: the listing was rejected or flagged'),
    429: err('rate_limited'),
  },
})
