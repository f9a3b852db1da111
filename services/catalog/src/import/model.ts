/** Models of the operator's import (`POST /api/v1/admin/import`). */
import { t } from 'elysia'

/** Length and count bounds applied while normalising; longer text is truncated or dropped as documented per field. */
export const IMPORT_LIMITS = {
  documentEntries: 50_000,
  name: 200,
  title: 200,
  description: 4_000,
  version: 100,
  url: 2_048,
  tag: 50,
  tags: 20,
  category: 100,
  source: 50,
  identifier: 300,
  token: 50,
  packages: 50,
  remotes: 50,
  envVars: 100,
  headers: 50,
  text: 1_000,
} as const

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
