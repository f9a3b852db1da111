// The official MCP registry's read API (openapi 2025-12-01), served by the catalog: registry clients (VS Code's MCP
// gallery, Copilot) use the directory as a sub-registry. Public, with its own rate-limit class; the publishing
// operations of the specification answer 501.
import { Type as t } from '@sinclair/typebox'
import type { RouteSpec } from './spec'

const RegistryError = t.Object(
  { error: t.String({ description: 'What went wrong, e.g. "Server not found"' }) },
  { additionalProperties: true },
)
const regErr = (description: string) => ({ description, type: 'application/json', schema: RegistryError })

const ServerJson = t.Object(
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

const ServerResponse = t.Object({
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
        'id, category, transports, health, verified, official (claimed), installConfidence, configs (per client), detailUrl, markdownUrl',
    },
  ),
})

const ServerList = t.Object({
  servers: t.Array(ServerResponse),
  metadata: t.Object({
    count: t.Integer(),
    nextCursor: t.Optional(t.String({ description: 'Absent on the last page' })),
  }),
})

const IncludeDeleted = t.Optional(t.Boolean({ default: false, description: 'Include deleted versions' }))
const NAME = 'URL-encoded server name (e.g. "io.github.owner%2Fserver")'
const VERSION = 'URL-encoded version ("1.0.0", "1.0.0%2B20130313144700" with build metadata), or `latest`'
const base = { service: 'catalog' as const, tag: 'registry', limit: 'registry' as const, auth: null }

/** The registry API's routes: three reads, and the writes this directory does not offer. */
export const REGISTRY_ROUTES: RouteSpec[] = [
  {
    ...base,
    method: 'GET',
    path: '/v0.1/servers',
    operationId: 'registryListServers',
    summary: 'List servers (every version, or `version=latest`), by name, paged with `cursor` / `metadata.nextCursor`',
    query: t.Object({
      cursor: t.Optional(t.String({ description: 'metadata.nextCursor of the previous page' })),
      limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 30 })),
      search: t.Optional(t.String({ maxLength: 200, description: 'Substring of the server name' })),
      updated_since: t.Optional(
        t.String({ format: 'date-time', description: 'RFC 3339; brings deleted versions too' }),
      ),
      version: t.Optional(t.String({ description: '`latest`, or an exact version' })),
      include_deleted: IncludeDeleted,
    }),
    responses: {
      200: { description: 'A page of servers', type: 'application/json', schema: ServerList },
      400: regErr('Invalid parameter'),
      429: regErr('rate_limited'),
    },
  },
  {
    ...base,
    method: 'GET',
    path: '/v0.1/servers/:serverName/versions',
    operationId: 'registryListServerVersions',
    params: { serverName: NAME },
    summary: 'Every version of a server, newest publication first',
    query: t.Object({ include_deleted: IncludeDeleted }),
    responses: {
      200: { description: 'Its versions', type: 'application/json', schema: ServerList },
      404: regErr('Server not found'),
      429: regErr('rate_limited'),
    },
  },
  {
    ...base,
    method: 'GET',
    path: '/v0.1/servers/:serverName/versions/:version',
    operationId: 'registryGetServerVersion',
    params: { serverName: NAME, version: VERSION },
    summary: 'One version of a server (`latest` for its latest)',
    query: t.Object({ include_deleted: IncludeDeleted }),
    responses: {
      200: { description: 'The version', type: 'application/json', schema: ServerResponse },
      404: regErr('Server not found, or Server version not found'),
      429: regErr('rate_limited'),
    },
  },
  {
    ...base,
    method: 'PUT',
    path: '/v0.1/servers/:serverName/versions/:version',
    operationId: 'registryUpdateServerVersion',
    params: { serverName: NAME, version: VERSION },
    summary: 'Not offered (read-only registry)',
    responses: { 501: regErr('Updates are not supported by this registry') },
  },
  {
    ...base,
    method: 'DELETE',
    path: '/v0.1/servers/:serverName/versions/:version',
    operationId: 'registryDeleteServerVersion',
    params: { serverName: NAME, version: VERSION },
    summary: 'Not offered (read-only registry)',
    responses: { 501: regErr('Deletion is not supported by this registry') },
  },
  {
    ...base,
    method: 'PATCH',
    path: '/v0.1/servers/:serverName/versions/:version/status',
    operationId: 'registryUpdateServerVersionStatus',
    params: { serverName: NAME, version: VERSION },
    summary: 'Not offered (read-only registry)',
    responses: { 501: regErr('Status changes are not supported by this registry') },
  },
  {
    ...base,
    method: 'PATCH',
    path: '/v0.1/servers/:serverName/status',
    operationId: 'registryUpdateServerStatus',
    params: { serverName: NAME },
    summary: 'Not offered (read-only registry)',
    responses: { 501: regErr('Status changes are not supported by this registry') },
  },
  {
    ...base,
    method: 'POST',
    path: '/v0.1/publish',
    operationId: 'registryPublish',
    summary: 'Not offered (read-only registry; submit at /api/v1/submit instead)',
    responses: { 501: regErr('Publishing is not supported by this registry') },
  },
]
