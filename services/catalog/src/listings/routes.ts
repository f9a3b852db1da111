import { cachedHitRoutes } from '@mcp-directory/shared/cached-hits'
import type { BatchedCounter } from '@mcp-directory/shared/counter'
import type { Database } from '@mcp-directory/shared/db'
import { notFound } from '@mcp-directory/shared/errors'
import { json } from '@mcp-directory/shared/http'
import { CLIENT_IP_HEADER } from '@mcp-directory/shared/public-api'
import { peerAddress } from '@mcp-directory/shared/runtime'
import { Elysia } from 'elysia'
import type { startInstallCounter } from './installs'
import { detailOf, PUBLIC_READ_CACHE } from './present'
import { historyOf } from '../owners/repository'
import { findActiveListing, findListing } from './repository'

export interface ListingRouteDeps {
  database: Database
  baseUrl: string
  views: Pick<BatchedCounter, 'count'>
  installs: Pick<ReturnType<typeof startInstallCounter>, 'count'>
  /** The other listings of the same server (from the search index). */
  alsoListedAs: (id: string) => string[]
}

/** A listing merged by its owner answers with a permanent redirect to the one it was merged into; else 404. */
async function mergedRedirect(database: Database, baseUrl: string, id: string): Promise<Response> {
  const gone = await findListing(database, id)
  if (!gone?.mergedInto) throw notFound('Listing')
  const location = `${baseUrl}/api/v1/servers/${encodeURIComponent(gone.mergedInto)}`
  return json({ error: 'moved', message: `Merged into ${gone.mergedInto}`, mergedInto: gone.mergedInto }, 308, {
    location,
  })
}

/** A listing's detail (a view counted, its owners' history) and its install counter. */
export function listingRoutes(deps: ListingRouteDeps) {
  const { database, baseUrl, views, installs } = deps
  return (
    new Elysia({ name: 'catalog:listings' })
      .get('/api/v1/servers/:id', async ({ params }) => {
        const listing = await findActiveListing(database, params.id)
        if (!listing) return mergedRedirect(database, baseUrl, params.id)
        views.count(listing.id)
        const history = await historyOf(database, listing.id)
        const detail = { ...detailOf(listing, baseUrl, deps.alsoListedAs(listing.id)), history }
        return json({ server: detail }, 200, PUBLIC_READ_CACHE)
      })
      // Views of details the gateway answered from its micro-cache, counted like any other.
      .use(cachedHitRoutes('/internal/views', (id, n) => views.count(id, n)))
      .post(
        '/api/v1/servers/:id/installs',
        async ({ params, request }) => {
          const listing = await findActiveListing(database, params.id)
          if (!listing) throw notFound('Listing')
          // The client as the gateway determined it (it drops any such header a client sends); the socket's address
          // when the catalog is reached directly.
          const client = request.headers.get(CLIENT_IP_HEADER) ?? peerAddress(request) ?? 'local'
          // A repeat gets the same answer as a first install; `counted` says whether this one was added.
          const counted = await installs.count(listing.id, client)
          return json({ success: true, id: listing.id, counted }, 202)
        },
        { parse: 'none' },
      )
  )
}
