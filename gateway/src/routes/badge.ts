import { BADGE_METRICS, BADGE_STYLES, BADGE_THEMES } from '@mcp-directory/shared/badges'
import { Type as t } from '@sinclair/typebox'
import { err, type RouteSpec } from './spec'

const oneOf = (values: readonly string[], description: string) =>
  t.Optional(
    t.Union(
      values.map((v) => t.Literal(v)),
      { default: values[0], description },
    ),
  )

/** The badge's query parameters (directory-api §4.12); any other value is a 400 invalid_parameter. */
export const BadgeQuery = t.Object({
  style: oneOf(
    BADGE_STYLES,
    'shield and flat-square look like shields.io badges; featured and directory are larger cards',
  ),
  metric: oneOf(
    BADGE_METRICS,
    'What the badge shows: official/listed and health, or a count (abbreviated: 1.2k, 3.4M)',
  ),
  theme: oneOf(BADGE_THEMES, 'Colour theme of the badge'),
})

/** The badge service's public routes. */
export const BADGE_ROUTES: RouteSpec[] = [
  {
    // Not rate-limited: badges are embedded in READMEs and served from a cache, and image proxies fetch them
    // for many readers from few addresses.
    method: 'GET',
    path: '/api/badge/:id',
    service: 'badge',
    operationId: 'getBadge',
    tag: 'badge',
    limit: null,
    auth: null,
    // A badge answered from the gateway's micro-cache is still an impression.
    reportsCachedHits: '/internal/impressions',
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
  },
]
