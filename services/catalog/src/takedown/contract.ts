import { defineContract, err, ListingIdPath } from '@mcp-directory/shared/contracts'
import { TakedownAnswer, TakedownBody } from './model'

/** `POST /api/v1/admin/listings/:id/takedown`: an operator takes a malicious listing down everywhere at once. */
export const adminTakedownListing = defineContract({
  method: 'POST',
  path: '/api/v1/admin/listings/:id/takedown',
  params: ListingIdPath,
  service: 'catalog',
  operationId: 'adminTakedownListing',
  tag: 'operator',
  limit: null,
  auth: 'operator',
  changesListings: true,
  summary:
    'Take a listing down (required reason, kept for operators): it leaves search, detail, Markdown, badges, MCP and pages, its /v0.1 versions become deleted, and its name, look-alike names and repository are refused to imports, upstreams, submissions and publishes. Idempotent',
  body: TakedownBody,
  responses: {
    200: {
      description: 'Taken down (idempotent: changed is false when it already was)',
      type: 'application/json',
      schema: TakedownAnswer,
    },
    400: err('invalid_body'),
    401: err('Operator token required'),
    404: err('No such listing'),
  },
})
