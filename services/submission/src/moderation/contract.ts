// The operator's moderation API (contract §3): the queue and the three verbs.
import { defineContract, err } from '@mcp-directory/shared/contracts'
import { ListingParams, QueuePage, QueueQuery, ReasonBody, Transition } from './model'

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

/** What every verb shares: the operator's, it changes what listing answers say, an optional reason. */
const VERB = {
  method: 'POST',
  service: 'submission',
  tag: 'operator',
  limit: null,
  auth: 'operator',
  changesListings: true,
  params: ListingParams,
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
} as const

export const adminApproveListing = defineContract({
  ...VERB,
  path: '/api/v1/admin/listings/:id/approve',
  operationId: 'adminApproveListing',
  summary: 'Approve a listing: it becomes active, visible to search and detail at once',
})

export const adminRejectListing = defineContract({
  ...VERB,
  path: '/api/v1/admin/listings/:id/reject',
  operationId: 'adminRejectListing',
  summary: 'Reject a listing (optional reason): hidden, detail 404',
})

export const adminFlagListing = defineContract({
  ...VERB,
  path: '/api/v1/admin/listings/:id/flag',
  operationId: 'adminFlagListing',
  summary: 'Flag a listing (optional reason): hidden, detail 404',
})
