import { defineContract, err } from '@mcp-directory/shared/contracts'
import { ClearRiskAnswer, ClearRiskQuery } from './model'

/** `POST /api/v1/admin/listings/:id/clear-risk`: an operator looked at a high-risk finding and found it fine. */
export const adminClearRisk = defineContract({
  method: 'POST',
  path: '/api/v1/admin/listings/:id/clear-risk',
  service: 'catalog',
  operationId: 'adminClearRisk',
  tag: 'operator',
  limit: null,
  auth: 'operator',
  changesListings: true,
  summary:
    "Clear a listing's risk finding for its current tool list: a high risk no longer keeps it out of verified=1 (a changed tool list is scanned and judged again). With toolsHash, only if that is still the list's hash",
  query: ClearRiskQuery,
  responses: {
    200: {
      description: 'Cleared (idempotent: changed is false when it already was)',
      type: 'application/json',
      schema: ClearRiskAnswer,
    },
    401: err('Operator token required'),
    404: err('No such listing'),
    400: err('invalid_parameter'),
    409: err('conflict: the listing has no risk finding, or its tool list is no longer the one reviewed'),
  },
})
