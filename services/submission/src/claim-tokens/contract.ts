import { defineContract, err } from '@mcp-directory/shared/contracts'
import { ClaimTokenCheck, ClaimTokenVerdict } from './model'

/** `POST /internal/claim-tokens/verify`: for the claim-verifier only (internal: never routed by the gateway). */
export const verifyClaimToken = defineContract({
  method: 'POST',
  path: '/internal/claim-tokens/verify',
  service: 'submission',
  operationId: 'verifyClaimToken',
  tag: 'internal',
  limit: null,
  auth: null,
  hidden: true,
  summary: "Whether a secret is the one of a listing's claim_url",
  body: ClaimTokenCheck,
  responses: {
    200: { description: 'The verdict', type: 'application/json', schema: ClaimTokenVerdict },
    400: err('invalid_body'),
    413: err('Body too large'),
  },
})
