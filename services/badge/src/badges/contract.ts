// A listing's badge: an SVG image embedded in READMEs, cacheable, with a strong ETag.
import { defineContract, err, ListingIdPath } from '@mcp-directory/shared/contracts'
import { Type as t } from '@sinclair/typebox'
import { countCachedImpressions } from '../impressions/contract'
import { BadgeQuery } from './model'

export const getBadge = defineContract({
  // Not rate-limited: badges are embedded in READMEs and served from a cache, and image proxies fetch them
  // for many readers from few addresses.
  method: 'GET',
  path: '/api/badge/:id',
  params: ListingIdPath,
  service: 'badge',
  operationId: 'getBadge',
  tag: 'badge',
  limit: null,
  auth: null,
  // A badge answered from the gateway's micro-cache is still an impression.
  reportsCachedHits: countCachedImpressions,
  summary: 'SVG badge of a listing (Cache-Control: public, max-age=120; strong ETag, 304 on If-None-Match)',
  query: BadgeQuery,
  responses: {
    200: {
      description:
        'The badge (image/svg+xml), with X-Content-Type-Options: nosniff and a restrictive Content-Security-Policy',
      type: 'image/svg+xml',
      schema: t.String(),
    },
    304: { description: 'Not modified: the If-None-Match ETag is current' },
    400: err('invalid_parameter: style, metric or theme outside its list'),
    404: err('Listing unknown, pending, rejected or flagged'),
  },
})
