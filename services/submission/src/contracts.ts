import { QueuePage, QueueQuery, ReasonBody, SubmissionBody, SubmitResult, Transition } from './model'
import { defineContract, err, type Contract } from '@mcp-directory/shared/contracts'

const moderation = (verb: 'approve' | 'reject' | 'flag', summary: string): Contract => ({
  method: 'POST',
  path: `/api/v1/admin/listings/:id/${verb}`,
  service: 'submission',
  operationId: `admin${verb[0].toUpperCase()}${verb.slice(1)}Listing`,
  tag: 'operator',
  limit: null,
  auth: 'operator',
  changesListings: true,
  summary,
  body: ReasonBody,
  responses: {
    200: {
      description: 'Changed and recorded (who, when, reason, from, to)',
      type: 'application/json',
      schema: Transition,
    },
    401: err('Operator token required'),
    404: err('No such listing'),
    409: err('conflict: the listing already has that status'),
  },
})

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

export const adminListListings = defineContract({
  method: 'GET',
  path: '/api/v1/admin/listings',
  service: 'submission',
  operationId: 'adminListListings',
  tag: 'operator',
  limit: null,
  auth: 'operator',
  summary: 'Moderation queue: listings of one status (pending by default), newest first',
  query: QueueQuery,
  responses: {
    200: {
      description: 'The queue',
      type: 'application/json',
      schema: QueuePage,
    },
    400: err('invalid_parameter'),
    401: err('Operator token required'),
  },
})

/** The submission service's public routes: submission, and the operator's moderation API (contract §3). */
export const SUBMISSION_CONTRACTS: Contract[] = [
  submitServer,
  adminListListings,
  moderation('approve', 'Approve a listing: it becomes active, visible to search and detail at once'),
  moderation('reject', 'Reject a listing (optional reason): hidden, detail 404'),
  moderation('flag', 'Flag a listing (optional reason): hidden, detail 404'),
]
