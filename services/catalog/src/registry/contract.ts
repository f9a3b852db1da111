// The official MCP registry's API (openapi 2025-12-01), served by the catalog: registry clients (VS Code's MCP
// gallery, Copilot) use the directory as a sub-registry, with its own rate-limit class; publishers log in with the
// official registry's proofs and publish with its token (write rate limit). Updating or deleting a version in place
// answers 501. `mcp-publisher` sends its requests under /v0: those aliases are routed, not documented twice.
import {
  AllVersionsStatusAnswer,
  GithubTokenBody,
  PublishBody,
  SignedTimestampBody,
  StatusUpdateBody,
  TokenAnswer,
} from './publish-model'
import {
  RegistryError,
  RegistryListQuery,
  RegistryVersionsQuery,
  ServerList,
  ServerNamePath,
  ServerResponse,
  ServerVersionPath,
} from './model'
import { defineContract, type Contract } from '@mcp-directory/shared/contracts'

const regErr = (description: string) => ({ description, type: 'application/json', schema: RegistryError })
const base = { service: 'catalog' as const, tag: 'registry' as const, limit: 'registry' as const, auth: null }
// The registry token is the catalog's to check (it is not an agent token): the gateway only counts writes.
const write = { ...base, limit: 'write' as const, changesListings: true }
// A token exchange changes no listing: it leaves the gateway's kept answers alone (an exchange is every caller's to
// make, and none may empty the cache at will).
const token = (what: string) => ({
  ...base,
  limit: 'write' as const,
  method: 'POST' as const,
  responses: {
    200: {
      description: 'A registry token (five minutes) and what it may publish',
      type: 'application/json',
      schema: TokenAnswer,
    },
    400: regErr('Invalid body'),
    401: regErr(`${what} failed`),
    429: regErr('rate_limited'),
  },
})

export const registryListServers = defineContract({
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
})

export const registryListServerVersions = defineContract({
  ...base,
  method: 'GET',
  path: '/v0.1/servers/:serverName/versions',
  operationId: 'registryListServerVersions',
  params: ServerNamePath,
  summary: 'Every version of a server, newest publication first',
  query: RegistryVersionsQuery,
  responses: {
    200: { description: 'Its versions', type: 'application/json', schema: ServerList },
    404: regErr('Server not found'),
    429: regErr('rate_limited'),
  },
})

export const registryGetServerVersion = defineContract({
  ...base,
  method: 'GET',
  path: '/v0.1/servers/:serverName/versions/:version',
  operationId: 'registryGetServerVersion',
  params: ServerVersionPath,
  summary: 'One version of a server (`latest` for its latest)',
  query: RegistryVersionsQuery,
  responses: {
    200: { description: 'The version', type: 'application/json', schema: ServerResponse },
    404: regErr('Server not found, or Server version not found'),
    429: regErr('rate_limited'),
  },
})

export const registryUpdateServerVersion = defineContract({
  ...base,
  method: 'PUT',
  path: '/v0.1/servers/:serverName/versions/:version',
  operationId: 'registryUpdateServerVersion',
  params: ServerVersionPath,
  summary: 'Not offered (read-only registry)',
  responses: { 501: regErr('Updates are not supported by this registry') },
})

export const registryDeleteServerVersion = defineContract({
  ...base,
  method: 'DELETE',
  path: '/v0.1/servers/:serverName/versions/:version',
  operationId: 'registryDeleteServerVersion',
  params: ServerVersionPath,
  summary: 'Not offered (read-only registry)',
  responses: { 501: regErr('Deletion is not supported by this registry') },
})

export const registryUpdateServerVersionStatus = defineContract({
  ...write,
  method: 'PATCH',
  path: '/v0.1/servers/:serverName/versions/:version/status',
  operationId: 'registryUpdateServerVersionStatus',
  params: ServerVersionPath,
  summary:
    'Set the status of one version (active, deprecated, deleted; statusMessage), with a registry token for its namespace',
  body: StatusUpdateBody,
  responses: {
    200: { description: 'The version', type: 'application/json', schema: ServerResponse },
    400: regErr('No changes to apply, or an invalid status'),
    401: regErr('Invalid or expired Registry JWT token'),
    403: regErr('You do not have publish or edit permissions for this server, or it was taken down by the operator'),
    404: regErr('Server not found, or Server version not found'),
    429: regErr('rate_limited'),
  },
})

export const registryUpdateServerStatus = defineContract({
  ...write,
  method: 'PATCH',
  path: '/v0.1/servers/:serverName/status',
  operationId: 'registryUpdateServerStatus',
  params: ServerNamePath,
  summary: 'Set the status of every version of a server, with a registry token for its namespace',
  body: StatusUpdateBody,
  responses: {
    200: { description: 'The versions changed', type: 'application/json', schema: AllVersionsStatusAnswer },
    400: regErr('Invalid status'),
    401: regErr('Invalid or expired Registry JWT token'),
    403: regErr('You do not have publish or edit permissions for this server, or it was taken down by the operator'),
    404: regErr('Server not found'),
    429: regErr('rate_limited'),
  },
})

