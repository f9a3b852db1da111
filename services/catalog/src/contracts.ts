import {
  ConflictList,
  ConflictListQuery,
  ConflictResolved,
  RegistryUpstream,
  RegistryUpstreamList,
  UpstreamTrustBody,
  CategoryList,
  HealthResponse,
  ImportDocument,
  ImportSummary,
  InstallCounted,
  MarkdownDocument,
  ServerDetailResponse,
} from './model'
import { adminClearRisk } from './facts/contract'
import { OWNER_CONTRACTS } from './owners/contract'
import { searchServers } from './search/contract'
import { defineContract, err, type Contract } from '@mcp-directory/shared/contracts'

export const getServerById = defineContract({
  method: 'GET',
  path: '/api/v1/servers/:id',
  service: 'catalog',
  operationId: 'getServerById',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary: 'One listing with its install configs per client',
  // Kept by the micro-cache (the answer says it may be); the views it answers are still counted.
  reportsCachedHits: '/internal/views',
  responses: {
    200: { description: 'The listing', type: 'application/json', schema: ServerDetailResponse },
    404: err('Absent, pending, rejected or flagged'),
    429: err('rate_limited'),
  },
})

export const countInstall = defineContract({
  // Counted once per client per listing per day, written in batches (like views); the listing page calls it
  // when a config is copied.
  method: 'POST',
  path: '/api/v1/servers/:id/installs',
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

export const listCategories = defineContract({
  method: 'GET',
  path: '/api/v1/categories',
  service: 'catalog',
  operationId: 'listCategories',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary: 'The accepted categories',
  responses: {
    200: {
      description: 'Categories',
      type: 'application/json',
      schema: CategoryList,
    },
    429: err('rate_limited'),
  },
})

export const getHealth = defineContract({
  method: 'GET',
  path: '/api/v1/health',
  service: 'catalog',
  operationId: 'getHealth',
  tag: 'catalog',
  limit: null,
  auth: null,
  summary: 'Health probe',
  responses: {
    200: {
      description: 'Healthy',
      type: 'application/json',
      schema: HealthResponse,
    },
    500: err('Unhealthy (database unreachable)'),
  },
})

export const getServerMarkdown = defineContract({
  method: 'GET',
  path: '/api/v1/mcp/:id/markdown',
  service: 'catalog',
  operationId: 'getServerMarkdown',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary: 'The listing as a Markdown document',
  responses: {
    200: { description: 'Markdown document', type: 'text/markdown', schema: MarkdownDocument },
    404: err('Listing not found'),
  },
})

export const getServerMarkdownAlias = defineContract({
  method: 'GET',
  path: '/mcp/:id',
  service: 'catalog',
  operationId: 'getServerMarkdownAlias',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  summary:
    'Alias of the Markdown document (send Accept: text/markdown; a browser asking only for HTML is redirected to the listing page)',
  responses: {
    200: { description: 'Markdown document', type: 'text/markdown', schema: MarkdownDocument },
    302: { description: 'Redirect to the listing page' },
    404: err('Listing not found'),
  },
})

export const adminImport = defineContract({
  method: 'POST',
  path: '/api/v1/admin/import',
  service: 'catalog',
  operationId: 'adminImport',
  tag: 'operator',
  limit: null,
  auth: 'operator',
  changesListings: true,
  timeoutMs: 600_000,
  summary: "Import a list in the official MCP registry's format (idempotent)",
  body: ImportDocument,
  responses: {
    200: {
      description: 'Import summary',
      type: 'application/json',
      schema: ImportSummary,
    },
    400: err('Not in the registry format'),
    401: err('Operator token required'),
    413: err('Body too large'),
  },
})

/** The catalog's public routes. */
export const CATALOG_CONTRACTS: Contract[] = [
  searchServers,
  getServerById,
  countInstall,
  listCategories,
  getHealth,
  getServerMarkdown,
  getServerMarkdownAlias,
  adminClearRisk,
  adminImport,
  ...conflictRoutes(),
  ...OWNER_CONTRACTS,
]

/** The operator's import conflicts and followed upstream registries (services/catalog/src/import/conflict-routes.ts). */
function conflictRoutes(): Contract[] {
  const operator = { service: 'catalog', tag: 'operator', limit: null, auth: 'operator' } as const
  const conflictParams = { id: 'Import conflict id' }
  const resolved = (verb: string) => ({
    200: { description: `Conflict ${verb}`, type: 'application/json', schema: ConflictResolved },
    401: err('Operator token required'),
    404: err('No such conflict'),
    409: err('conflict: already resolved, or the entry cannot be applied'),
  })
  return [
    {
      ...operator,
      method: 'GET',
      path: '/api/v1/admin/import-conflicts',
      operationId: 'adminListImportConflicts',
      summary:
        'Entries an import or a registry sync kept for the operator (another origin or a claimed listing holds their identity, or past the cap of new listings)',
      query: ConflictListQuery,
      responses: {
        200: { description: 'Conflicts, newest first', type: 'application/json', schema: ConflictList },
        401: err('Operator token required'),
      },
    },
    {
      ...operator,
      method: 'POST',
      path: '/api/v1/admin/import-conflicts/:id/accept',
      operationId: 'adminAcceptImportConflict',
      changesListings: true,
      params: conflictParams,
      summary:
        "Accept a conflict: its entry replaces the listing that held it (or becomes a new listing), as its origin's",
      responses: resolved('accepted'),
    },
    {
      ...operator,
      method: 'POST',
      path: '/api/v1/admin/import-conflicts/:id/dismiss',
      operationId: 'adminDismissImportConflict',
      params: conflictParams,
      summary: 'Dismiss a conflict: the same entry is not raised again',
      responses: resolved('dismissed'),
    },
    {
      ...operator,
      method: 'GET',
      path: '/api/v1/admin/registry-upstreams',
      operationId: 'adminListRegistryUpstreams',
      summary:
        'Upstream registries synced: how far, the last error, why the last sync stopped early, and whom each may replace',
      responses: {
        200: { description: 'Upstreams', type: 'application/json', schema: RegistryUpstreamList },
        401: err('Operator token required'),
      },
    },
    {
      ...operator,
      method: 'PUT',
      path: '/api/v1/admin/registry-upstreams/trust',
      operationId: 'adminSetRegistryUpstreamTrust',
      summary:
        'Set the origins an upstream may replace unclaimed listings of (default: none; never submitted or demo listings)',
      body: UpstreamTrustBody,
      responses: {
        200: { description: 'The upstream', type: 'application/json', schema: RegistryUpstream },
        400: err('invalid_body'),
        401: err('Operator token required'),
      },
    },
  ]
}
export { REGISTRY_CONTRACTS } from './registry/contract'
export { searchServers } from './search/contract'
export { adminClearRisk } from './facts/contract'
export * from './owners/contract'
export { countCachedViews } from '@mcp-directory/shared/contracts/catalog-internal'
