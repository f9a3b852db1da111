import { defineContract, err, ListingIdPath } from '@mcp-directory/shared/contracts'
import { countCachedViews } from '@mcp-directory/shared/contracts/catalog-internal'
import { InstallCounted, MergedAnswer, ServerDetailResponse } from './model'

/** `GET /api/v1/servers/:id`: one listing's detail (a view counted). */
export const getServerById = defineContract({
  method: 'GET',
  path: '/api/v1/servers/:id',
  params: ListingIdPath,
  service: 'catalog',
  operationId: 'getServerById',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary: 'One listing with its install configs per client',
  // Kept by the micro-cache (the answer says it may be); the views it answers are still counted.
  reportsCachedHits: countCachedViews,
  responses: {
    200: { description: 'The listing', type: 'application/json', schema: ServerDetailResponse },
    308: {
      description: 'Merged by its owner into another listing: Location names it, and the body says which',
      type: 'application/json',
      schema: MergedAnswer,
    },
    404: err('Absent, pending, rejected or flagged'),
    429: err('rate_limited'),
  },
})

/** `POST /api/v1/servers/:id/installs`: one install of a listing counted. */
export const countInstall = defineContract({
  // Counted once per client per listing per day, written in batches (like views); the listing page calls it
  // when a config is copied.
  method: 'POST',
  path: '/api/v1/servers/:id/installs',
  params: ListingIdPath,
  service: 'catalog',
  operationId: 'countInstall',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary:
    'Count one install of a listing (a config copied); no body; at most once per client per listing per 24 hours; written in batches within VIEW_FLUSH_MS',
  responses: {
    202: {
      description: 'Accepted (a repeat within 24 hours too, with counted: false)',
      type: 'application/json',
      schema: InstallCounted,
    },
    404: err('Absent, pending, rejected or flagged'),
    429: err('rate_limited'),
  },
})
