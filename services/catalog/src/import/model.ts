/** Models of the operator's import (`POST /api/v1/admin/import`). */
import { t } from 'elysia'
import { IMPORT_LIMITS } from './parse'

const entries = t.Array(t.Unknown({ description: 'A server.json object, or a { server, _meta } record' }), {
  maxItems: IMPORT_LIMITS.documentEntries,
})

/**
 * The document's outer shape. Its entries stay unknown here: the parser normalises each one and skips (with its
 * reason) what cannot be used, so one bad entry never refuses the whole list.
 */
export const ImportDocument = t.Union([entries, t.Object({ servers: entries }, { additionalProperties: true })], {
  description: 'A JSON array of server.json objects, or { servers: [...] }',
  error: `must be a JSON array of at most ${IMPORT_LIMITS.documentEntries} server.json objects, or an object with such a "servers" array`,
})

export const ImportSummary = t.Object({
  total: t.Integer(),
  created: t.Integer(),
  updated: t.Integer(),
  unchanged: t.Integer(),
  skipped: t.Array(t.Object({ index: t.Integer(), name: t.Union([t.String(), t.Null()]), reason: t.String() })),
  conflicts: t.Array(
    t.Object({
      index: t.Integer(),
      name: t.String(),
      listingId: t.Union([t.String(), t.Null()]),
      reason: t.String(),
    }),
    {
      description: 'Entries kept for the operator: a listing of another origin, or a claimed one, holds their identity',
    },
  ),
})
