/**
 * Models of a listing's public routes (`/api/v1/servers/:id`, its installs). The path id has no model on the
 * route: a segment that does not decode (`%zz`) must stay a 404 like any unknown id, never a 400.
 */
import { ServerDetail } from '@mcp-directory/shared/contracts'
import { t } from 'elysia'

/**
 * The path of `/api/v1/servers/:id` as a model, for clients that mirror the route (the MCP tools): any string, as
 * the route takes it (not used to validate the route, see above).
 */
export const ServerParams = t.Object({ id: t.String({ description: 'Listing id' }) })

/** One change its owner (or a publisher of its namespace) made to a listing. */
export const HistoryLine = t.Object({
  at: t.String({ format: 'date-time' }),
  kind: t.String({
    description:
      'edited, packages_replaced, deprecated, archived, reactivated, transfer_offered, transferred, merged or merged_from',
  }),
  actor: t.String({ description: '`agent:<id>` or `publisher:<method>:<subject>`' }),
  details: t.Record(t.String(), t.Unknown()),
})

/** The detail, with the listing's history (additive: the owners' changes, oldest first, the last 100). */
export const ServerDetailResponse = t.Object({
  server: t.Composite([ServerDetail, t.Object({ history: t.Optional(t.Array(HistoryLine)) })]),
})

export const InstallCounted = t.Object({
  success: t.Boolean(),
  id: t.String(),
  counted: t.Boolean({ description: 'Whether this request added an install' }),
})

/** A listing merged into another (308, with Location): the Error object's fields and the listing it became. */
export const MergedAnswer = t.Object({
  error: t.Literal('moved'),
  message: t.String(),
  mergedInto: t.String({ description: 'The id of the listing it was merged into' }),
})
