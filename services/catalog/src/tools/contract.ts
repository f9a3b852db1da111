import { defineContract, err } from '@mcp-directory/shared/contracts'
import { ToolsQuery, ToolsResponse } from './model'

/** `GET /api/v1/tools`: the tools servers were seen offering, ranked for a task, a page at a time. */
export const searchTools = defineContract({
  method: 'GET',
  path: '/api/v1/tools',
  service: 'catalog',
  operationId: 'searchTools',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary:
    'Search the tools active servers were seen offering (by the prober or a sandbox run, never as submitted); each hit names its server',
  query: ToolsQuery,
  responses: {
    200: { description: 'Ranked tools', type: 'application/json', schema: ToolsResponse },
    400: err('unknown_category or invalid_parameter'),
    429: err('rate_limited'),
    500: err('Catalog query failed'),
  },
})
