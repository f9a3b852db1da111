import { defineContract, err, ListingIdPath } from '@mcp-directory/shared/contracts'
import { MarkdownDocument } from './model'

/** `GET /api/v1/mcp/:id/markdown`: a listing as a Markdown document. */
export const getServerMarkdown = defineContract({
  method: 'GET',
  path: '/api/v1/mcp/:id/markdown',
  params: ListingIdPath,
  service: 'catalog',
  operationId: 'getServerMarkdown',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary: 'The listing as a Markdown document',
  responses: {
    200: { description: 'Markdown document', type: 'text/markdown', schema: MarkdownDocument },
    404: err('Listing not found'),
  },
})

/** `GET /mcp/:id`: the short address of the Markdown document. */
export const getServerMarkdownAlias = defineContract({
  method: 'GET',
  path: '/mcp/:id',
  params: ListingIdPath,
  service: 'catalog',
  operationId: 'getServerMarkdownAlias',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary:
    'Alias of the Markdown document (send Accept: text/markdown; a browser asking only for HTML is redirected to the listing page)',
  responses: {
    200: { description: 'Markdown document', type: 'text/markdown', schema: MarkdownDocument },
    302: { description: 'Redirect to the listing page' },
    404: err('Listing not found'),
  },
})
