// A listing submitted by anyone: it waits as pending until its owner or an operator approves it.
import { defineContract, err } from '@mcp-directory/shared/contracts'
import { SubmissionBody, SubmitResult } from './model'

export const submitServer = defineContract({
  method: 'POST',
  path: '/api/v1/submit',
  service: 'submission',
  operationId: 'submitServer',
  tag: 'submission',
  limit: 'write',
  auth: null,
  summary:
    'Submit a listing: it waits as pending until its owner verifies it through claim_url or an operator approves it',
  body: SubmissionBody,
  responses: {
    200: {
      description: 'Accepted, pending (Cache-Control: no-store: the answer carries the claim secret)',
      type: 'application/json',
      schema: SubmitResult,
    },
    400: err('invalid_body (details names each field and why), unknown_category, or bad_request (not JSON)'),
    409: err('conflict: the repository/website URL (or name) is already listed; details[0].existingId names it'),
    413: err('payload_too_large: body over 64 KiB'),
    429: err('rate_limited'),
  },
})
