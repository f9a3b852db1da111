// The operator's import, the conflicts an import or a sync kept, and the upstream registries followed.
import { defineContract, err } from '@mcp-directory/shared/contracts'
import {
  ConflictList,
  ConflictListQuery,
  ConflictIdParams,
  ConflictResolved,
  RegistryUpstream,
  RegistryUpstreamList,
  UpstreamTrustBody,
} from './conflict-model'
import { ImportDocument, ImportSummary } from './model'

const OPERATOR = { service: 'catalog', tag: 'operator', limit: null, auth: 'operator' } as const

/** The answers of a conflict's resolution. */
const resolved = (verb: string) =>
  ({
    200: { description: `Conflict ${verb}`, type: 'application/json', schema: ConflictResolved },
    401: err('Operator token required'),
    404: err('No such conflict'),
    409: err('conflict: already resolved, or the entry cannot be applied'),
  }) as const

/** `POST /api/v1/admin/import` (operator): a list in the official registry's format, imported idempotently. */
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

export const adminListImportConflicts = defineContract({
  ...OPERATOR,
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
})

export const adminAcceptImportConflict = defineContract({
  ...OPERATOR,
  method: 'POST',
  path: '/api/v1/admin/import-conflicts/:id/accept',
  operationId: 'adminAcceptImportConflict',
  changesListings: true,
  params: ConflictIdParams,
  summary: "Accept a conflict: its entry replaces the listing that held it (or becomes a new listing), as its origin's",
  responses: resolved('accepted'),
})

export const adminDismissImportConflict = defineContract({
  ...OPERATOR,
  method: 'POST',
  path: '/api/v1/admin/import-conflicts/:id/dismiss',
  operationId: 'adminDismissImportConflict',
  params: ConflictIdParams,
  summary: 'Dismiss a conflict: the same entry is not raised again',
  responses: resolved('dismissed'),
})

export const adminListRegistryUpstreams = defineContract({
  ...OPERATOR,
  method: 'GET',
  path: '/api/v1/admin/registry-upstreams',
  operationId: 'adminListRegistryUpstreams',
  summary:
    'Upstream registries synced: how far, the last error, why the last sync stopped early, and whom each may replace',
  responses: {
    200: { description: 'Upstreams', type: 'application/json', schema: RegistryUpstreamList },
    401: err('Operator token required'),
  },
})

export const adminSetRegistryUpstreamTrust = defineContract({
  ...OPERATOR,
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
})
