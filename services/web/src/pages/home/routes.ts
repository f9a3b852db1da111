import { Elysia } from 'elysia'
import { type Caller, callApi } from '../../api'
import { clientOf, DEFAULT_CLIENT } from '../../client-choice'
import type { PageContext } from '../../context'
import { type Hit, HOME_QUERY_KEYS, type HomeQuery, homeBody, isBrowsing, type SearchAnswer } from './view'

/** How many cards each home section shows. */
const SHELF = 6
/** The claimed section picks its cards from this many of the most trusted listings (search has no claimed filter). */
const CLAIMED_POOL = 100

/** How long the sections are kept: they are the same for every visitor. */
const SECTIONS_TTL_MS = 60_000

/** One search through the API; null when it failed (a section then stays out of the page). */
async function hits(ctx: PageContext, caller: Caller, params: Record<string, string>): Promise<Hit[] | null> {
  const r = await callApi<SearchAnswer>(ctx.api, `/api/v1/search?${new URLSearchParams(params)}`, caller)
  return r.ok ? r.data.servers : null
}

/**
 * The home sections (seen running; claimed, from the most trusted listings, since search has no claimed filter),
 * read under the service's own client name and kept a minute, so a visitor's page costs the reads it did before.
 */
function homeSections(ctx: PageContext) {
  const self: Caller = { client: 'web:home-sections' }
  let kept: { at: number; running: Hit[] | null; claimed: Hit[] | null } | null = null
  let reading: Promise<{ running: Hit[] | null; claimed: Hit[] | null }> | null = null
  const read = async () => {
    const [running, pool] = await Promise.all([
      hits(ctx, self, { verified: '1', limit: String(SHELF), client: DEFAULT_CLIENT }),
      hits(ctx, self, { limit: String(CLAIMED_POOL), client: DEFAULT_CLIENT }),
    ])
    const sections = { running, claimed: pool ? pool.filter((h) => h.isOfficial).slice(0, SHELF) : null }
    // A failed read is tried again on the next page.
    kept = running && pool ? { at: Date.now(), ...sections } : null
    return sections
  }
  return () => {
    if (kept && Date.now() - kept.at < SECTIONS_TTL_MS) return Promise.resolve(kept)
    reading ??= read().finally(() => {
      reading = null
    })
    return reading
  }
}

/** `/`: the search with the API's filters, each passed on as given (the search endpoint validates them). */
export function homeRoutes(ctx: PageContext) {
  const sections = homeSections(ctx)
  return new Elysia().get('/', async ({ request }) => {
    const sp = new URL(request.url).searchParams
    const query = Object.fromEntries(HOME_QUERY_KEYS.map((k) => [k, sp.get(k) ?? ''])) as HomeQuery
    const caller = ctx.callerOf(request)
    // Hits asked with a client carry transports, health, archived and the install confidence for the cards.
    const { client } = clientOf(request)
    const params = new URLSearchParams({ limit: '20', client })
    for (const [k, v] of Object.entries(query)) if (v) params.set(k, v)
    const browsing = isBrowsing(query)
    const [cats, r, shelves, counts] = await Promise.all([
      ctx.categoriesFor(caller),
      callApi<SearchAnswer>(ctx.api, `/api/v1/search?${params}`, caller),
      browsing ? sections() : { running: null, claimed: null },
      browsing ? ctx.categoryCounts() : null,
    ])
    if (!r.ok && (r.status === 429 || r.status >= 500)) return ctx.errorPage(r.status, r.error, r.headers)
    const title = query.q ? `“${query.q.slice(0, 60)}”` : 'Find an MCP server'
    const search = { answer: r.ok ? r.data : null, error: r.ok ? null : r.error }
    return ctx.page(title, homeBody(query, cats, search, { ...shelves, counts }), {
      status: r.ok ? 200 : r.status,
      current: 'home',
      description:
        'Search the catalog of Model Context Protocol servers and copy ready-to-paste configs for every MCP client.',
    })
  })
}
