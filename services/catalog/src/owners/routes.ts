/** The owner's operations on a listing (`/api/v1/servers/{id}/…`); who may act is decided by the service. */
import { json, jsonBody } from '@mcp-directory/shared/http'
import { Elysia } from 'elysia'
import type { Database } from '@mcp-directory/shared/db'
import { EditBody, MaintenanceBody, MergeBody, StatusLookupQuery, TransferBody } from './model'
import { lookUpStatus } from './status-lookup'
import type { OwnerService } from './service'

const MAX_BODY = 64 * 1024

export function ownerRoutes(owners: OwnerService, database: Database) {
  const parse = jsonBody(MAX_BODY)
  return new Elysia({ name: 'catalog:owners' })
    .get(
      '/api/v1/listings/status',
      // The address when both are given; neither is simply unknown.
      async ({ query }) =>
        json(await lookUpStatus(database, query.url ? { url: query.url } : { name: query.name }), 200, {
          'cache-control': 'no-store',
        }),
      { query: StatusLookupQuery },
    )
    .patch(
      '/api/v1/servers/:id',
      async ({ request, params, body }) => json(await owners.edit(request, params.id, body)),
      {
        body: EditBody,
        parse,
      },
    )
    .post(
      '/api/v1/servers/:id/status',
      async ({ request, params, body }) => json(await owners.maintenance(request, params.id, body)),
      { body: MaintenanceBody, parse },
    )
    .post(
      '/api/v1/servers/:id/transfer',
      async ({ request, params, body }) => json(await owners.offerTransfer(request, params.id, body.toAgent), 202),
      { body: TransferBody, parse },
    )
    .post(
      '/api/v1/servers/:id/transfer/accept',
      async ({ request, params }) => json(await owners.acceptTransfer(request, params.id)),
      { parse: 'none' },
    )
    .post(
      '/api/v1/servers/:id/merge',
      async ({ request, params, body }) => json(await owners.merge(request, params.id, body.into)),
      { body: MergeBody, parse },
    )
}
