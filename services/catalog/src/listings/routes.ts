import { cachedHitRoutes } from '@mcp-directory/shared/cached-hits'
import { countCachedViews } from '@mcp-directory/shared/contracts/catalog-internal'
import type { Database } from '@mcp-directory/shared/db'
import { CLIENT_IP_HEADER } from '@mcp-directory/shared/public-api'
import { peerAddress } from '@mcp-directory/shared/runtime'
import type { SuccessOf } from '@mcp-directory/shared/contracts'
import { json, jsonJoin, jsonMembers, jsonMembersOf, jsonObject, mount, Redirect } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { countInstall, getServerById } from './contract'
import type { DetailCache, DetailServer, KeptServer } from './detail-cache'
import type { startInstallCounter } from './installs'
import type { OncePerDayCounter } from './once-a-day'
import { detailOf, PUBLIC_READ_CACHE } from './present'
import { activeCounters, activeListing, listingDetail } from './service'

export interface ListingRouteDeps {
  database: Database
  baseUrl: string
  views: Pick<OncePerDayCounter, 'count'>
  installs: Pick<ReturnType<typeof startInstallCounter>, 'count'>
  /** The other listings of the same server (from the search index). */
  alsoListedAs: (id: string) => string[]
  /** The catalog's install name of a listing (from the search index; undefined: not held there). */
  installNameOf: (id: string) => string | undefined
  /** Details as text, kept until their listing changes. */
  details: DetailCache
}

/** The client as the gateway determined it (it drops any such header a client sends); the socket's address when
 * the catalog is reached directly. */
export const clientOf = (request: Request) => request.headers.get(CLIENT_IP_HEADER) ?? peerAddress(request) ?? 'local'

/** A listing merged by its owner answers with a permanent redirect to the one it was merged into. */
function mergedRedirect(baseUrl: string, into: string): Redirect {
  const location = `${baseUrl}/api/v1/servers/${encodeURIComponent(into)}`
  return new Redirect(location, 308, { error: 'moved', message: `Merged into ${into}`, mergedInto: into })
}

/** A listing's detail (a view counted, its owners' history) and its install counter. */
export function listingRoutes(deps: ListingRouteDeps) {
  const { database, baseUrl, views, installs } = deps
  return (
    new Elysia({ name: 'catalog:listings' })
      .use(
        mount(getServerById, async ({ params, request, set }) => {
          const id = params.id
          let kept = deps.details.get(id)
          // Search gives a listing whose install name another holds a qualified one; its detail keys configs by it.
          const name = deps.installNameOf(id)
          if (kept === undefined || kept.installName !== name) {
            const readAt = deps.details.generation()
            const found = await listingDetail(database, id)
            if ('mergedInto' in found) return mergedRedirect(baseUrl, found.mergedInto)
            const { alsoListedAs: _also, popularity, ...detail } = detailOf(found.listing, baseUrl, [], name)
            const server = { ...detail, history: found.history }
            kept = { text: jsonMembersOf<KeptServer>(server), installName: name, popularity, stale: false }
            deps.details.keep(found.listing.id, kept, readAt)
          } else if (kept.stale) {
            // Only the counters changed since the text was kept: those three numbers are read again (a change heard
            // meanwhile marks them stale once more).
            kept.stale = false
            const counters = await activeCounters(database, id)
            kept.popularity = { ...kept.popularity, ...counters }
          }
          // A view is counted once per visitor and day (the address the gateway passed on, as for installs).
          void views.count(id, clientOf(request))
          Object.assign(set.headers, PUBLIC_READ_CACHE)
          const perRequest = jsonMembers<Pick<DetailServer, 'popularity' | 'alsoListedAs'>>({
            popularity: json(kept.popularity),
            alsoListedAs: json(deps.alsoListedAs(id)),
          })
          return jsonObject<SuccessOf<typeof getServerById>>({ server: jsonJoin(kept.text, perRequest) })
        }),
      )
      // Views of details the gateway answered from its micro-cache, reported per listing and client ("<id>\n<client>"),
      // counted like any other: once per visitor and day, however many hits.
      .use(
        cachedHitRoutes(countCachedViews, (key) => {
          const [id, client] = key.split('\n')
          void views.count(id!, client || 'local')
        }),
      )
      .use(
        mount(
          countInstall,
          async ({ params, request }) => {
            const listing = await activeListing(database, params.id)
            const client = clientOf(request)
            // A repeat gets the same answer as a first install; `counted` says whether this one was added.
            const counted = await installs.count(listing.id, client)
            return { success: true, id: listing.id, counted }
          },
          { parse: 'none' },
        ),
      )
  )
}
