/**
 * The operator API of imports: the conflicts an import or a sync kept (list, accept as a replacement, dismiss) and
 * the upstream registries followed (their last sync, error and stop, and the origins each may replace).
 */
import type { Database } from '@mcp-directory/shared/db'
import { jsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { acceptConflict, dismissConflict, listConflicts, listUpstreams, setUpstreamTrust } from './conflict-service'
import {
  adminAcceptImportConflict,
  adminDismissImportConflict,
  adminListImportConflicts,
  adminListRegistryUpstreams,
  adminSetRegistryUpstreamTrust,
} from './contract'
import type { Importer } from './importer'

/** What the routes need. */
export interface ConflictRoutesDeps {
  database: Database
  log: Logger
  importDocument: Importer
}

/** The operator's import conflicts and upstreams, mounted on the catalog app. */
export function conflictRoutes(deps: ConflictRoutesDeps) {
  const { database, log } = deps
  const resolution = { parse: 'none' }
  return new Elysia({ name: 'catalog:import-conflicts' })
    .use(
      mount(adminListImportConflicts, ({ query }) =>
        listConflicts(database, query.state ?? 'open', query.limit ?? 100, query.offset ?? 0),
      ),
    )
    .use(
      mount(
        adminAcceptImportConflict,
        ({ params }) => acceptConflict(database, deps.importDocument, log, params.id),
        resolution,
      ),
    )
    .use(mount(adminDismissImportConflict, ({ params }) => dismissConflict(database, log, params.id), resolution))
    .use(mount(adminListRegistryUpstreams, () => listUpstreams(database)))
    .use(
      mount(adminSetRegistryUpstreamTrust, ({ body }) => setUpstreamTrust(database, log, body.upstream, body.trusts), {
        parse: jsonBody(64 * 1024),
      }),
    )
}
