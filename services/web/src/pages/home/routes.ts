import { Elysia } from 'elysia'
import { type Caller, callApi } from '../../api'
import { clientOf, DEFAULT_CLIENT } from '../../client-choice'
import type { PageContext } from '../../context'
import {
  type Hit,
  type HomeExtras,
  HOME_QUERY_KEYS,
  type HomeQuery,
  homeBody,
  isBrowsing,
  type SearchAnswer,
} from './view'

/** How many cards each home section shows. */
const SHELF = 6

/** How long the sections are kept: they are the same for every visitor. */
const SECTIONS_TTL_MS = 60_000

/** One search through the API; null when it failed (a section then stays out of the page). */
async function hits(ctx: PageContext, caller: Caller, params: Record<string, string>): Promise<Hit[] | null> {
  const r = await callApi<SearchAnswer>(ctx.api, `/api/v1/search?${new URLSearchParams(params)}`, caller)
  return r.ok ? r.data.servers : null
}

/** The home sections: each the first cards of one search (the "See all" link of its section asks the same). */
type Sections = Pick<HomeExtras, 'running' | 'newest' | 'installed' | 'claimed'>
const SECTION_SEARCHES: Record<keyof Sections, Record<string, string>> = {
  running: { verified: '1', sort: 'checked' },
  newest: { sort: 'new' },
  installed: { sort: 'installs' },
  claimed: { claimed: '1' },
}
const NO_SECTIONS: Sections = { running: null, newest: null, installed: null, claimed: null }

/**
 * The home sections, read under the service's own client name and kept a minute, so a visitor's page costs the
 * reads it did before.
 */
function homeSections(ctx: PageContext) {
  const self: Caller = { client: 'web:home-sections' }
  let kept: (Sections & { at: number }) | null = null
  let reading: Promise<Sections> | null = null
  const read = async () => {
    const keys = Object.keys(SECTION_SEARCHES) as (keyof Sections)[]
    const answers = await Promise.all(
      keys.map((k) => hits(ctx, self, { ...SECTION_SEARCHES[k], limit: String(SHELF), client: DEFAULT_CLIENT })),
    )
    const sections = Object.fromEntries(keys.map((k, i) => [k, answers[i]!])) as Sections
    // Most installed shows only what was installed: with no installs counted, the section stays out.
    sections.installed = sections.installed?.filter((h) => (h.installs ?? 0) > 0) ?? null
    // A failed read is tried again on the next page.
    kept = answers.every(Boolean) ? { at: Date.now(), ...sections } : null
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
      browsing ? sections() : NO_SECTIONS,
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
