import { defineContract, err, ListingIdPath } from '@mcp-directory/shared/contracts'
import { SandboxCoverage } from '@mcp-directory/shared/contracts/catalog-internal'
import { ClearRiskAnswer, ClearRiskQuery } from './model'

/** `POST /api/v1/admin/listings/:id/clear-risk`: an operator looked at a high-risk finding and found it fine. */
export const adminClearRisk = defineContract({
  method: 'POST',
  path: '/api/v1/admin/listings/:id/clear-risk',
  params: ListingIdPath,
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

/** `GET /api/v1/admin/sandbox`: how far the sandbox got through the catalog's runnable listings. */
export const adminSandboxCoverage = defineContract({
  method: 'GET',
  path: '/api/v1/admin/sandbox',
  service: 'catalog',
  operationId: 'adminSandboxCoverage',
  tag: 'operator',
  limit: null,
  auth: 'operator',
  summary:
    'Runnable listings (an npm/PyPI package) by their last sandbox start: started (tools listed), needing a setting, failed by reason, not started yet; per registry the share whose tools were seen',
  responses: {
    200: { description: 'The counts', type: 'application/json', schema: SandboxCoverage },
    401: err('Operator token required'),
  },
})