export const registryPublish = defineContract({
  ...write,
  method: 'POST',
  path: '/v0.1/publish',
  operationId: 'registryPublish',
  summary:
    'Publish a server.json (a new server or a new version) in a namespace the registry token grants; its npm/PyPI packages must name it',
  body: PublishBody,
  responses: {
    200: { description: 'The published version', type: 'application/json', schema: ServerResponse },
    400: regErr('Invalid server.json, a duplicate version, or a package that does not name the server'),
    401: regErr('Invalid or expired Registry JWT token'),
    403: regErr('You do not have permission to publish this server, or it was taken down by the operator'),
    409: regErr('The name is listed here from another origin (the operator decides)'),
    429: regErr('rate_limited'),
  },
})

export const registryAuthDns = defineContract({
  ...token('DNS authentication'),
  path: '/v0.1/auth/dns',
  operationId: 'registryAuthDns',
  summary:
    'Exchange a timestamp signed with the Ed25519 key of a `v=MCPv1` TXT record of the domain for a registry token (domain and sub-namespaces)',
  body: SignedTimestampBody,
})

export const registryAuthHttp = defineContract({
  ...token('HTTP authentication'),
  path: '/v0.1/auth/http',
  operationId: 'registryAuthHttp',
  summary:
    'Exchange a timestamp signed with the key at https://<domain>/.well-known/mcp-registry-auth for a registry token (the domain)',
  body: SignedTimestampBody,
})

export const registryAuthGithub = defineContract({
  ...token('Token exchange'),
  path: '/v0.1/auth/github-at',
  operationId: 'registryAuthGithub',
  summary:
    'Exchange a GitHub access token for a registry token (io.github.<user>/* and the organisations the user owns)',
  body: GithubTokenBody,
})

export const registryAuthNone = defineContract({
  ...token('Anonymous authentication'),
  path: '/v0.1/auth/none',
  operationId: 'registryAuthNone',
  summary: 'A registry token for io.modelcontextprotocol.anonymous/* (only when the operator enables it; else 404)',
  responses: {
    200: token('Anonymous authentication').responses[200],
    400: regErr('Invalid body'),
    401: regErr('Anonymous authentication failed'),
    404: regErr('Anonymous authentication is not enabled'),
    429: regErr('rate_limited'),
  },
})

/** The registry API's operations as the specification names them. */
const REGISTRY_OPERATIONS: Contract[] = [
  registryListServers,
  registryListServerVersions,
  registryGetServerVersion,
  registryUpdateServerVersion,
  registryDeleteServerVersion,
  registryUpdateServerVersionStatus,
  registryUpdateServerStatus,
  registryPublish,
  registryAuthDns,
  registryAuthHttp,
  registryAuthGithub,
  registryAuthNone,
]

type V0Path<P extends string> = P extends `/v0.1/${infer Rest}` ? `/v0/${Rest}` : never

/** An operation where mcp-publisher sends it (`/v0/…`): the same contract, routed, documented once under /v0.1. */
export type V0Alias<C extends Contract> = Omit<C, 'path' | 'operationId' | 'hidden'> & {
  path: V0Path<C['path']>
  operationId: `${C['operationId']}V0`
  hidden: true
}

const v0Alias = <const C extends Contract>(operation: C): V0Alias<C> => ({
  ...operation,
  path: operation.path.replace(/^\/v0\.1\//, '/v0/') as V0Path<C['path']>,
  operationId: `${operation.operationId as C['operationId']}V0`,
  hidden: true,
})

// Updating or deleting a version in place (501) is not offered under /v0.
export const registryListServersV0 = v0Alias(registryListServers)
export const registryListServerVersionsV0 = v0Alias(registryListServerVersions)
export const registryGetServerVersionV0 = v0Alias(registryGetServerVersion)
export const registryUpdateServerVersionStatusV0 = v0Alias(registryUpdateServerVersionStatus)
export const registryUpdateServerStatusV0 = v0Alias(registryUpdateServerStatus)
export const registryPublishV0 = v0Alias(registryPublish)
export const registryAuthDnsV0 = v0Alias(registryAuthDns)
export const registryAuthHttpV0 = v0Alias(registryAuthHttp)
export const registryAuthGithubV0 = v0Alias(registryAuthGithub)
export const registryAuthNoneV0 = v0Alias(registryAuthNone)

const V0_ALIASES: Contract[] = [
  registryListServersV0,
  registryListServerVersionsV0,
  registryGetServerVersionV0,
  registryUpdateServerVersionStatusV0,
  registryUpdateServerStatusV0,
  registryPublishV0,
  registryAuthDnsV0,
  registryAuthHttpV0,
  registryAuthGithubV0,
  registryAuthNoneV0,
]

/** The registry API's routes. */
export const REGISTRY_CONTRACTS: Contract[] = [...REGISTRY_OPERATIONS, ...V0_ALIASES]
