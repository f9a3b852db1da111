import { defineContract, err } from '@mcp-directory/shared/contracts'
import { SearchQuery, SearchResponse } from './model'

/** `GET /api/v1/search`: ranked active listings, a page at a time. */
export const searchServers = defineContract({
  method: 'GET',
  path: '/api/v1/search',
  service: 'catalog',
  operationId: 'searchServers',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary: 'Search active listings (ranked; cursor pagination with `cursor` / `nextCursor`)',
  query: SearchQuery,
  responses: {
    200: { description: 'Ranked results', type: 'application/json', schema: SearchResponse },
    400: err('unknown_category, invalid_parameter or cursor_expired'),
    429: err('rate_limited'),
    500: err('Catalog query failed'),
  },
})
