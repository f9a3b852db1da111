// How the badge service reads a listing: the catalog's internal API, over HTTP (stack, compose) or in-process
// (all-in-one). The catalog owns listings; this service never reads its tables.
import { AppError } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import type { ListingForBadge } from '../render'

/** Reads one listing whatever its status, or null when the catalog does not know the id. */
export type FetchListing = (id: string) => Promise<ListingForBadge | null>

/** Something that answers the catalog's internal requests (an Elysia app's `handle`, or `fetch`). */
export type CatalogHandler = (request: Request) => Response | Promise<Response>

const unavailable = () => new AppError(503, 'service_unavailable', 'The catalog is unreachable; try again shortly', undefined, { 'retry-after': '1' })

/** A `FetchListing` over a handler of the catalog's internal API. */
export function catalogListingReader(handle: CatalogHandler): FetchListing {
  return async (id) => {
    const res = await handle(new Request(`http://catalog.internal/internal/listings/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } }))
    if (res.status === 404) {
      await res.body?.cancel()
      return null
    }
    if (res.status !== 200) {
      await res.body?.cancel()
      throw unavailable()
    }
    const { listing } = (await res.json()) as { listing: ListingForBadge }
    return listing
  }
}

// A replica that refused a connection is skipped for this long before it is tried again (as the gateway does).
const DOWN_FOR_MS = 3000

/** A handler that reaches the catalog's replicas over HTTP, rotating over them and skipping one that is down. */
export function httpCatalogHandler(baseUrls: string[], log: Logger, timeoutMs = 5000): CatalogHandler {
  const downUntil = new Map<string, number>()
  let next = 0
  return async (request) => {
    const path = new URL(request.url)
    const now = Date.now()
    const order = baseUrls.map((_, i) => baseUrls[(next + i) % baseUrls.length])
    next = (next + 1) % Math.max(baseUrls.length, 1)
    const tryList = [...order.filter((u) => (downUntil.get(u) ?? 0) <= now), ...order.filter((u) => (downUntil.get(u) ?? 0) > now)]
    for (const base of tryList) {
      try {
        const res = await fetch(base + path.pathname + path.search, { headers: request.headers, signal: AbortSignal.timeout(timeoutMs) })
        downUntil.delete(base)
        return res
      } catch (err) {
        downUntil.set(base, Date.now() + DOWN_FOR_MS)
        log.warn({ replica: base, err: String(err) }, 'catalog replica unreachable')
      }
    }
    throw unavailable()
  }
}
