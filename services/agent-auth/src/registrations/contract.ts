// Registration by e-mail code: step 1 sends the code, step 2 exchanges it for a Bearer token.
import { defineContract, err } from '@mcp-directory/shared/contracts'
import { CodeSent, ConfirmBody, RegisterBody, TokenIssued } from './model'

export const registerAgent = defineContract({
  method: 'POST',
  path: '/api/v1/agent/register',
  service: 'agent-auth',
  operationId: 'registerAgent',
  tag: 'agent',
  limit: 'write',
  auth: null,
  summary: 'Step 1: e-mail a 6-digit confirmation code (valid 10 minutes; limited per client and per address)',
  body: RegisterBody,
  responses: {
    200: {
      description: 'Code sent',
      type: 'application/json',
      schema: CodeSent,
    },
    400: err('invalid_body (invalid e-mail or payload) or invalid_scope'),
    429: err('rate_limited'),
  },
})

export const confirmAgentRegistration = defineContract({
  method: 'POST',
  path: '/api/v1/agent/register/confirm',
  service: 'agent-auth',
  operationId: 'confirmAgentRegistration',
  tag: 'agent',
  limit: 'write',
  auth: null,
  summary: 'Step 2: exchange the code for a Bearer token (shown once; valid 90 days). 5 wrong tries kill the code',
  body: ConfirmBody,
  responses: {
    200: {
      description: 'Token issued (Cache-Control: no-store)',
      type: 'application/json',
      schema: TokenIssued,
    },
    400: err('invalid_code (missing, expired or incorrect code), too_many_attempts, invalid_body'),
    429: err('rate_limited'),
    503: err('service_unavailable: the attempt counter is unavailable (fails closed)'),
  },
})
