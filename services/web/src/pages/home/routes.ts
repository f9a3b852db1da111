import { Elysia } from 'elysia'
import { type Caller, callApi } from '../../api'
import { clientOf } from '../../client-choice'
import type { PageContext } from '../../context'
import { type Hit, HOME_QUERY_KEYS, type HomeQuery, homeBody, isBrowsing, type SearchAnswer } from './view'

/** How many cards each home section shows. */
const SHELF = 6
/** The claimed section picks its cards from this many of the most trusted listings (search has no claimed filter). */
const CLAIMED_POOL = 100

/** One search through the API; null when it failed (a section then stays out of the page). */
async function hits(ctx: PageContext, caller: Caller, params: Record<string, string>): Promise<Hit[] | null> {
  const r = await callApi<SearchAnswer>(ctx.api, `/api/v1/search?${new URLSearchParams(params)}`, caller)
  return r.ok ? r.data.servers : null
}

/** `/`: the search with the API's filters, each passed on as given (the search endpoint validates them). */
export function homeRoutes(ctx: PageContext) {
  return new Elysia().get('/', async ({ request }) => {
    const sp = new URL(request.url).searchParams
    const query = Object.fromEntries(HOME_QUERY_KEYS.map((k) => [k, sp.get(k) ?? ''])) as HomeQuery
    const caller = ctx.callerOf(request)
    // Hits asked with a client carry transports, health, archived and the install confidence for the cards.
    const { client } = clientOf(request)
    const params = new URLSearchParams({ limit: '20', client })
    for (const [k, v] of Object.entries(query)) if (v) params.set(k, v)
    const browsing = isBrowsing(query)
    const [cats, r, running, pool, counts] = await Promise.all([
      ctx.categoriesFor(caller),
      callApi<SearchAnswer>(ctx.api, `/api/v1/search?${params}`, caller),
      browsing ? hits(ctx, caller, { verified: '1', limit: String(SHELF), client }) : null,
      browsing ? hits(ctx, caller, { limit: String(CLAIMED_POOL), client }) : null,
      browsing ? ctx.categoryCounts() : null,
    ])
    if (!r.ok && (r.status === 429 || r.status >= 500)) return ctx.errorPage(r.status, r.error, r.headers)
    const claimed = pool ? pool.filter((h) => h.isOfficial).slice(0, SHELF) : null
    const title = query.q ? `“${query.q.slice(0, 60)}”` : 'Find an MCP server'
    const search = { answer: r.ok ? r.data : null, error: r.ok ? null : r.error }
    return ctx.page(title, homeBody(query, cats, search, { running, claimed, counts }), {
      status: r.ok ? 200 : r.status,
      current: 'home',
      description:
        'Search the catalog of Model Context Protocol servers and copy ready-to-paste configs for every MCP client.',
    })
  })
}
