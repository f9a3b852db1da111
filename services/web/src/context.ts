// What every page's routes share: the public API on behalf of the visitor, the category list, and the page shell
// with its error pages.
import { listCategories, searchServers } from '@mcp-directory/catalog/contracts'
import type { Config } from '@mcp-directory/shared/config'
import type { SuccessOf } from '@mcp-directory/shared/contracts'
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { REQUEST_ID_HEADER, type Logger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER, type PublicApi } from '@mcp-directory/shared/public-api'
import type { PageAnswer } from './answer'
import { type Caller, tryCall } from './api'
import { type Assets, loadAssets } from './assets'
import { crossSiteForm } from './forms'
import type { html } from './html'
import { renderPage } from './layout'
import { errorBody } from './pages/errors'

/** A category, as the categories endpoint answers it. */
export type Category = SuccessOf<typeof listCategories>['categories'][number]

const CATEGORIES_TTL_MS = 10 * 60_000

type PageOptions = Omit<Parameters<typeof renderPage>[1], 'title' | 'body'>

/** The shared helpers of the page routes. */
export interface PageContext {
  api: PublicApi
  log: Logger
  /** PUBLIC_BASE_URL. */
  base: string
  assets: Assets
  /** Who a request speaks for: the visitor's address (from the gateway) and the request id. */
  callerOf(request: Request): Caller
  /** The categories, read through the API and kept a while (empty when the API fails and none were kept). */
  categoriesFor(caller: Caller): Promise<Category[]>
  /** How many active listings each category holds (by slug), kept a while; null when it could not be read. */
  categoryCounts(): Promise<Map<string, number> | null>
  /** A full page in the directory's shell. */
  page(title: string, body: ReturnType<typeof html>, o?: PageOptions): PageAnswer
  /** An error page for an Error object; 429 and 503 keep their Retry-After. */
  errorPage(status: number, e: ErrorBody, headers?: Headers): PageAnswer
  /** The 403 page for a form post another site made the browser send (forms.ts); null for one of ours. */
  refuseCrossSite(request: Request): PageAnswer | null
}

export function createPageContext(deps: { config: Config; log: Logger; api: PublicApi }): PageContext {
  const { api, log } = deps
  const assets = loadAssets()

  // The categories are a fixed taxonomy: read once through the API and kept for a while.
  let categories: { at: number; list: Category[] } | null = null
  async function categoriesFor(caller: Caller): Promise<Category[]> {
    if (categories && Date.now() - categories.at < CATEGORIES_TTL_MS) return categories.list
    const r = await tryCall(api, listCategories, {}, caller)
    if (!r.ok) return categories?.list ?? []
    categories = { at: Date.now(), list: r.data.categories }
    return categories.list
  }

  // The counts are the directory's own work, not a visitor's: read under the service's own client name (its own
  // rate-limit bucket), one search per category, and kept like the categories; a failed read is retried after a minute.
  let counts: { at: number; ttl: number; map: Map<string, number> | null } | null = null
  let countsReading: Promise<Map<string, number> | null> | null = null
  async function readCounts(): Promise<Map<string, number> | null> {
    const self: Caller = { client: 'web:category-counts' }
    const list = await categoriesFor(self)
    const answers = await Promise.all(
      list.map((c) => tryCall(api, searchServers, { query: { category: c.slug, limit: 1 } }, self)),
    )
    const totals = answers.map((a) => (a.ok ? a.data.total : null))
    if (!list.length || totals.includes(null)) return null
    return new Map(list.map((c, i) => [c.slug, totals[i]!]))
  }
  async function categoryCounts(): Promise<Map<string, number> | null> {
    if (counts && Date.now() - counts.at < counts.ttl) return counts.map
    countsReading ??= readCounts()
      .then((map) => {
        counts = { at: Date.now(), ttl: map ? CATEGORIES_TTL_MS : 60_000, map }
        return map
      })
      .finally(() => {
        countsReading = null
      })
    return countsReading
  }

  // A page's address is given as a path; its card carries it absolute, on the public base.
  const page = (title: string, body: ReturnType<typeof html>, o: PageOptions = {}) =>
    renderPage(assets, {
      title: `${title} · MCP Server Directory`,
      body,
      ...o,
      ...(o.url ? { url: new URL(o.url, deps.config.publicBaseUrl).toString() } : {}),
    })

  function errorPage(status: number, e: ErrorBody, headers?: Headers): PageAnswer {
    const extra: Record<string, string> = {}
    const retry = headers?.get('retry-after')
    if (retry) extra['retry-after'] = retry
    const title = status === 404 ? 'Not found' : status === 429 ? 'Too many requests' : 'Error'
    return page(title, errorBody(status, e), { status, headers: extra, noStore: status >= 500 || status === 429 })
  }

  return {
    api,
    log,
    base: deps.config.publicBaseUrl,
    assets,
    callerOf: (request) => ({
      client: request.headers.get(CLIENT_IP_HEADER) ?? undefined,
      requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined,
    }),
    categoriesFor,
    categoryCounts,
    page,
    errorPage,
    refuseCrossSite: (request) =>
      crossSiteForm(request, deps.config.publicBaseUrl)
        ? errorPage(403, {
            error: 'forbidden',
            message: 'This form was sent from another site, so it was refused. Open the page here and send it again.',
          })
        : null,
  }
}
