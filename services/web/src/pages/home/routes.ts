import { Elysia } from 'elysia'
import { callApi } from '../../api'
import type { PageContext } from '../../context'
import { type HomeQuery, homeBody, HOME_QUERY_KEYS, type SearchAnswer } from './view'

/** `/`: the search with the API's filters, each passed on as given (the search endpoint validates them). */
export function homeRoutes(ctx: PageContext) {
  return new Elysia().get('/', async ({ request }) => {
    const sp = new URL(request.url).searchParams
    const query = Object.fromEntries(HOME_QUERY_KEYS.map((k) => [k, sp.get(k) ?? ''])) as HomeQuery
    const caller = ctx.callerOf(request)
    const params = new URLSearchParams({ limit: '20' })
    for (const [k, v] of Object.entries(query)) if (v) params.set(k, v)
    const [cats, r] = await Promise.all([
      ctx.categoriesFor(caller),
      callApi<SearchAnswer>(ctx.api, `/api/v1/search?${params}`, caller),
    ])
    if (!r.ok && (r.status === 429 || r.status >= 500)) return ctx.errorPage(r.status, r.error, r.headers)
    const title = query.q ? `“${query.q.slice(0, 60)}”` : 'Find an MCP server'
    return ctx.page(title, homeBody(query, cats, r.ok ? r.data : null, r.ok ? null : r.error), {
      status: r.ok ? 200 : r.status,
      current: 'home',
      description:
        'Search the catalog of Model Context Protocol servers and copy ready-to-paste configs for every MCP client.',
    })
  })
}
