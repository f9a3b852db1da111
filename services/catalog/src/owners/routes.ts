/** The owner's operations on a listing (`/api/v1/servers/{id}/…`); who may act is decided by the service. */
import type { Database } from '@mcp-directory/shared/db'
import { jsonBody } from '@mcp-directory/shared/http'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import {
  acceptListingTransfer,
  editListing,
  listingStatus,
  mergeListing,
  offerListingTransfer,
  setListingMaintenance,
} from './contract'
import type { OwnerService } from './service'
import { lookUpStatus } from './status-lookup'

const MAX_BODY = 64 * 1024

export function ownerRoutes(owners: OwnerService, database: Database) {
  const parse = jsonBody(MAX_BODY)
  return new Elysia({ name: 'catalog:owners' })
    .use(
      mount(listingStatus, ({ query, set }) => {
        set.headers['cache-control'] = 'no-store'
        // The address when both are given; neither is simply unknown.
        return lookUpStatus(database, query.url ? { url: query.url } : { name: query.name })
      }),
    )
    .use(mount(editListing, ({ request, params, body }) => owners.edit(request, params.id, body), { parse }))
    .use(
      mount(setListingMaintenance, ({ request, params, body }) => owners.maintenance(request, params.id, body), {
        parse,
      }),
    )
    .use(
      mount(
        offerListingTransfer,
        ({ request, params, body }) => owners.offerTransfer(request, params.id, body.toAgent),
        { parse },
      ),
    )
    .use(
      mount(acceptListingTransfer, ({ request, params }) => owners.acceptTransfer(request, params.id), {
        parse: 'none',
      }),
    )
    .use(mount(mergeListing, ({ request, params, body }) => owners.merge(request, params.id, body.into), { parse }))
}
