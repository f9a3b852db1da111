// How the badge service reads a listing: the catalog's internal API, over HTTP (stack, compose) or in-process
// (all-in-one). The catalog owns listings; this service never reads its tables.
import { serviceUnavailable } from '@mcp-directory/shared/errors'
import { replicaHandler } from '@mcp-directory/shared/upstream'
import type { Logger } from '@mcp-directory/shared/log'
import type { ListingForBadge } from '../render'

/** Reads one listing whatever its status, or null when the catalog does not know the id. */
export type FetchListing = (id: string) => Promise<ListingForBadge | null>

/** Something that answers the catalog's internal requests (an Elysia app's `handle`, or `fetch`). */
export type CatalogHandler = (request: Request) => Response | Promise<Response>

/** A `FetchListing` over a handler of the catalog's internal API. */
export function catalogListingReader(handle: CatalogHandler): FetchListing {
  return async (id) => {
    const res = await handle(
      new Request(`http://catalog.internal/internal/listings/${encodeURIComponent(id)}`, {
        headers: { accept: 'application/json' },
      }),
    )
    if (res.status === 404) {
      await res.body?.cancel()
      return null
    }
    if (res.status !== 200) {
      await res.body?.cancel()
      throw serviceUnavailable('catalog')
    }
    const { listing } = (await res.json()) as { listing: ListingForBadge }
    return listing
  }
}

/** A handler that reaches the catalog's replicas over HTTP through the shared upstream (rotation, failover, DNS). */
export function httpCatalogHandler(baseUrls: string[], log: Logger, timeoutMs = 5000): CatalogHandler {
  return replicaHandler('catalog', baseUrls, log, timeoutMs)
}
