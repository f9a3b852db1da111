/**
 * The operator API of imports: the conflicts an import or a sync kept (list, accept as a replacement, dismiss) and
 * the upstream registries followed (their last sync, error and stop, and the origins each may replace).
 */
import type { Database } from '@mcp-directory/shared/db'
import { json, jsonBody, requireOperator } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { Elysia } from 'elysia'
import {
  ConflictIdParams,
  ConflictList,
  ConflictListQuery,
  ConflictResolved,
  RegistryUpstream,
  RegistryUpstreamList,
  UpstreamTrustBody,
} from './conflict-model'
import { acceptConflict, dismissConflict, listConflicts, listUpstreams, setUpstreamTrust } from './conflict-service'
import type { Importer } from './importer'

/** What the routes need. */
export interface ConflictRoutesDeps {
  database: Database
  log: Logger
  importDocument: Importer
  operatorToken: string
}

/** The operator's import conflicts and upstreams, mounted on the catalog app. */
export function conflictRoutes(deps: ConflictRoutesDeps) {
  const { database, log } = deps
  const operator = ({ request }: { request: Request }) => requireOperator(request, deps.operatorToken)
  return new Elysia({ name: 'catalog:import-conflicts' })
    .get(
      '/api/v1/admin/import-conflicts',
      async ({ query }) =>
        json(await listConflicts(database, query.state ?? 'open', query.limit ?? 100, query.offset ?? 0)),
      { beforeHandle: operator, query: ConflictListQuery, response: { 200: ConflictList } },
    )
    .post(
      '/api/v1/admin/import-conflicts/:id/accept',
      async ({ params }) => json(await acceptConflict(database, deps.importDocument, log, params.id)),
      { beforeHandle: operator, parse: 'none', params: ConflictIdParams, response: { 200: ConflictResolved } },
    )
    .post(
      '/api/v1/admin/import-conflicts/:id/dismiss',
      async ({ params }) => json(await dismissConflict(database, log, params.id)),
      { beforeHandle: operator, parse: 'none', params: ConflictIdParams, response: { 200: ConflictResolved } },
    )
    .get('/api/v1/admin/registry-upstreams', async () => json(await listUpstreams(database)), {
      beforeHandle: operator,
      response: { 200: RegistryUpstreamList },
    })
    .put(
      '/api/v1/admin/registry-upstreams/trust',
      async ({ body }) => json(await setUpstreamTrust(database, log, body.upstream, body.trusts)),
      {
        parse: (ctx) => {
          operator(ctx)
          return jsonBody(64 * 1024)(ctx)
        },
        body: UpstreamTrustBody,
        response: { 200: RegistryUpstream },
      },
    )
}
