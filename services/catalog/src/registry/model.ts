/**
 * Models of the official MCP registry's read API (openapi 2025-12-01) as the catalog serves it: the query of each
 * read, and the answers. A failed query model is answered in the registry's own error shape (see routes.ts).
 */
import { anySegment } from '@mcp-directory/shared/contracts'
import { t, type Static } from 'elysia'

// PostgreSQL text cannot hold NUL: refused by the model rather than failing the query.
const NO_NUL = '^[^\\u0000]*$'
const RFC3339 = '^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2})$'
export const MAX_LIMIT = 100
export const DEFAULT_LIMIT = 30
const MAX_SEARCH = 200
const MAX_VERSION = 255

const IncludeDeleted = t.Optional(
  t.Union([t.Literal('true'), t.Literal('false'), t.Literal('1'), t.Literal('0')], {
    description: 'Include deleted versions (default false)',
    error: 'must be true or false',
  }),
)

/** `GET /v0.1/servers`. */
export const RegistryListQuery = t.Object({
  cursor: t.Optional(
    t.String({
      description: 'metadata.nextCursor of the previous page',
      pattern: '^[A-Za-z0-9_-]{0,2000}$',
      error: 'is not a cursor this registry returned',
    }),
  ),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT })),
  search: t.Optional(
    t.String({
      maxLength: MAX_SEARCH,
      pattern: NO_NUL,
      description: 'Substring of the server name',
      error: `must be at most ${MAX_SEARCH} characters, without a NUL character`,
    }),
  ),
  updated_since: t.Optional(
    t.String({
      format: 'date-time',
      pattern: RFC3339,
      description: 'RFC 3339; brings deleted versions too',
      error: 'must be an RFC 3339 date-time, e.g. 2025-08-07T13:15:04.280Z',
    }),
  ),
  version: t.Optional(
    t.String({
      minLength: 1,
      maxLength: MAX_VERSION,
      pattern: NO_NUL,
      description: '`latest`, or an exact version',
      error: `must be "latest" or a version of 1 to ${MAX_VERSION} characters, without a NUL character`,
    }),
  ),
  include_deleted: IncludeDeleted,
})
export type RegistryListQuery = Static<typeof RegistryListQuery>

/** `GET /v0.1/servers/:serverName/versions` and `…/versions/:version`. */
export const RegistryVersionsQuery = t.Object({ include_deleted: IncludeDeleted })

/** Whether `include_deleted` asks for deleted versions. */
export const includesDeleted = (v: string | undefined) => v === 'true' || v === '1'

// Any segment, documented only: names and versions arrive URL-encoded and are decoded by the routes.
const SERVER_NAME = anySegment('URL-encoded server name (e.g. "io.github.owner%2Fserver")')
const VERSION = anySegment('URL-encoded version ("1.0.0", "1.0.0%2B20130313144700" with build metadata), or `latest`')

/** The path of a server: its name. */
export const ServerNamePath = t.Object({ serverName: SERVER_NAME })
/** The path of one version of a server: its name and the version. */
export const ServerVersionPath = t.Object({ serverName: SERVER_NAME, version: VERSION })

/** The registry's error object: a sentence in `error` (the directory adds its usual fields beside it). */
export const RegistryError = t.Object(
  { error: t.String({ description: 'What went wrong, e.g. "Server not found"' }) },
  { additionalProperties: true },
)

export const ServerJson = t.Object(
  {
    name: t.String({ description: "Reverse-DNS name (the listing's own, or <directory namespace>/<listing id>)" }),
    description: t.String({ maxLength: 100 }),
    version: t.String(),
    title: t.Optional(t.String()),
    repository: t.Optional(t.Object({ url: t.String(), source: t.String() }, { additionalProperties: true })),
    websiteUrl: t.Optional(t.String()),
    packages: t.Optional(t.Array(t.Object({}, { additionalProperties: true }))),
    remotes: t.Optional(t.Array(t.Object({}, { additionalProperties: true }))),
  },
  {
    additionalProperties: true,
    description: 'server.json (https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json)',
  },
)

export const ServerResponse = t.Object({
  server: ServerJson,
  _meta: t.Object(
    {
      'io.modelcontextprotocol.registry/official': t.Object({
        status: t.Union([t.Literal('active'), t.Literal('deprecated'), t.Literal('deleted')]),
        statusMessage: t.Optional(t.String()),
        publishedAt: t.String({ format: 'date-time' }),
        updatedAt: t.String({ format: 'date-time' }),
        isLatest: t.Boolean(),
      }),
    },
    {
      additionalProperties: true,
      description:
        "Besides the registry's own key, `<directory namespace>/directory` (the reverse-DNS host of PUBLIC_BASE_URL): " +
        'id, category, transports, health, verified, official (claimed), publisherVerified, publisher (who made it, with its evidence), origin, installConfidence, configs (per client), detailUrl, markdownUrl',
    },
  ),
})

export const ServerList = t.Object({
  servers: t.Array(ServerResponse),
  metadata: t.Object({
    count: t.Integer(),
    nextCursor: t.Optional(t.String({ description: 'Absent on the last page' })),
  }),
})
