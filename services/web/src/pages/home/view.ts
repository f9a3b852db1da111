// Home: the search box with the API's filters, the results with cursor pagination, and the category browse.
import type { ListingSummary } from '@mcp-directory/shared/contracts'
import type { Static } from '@sinclair/typebox'
import type { ApiError } from '../../api'
import { html, type SafeHtml } from '../../html'
import { errorNotice } from '../common'
import { HomeQuery as HomeQueryModel } from './model'

/** A category as /api/v1/categories gives it (§2.3). */
export interface Category {
  label: string
  slug: string
  emoji: string
  group: string
}

/** The search as the page was asked for it (each value as given, empty when absent). */
export type HomeQuery = Static<typeof HomeQueryModel>

/** What the search API answered. */
export interface SearchAnswer {
  total: number
  query: string | null
  category: string | null
  servers: ListingSummary[]
  nextCursor?: string | null
}

/** The search parameters the page reads and passes on, in the order it passes them. */
export const HOME_QUERY_KEYS = Object.keys(HomeQueryModel.properties) as (keyof HomeQuery)[]

/** The query string of a search (empty values left out). */
export function searchHref(q: Partial<HomeQuery>): string {
  const p = new URLSearchParams()
  for (const k of HOME_QUERY_KEYS) if (q[k]) p.set(k, q[k] as string)
  const s = p.toString()
  return s ? `/?${s}` : '/'
}

function marks(s: ListingSummary): SafeHtml {
  const items: SafeHtml[] = []
  if (s.isOfficial) items.push(html`<li class="mark official">Official</li>`)
  if (s.isVerifiedActive) items.push(html`<li class="mark ok">Seen running</li>`)
  items.push(html`<li class="mark">${s.category}</li>`)
  return html`<ul class="marks" aria-label="Marks">${items}</ul>`
}

function resultCard(s: ListingSummary): SafeHtml {
  return html`<li class="card">
<h3><a href="/servers/${encodeURIComponent(s.id)}">${s.name}</a></h3>
${marks(s)}
<p>${s.description}</p>
<p class="muted">Install name <code>${s.installName}</code> · ${s.upvotes} upvotes</p>
</li>`
}

/** The results region (also what live search swaps in). */
export function resultsRegion(query: HomeQuery, answer: SearchAnswer | null, error: ApiError | null): SafeHtml {
  if (error) return errorNotice(error, 'The search could not run')
  if (!answer) return html``
  const filtered = Boolean(query.q || query.category || query.transport || query.verified)
  const heading = filtered
    ? html`${answer.total} ${answer.total === 1 ? 'server' : 'servers'} found${answer.query ? html` for “${answer.query}”` : ''}${answer.category ? html` in ${answer.category}` : ''}`
    : html`All servers (${answer.total})`
  const next = answer.nextCursor ? searchHref({ ...query, cursor: answer.nextCursor }) : null
  return html`<h2 id="results-heading">${heading}</h2>
${answer.servers.length ? html`<ul class="results" aria-labelledby="results-heading">${answer.servers.map(resultCard)}</ul>` : html`<p>No server matches. Try fewer words or another category.</p>`}
<nav class="pager" aria-label="Pages of results">
${query.cursor ? html`<a href="${searchHref({ ...query, cursor: '' })}">First page</a>` : html`<span></span>`}
${next ? html`<a href="${next}" rel="next">Next page</a>` : ''}
</nav>`
}

/** The home page body. */
export function homeBody(
  query: HomeQuery,
  categories: Category[],
  answer: SearchAnswer | null,
  error: ApiError | null,
): SafeHtml {
  const option = (value: string, label: string, current: string) =>
    html`<option value="${value}"${value === current ? html` selected` : ''}>${label}</option>`
  const currentCategory =
    categories.find((c) =>
      [c.slug, c.label, `${c.emoji} ${c.label}`].some((v) => v.toLowerCase() === query.category.trim().toLowerCase()),
    )?.slug ?? query.category
  const browsing = !(query.q || query.category || query.transport || query.verified || query.cursor)
  return html`<h1>Find an MCP server</h1>
<p class="lead">Search the catalog of Model Context Protocol servers, then copy a ready-to-paste config for your client.</p>
<form id="search-form" class="search" method="get" action="/" role="search" aria-label="Servers">
<div>
<label for="q">Search</label>
<div class="q"><input id="q" name="q" type="search" value="${query.q}" maxlength="200" placeholder="e.g. postgres, github" autocomplete="off"><button type="submit">Search</button></div>
</div>
<div class="filters">
<div><label for="category">Category</label>
<select id="category" name="category">${option('', 'Any category', currentCategory)}${categories.map((c) => option(c.slug, `${c.emoji} ${c.label}`, currentCategory))}</select></div>
<div><label for="transport">Transport</label>
<select id="transport" name="transport">${option('', 'Any', query.transport)}${option('stdio', 'Local process (stdio)', query.transport)}${option('remote', 'Hosted endpoint (remote)', query.transport)}</select></div>
<div><label class="check"><input type="checkbox" name="verified" value="1"${query.verified === '1' ? html` checked` : ''}> Seen running only</label></div>
</div>
</form>
<section id="results" aria-live="polite">
${resultsRegion(query, answer, error)}
</section>
${
  browsing && categories.length
    ? html`<section aria-labelledby="browse-heading"><h2 id="browse-heading">Browse by category</h2>
<ul class="categories">${categories.map((c) => html`<li><a href="${searchHref({ category: c.slug })}"><span aria-hidden="true">${c.emoji}</span> ${c.label}</a></li>`)}</ul></section>`
    : ''
}`
}
