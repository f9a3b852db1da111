// The official MCP registry's read API (openapi 2025-12-01), served by the catalog: registry clients (VS Code's MCP
// gallery, Copilot) use the directory as a sub-registry. Public, with its own rate-limit class; the publishing
// operations of the specification answer 501.
import {
  REGISTRY_PARAMS,
  RegistryError,
  RegistryListQuery,
  RegistryVersionsQuery,
  ServerList,
  ServerResponse,
} from '@mcp-directory/catalog/model'
import type { RouteSpec } from './spec'

const regErr = (description: string) => ({ description, type: 'application/json', schema: RegistryError })
const NAME = REGISTRY_PARAMS.serverName
const VERSION = REGISTRY_PARAMS.version
const base = { service: 'catalog' as const, tag: 'registry', limit: 'registry' as const, auth: null }

/** The registry API's routes: three reads, and the writes this directory does not offer. */
export const REGISTRY_ROUTES: RouteSpec[] = [
  {
    ...base,
    method: 'GET',
    path: '/v0.1/servers',
    operationId: 'registryListServers',
    summary: 'List servers (every version, or `version=latest`), by name, paged with `cursor` / `metadata.nextCursor`',
    query: RegistryListQuery,
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
    query: RegistryVersionsQuery,
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
    query: RegistryVersionsQuery,
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
