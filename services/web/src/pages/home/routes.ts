import { searchServers } from '@mcp-directory/catalog/contracts'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { answer, type PageAnswer } from '../../answer'
import { type Caller, tryCall } from '../../api'
import { clientOf, DEFAULT_CLIENT } from '../../client-choice'
import type { PageContext } from '../../context'
import { pageHeaders } from '../../layout'
import { homePage } from './contract'
import {
  type Hit,
  HOME_QUERY_KEYS,
  type HomeQuery,
  homeBody,
  isBrowsing,
  resultsBlock,
  type Sections,
  searchHref,
} from './view'

/** How many cards each home section shows. */
const SHELF = 6

/** How long the sections are kept: they are the same for every visitor. */
const SECTIONS_TTL_MS = 60_000

/** A search as the page passes it on: each value as given (the search endpoint validates them). */
type SearchAsked = Record<string, string>

/** One search through the API; null when it failed (a section then stays out of the page). */
async function hits(ctx: PageContext, caller: Caller, query: SearchAsked): Promise<Hit[] | null> {
  const r = await tryCall(ctx.api, searchServers, { query }, caller)
  return r.ok ? r.data.servers : null
}

/** The search of each home section (the "See all" link of its section asks the same). */
const SECTION_SEARCHES: Record<keyof Sections, SearchAsked> = {
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

/**
 * The home page for a request: the search it asks for, and when it asks for none, the sections and counts. With
 * `part=results` (live search) only the results block is answered: no shell, no category counts.
 */
async function home(ctx: PageContext, sections: () => Promise<Sections>, request: Request): Promise<PageAnswer> {
  const sp = new URL(request.url).searchParams
  const part = sp.get('part') === 'results'
  const query = Object.fromEntries(HOME_QUERY_KEYS.map((k) => [k, sp.get(k) ?? ''])) as HomeQuery
  const caller = ctx.callerOf(request)
  // Hits asked with a client carry transports, health, archived and the install confidence for the cards.
  const { client } = clientOf(request)
  const asked: SearchAsked = { limit: '20', client }
  for (const [k, v] of Object.entries(query)) if (v) asked[k] = v
  const browsing = isBrowsing(query)
  const [cats, r, shelves, counts] = await Promise.all([
    ctx.categoriesFor(caller),
    tryCall(ctx.api, searchServers, { query: asked }, caller),
    browsing ? sections() : NO_SECTIONS,
    browsing && !part ? ctx.categoryCounts() : null,
  ])
  if (!r.ok && (r.status === 429 || r.status >= 500)) return ctx.errorPage(r.status, r.error, r.headers)
  const title = query.q ? `“${query.q.slice(0, 60)}”` : 'Find an MCP server'
  const search = { answer: r.ok ? r.data : null, error: r.ok ? null : r.error }
  if (part)
    return {
      html: resultsBlock(query, search, { ...shelves, counts }).value,
      status: r.ok ? 200 : r.status,
      headers: pageHeaders(),
    }
  return ctx.page(title, homeBody(query, cats, search, { ...shelves, counts }), {
    status: r.ok ? 200 : r.status,
    current: 'home',
    // The search's address without its cursor: a shared link opens the first page of the same search.
    url: searchHref({ ...query, cursor: '' }),
    description:
      query.q && r.ok
        ? `${r.data.total} MCP servers found for “${query.q.slice(0, 60)}”, each with ready-to-paste configs for every MCP client.`
        : 'Search the catalog of Model Context Protocol servers and copy ready-to-paste configs for every MCP client.',
  })
}

/** `/`: the search with the API's filters, each passed on as given (the search endpoint validates them). */
export function homeRoutes(ctx: PageContext) {
  const sections = homeSections(ctx)
  return new Elysia().use(mount(homePage, async ({ request, set }) => answer(set, await home(ctx, sections, request))))
}
