// Home: the search box with the API's filters, the results with cursor pagination, and the category browse.
import type { searchServers } from '@mcp-directory/catalog/contracts'
import type { SuccessOf } from '@mcp-directory/shared/contracts'
import type { ErrorBody } from '@mcp-directory/shared/errors'
import type { Static } from '@sinclair/typebox'
import type { Category } from '../../context'
import { html, type SafeHtml } from '../../html'
import { count, errorNotice } from '../common'
import { guessLine, installGuessOf } from '../install-guess'
import { marksList, marksOf } from '../marks'
import { marksLegend } from '../marks-legend'
import { publisherLine, withPublisher } from '../publisher'
import { HomeQuery as HomeQueryModel } from './model'

/** The search as the page was asked for it (each value as given, empty when absent). */
export type HomeQuery = Static<typeof HomeQueryModel>

/** What the search API answered. */
export type SearchAnswer = SuccessOf<typeof searchServers>

/** The search parameters the page reads and passes on, in the order it passes them. */
export const HOME_QUERY_KEYS = Object.keys(HomeQueryModel.properties) as (keyof HomeQuery)[]

/** The query string of a search (empty values left out). */
export function searchHref(q: Partial<HomeQuery>): string {
  const p = new URLSearchParams()
  for (const k of HOME_QUERY_KEYS) if (q[k]) p.set(k, q[k] as string)
  const s = p.toString()
  return s ? `/?${s}` : '/'
}

/** A search hit (title, risk level, stars, installs, dates) and, asked with `client`, its install hint. */
export type Hit = SearchAnswer['servers'][number]

/** The name people read: the title, else the part of a registry name after its namespace. */
export function displayName(s: { name: string; title?: string | null }): string {
  if (s.title?.trim()) return s.title.trim()
  const slash = s.name.lastIndexOf('/')
  return slash > 0 && slash < s.name.length - 1 ? s.name.slice(slash + 1) : s.name
}

/** The marks of a card, from what the hit carries (its risk as a level: the findings are on the listing page). */
export const hitMarks = (s: Hit) =>
  marksOf({
    ...s,
    risk: s.risk ? { level: s.risk, cleared: s.riskCleared === true, findings: [] } : null,
    stars: s.stars ?? null,
    installs: s.installs ?? null,
  })

/** How each order of the search API reads in a heading. */
const ORDER_WORDS: Record<string, string> = {
  new: 'newest first',
  installs: 'most installed first',
  checked: 'seen running and latest checked first',
}

/** The orders the sort control offers: the search API's `sort` values, in people's words (relevance is the default). */
export const SORTS: readonly { value: string; label: string }[] = [
  { value: '', label: 'Best match' },
  { value: 'checked', label: 'Seen running' },
  { value: 'new', label: 'Newest' },
  { value: 'installs', label: 'Most installed' },
]

/**
 * A result card: the name people read (with its publisher's when the name alone is bare; the registry name small),
 * who published it, two lines of description (the whole text is there, clamped by the stylesheet, and in its
 * tooltip), and the marks (with the guessed command when the install is a guess).
 */
export function resultCard(s: Hit): SafeHtml {
  const shown = withPublisher(displayName(s), s.publisher)
  return html`<li class="card" data-listing="${s.id}">
<h3><a href="/servers/${encodeURIComponent(s.id)}">${shown}</a>${shown !== s.name ? html` <span class="regname">${s.name}</span>` : ''}</h3>
${publisherLine(s.publisher)}
<p class="desc" title="${s.description}">${s.description}</p>
${marksList(hitMarks(s))}
${guessLine(installGuessOf(s))}
<p class="muted small"><span class="visually-hidden">Category: </span>${s.category}</p>
</li>`
}

/** The results region of a search (also what live search swaps in). */
export function resultsRegion(query: HomeQuery, answer: SearchAnswer | null, error: ErrorBody | null): SafeHtml {
  if (error) return errorNotice(error, 'The search could not run')
  if (!answer) return html``
  const filtered = Boolean(
    query.q || query.category || query.transport || query.verified || query.claimed || query.ready,
  )
  const order = ORDER_WORDS[query.sort]
  const heading = filtered
    ? html`${answer.total} ${answer.total === 1 ? 'server' : 'servers'} found${answer.query ? html` for “${answer.query}”` : ''}${answer.category ? html` in ${answer.category}` : ''}${order ? `, ${order}` : ''}`
    : html`All servers, ${order ?? 'most trusted first'} (${count(answer.total)})`
  const next = answer.nextCursor ? searchHref({ ...query, cursor: answer.nextCursor }) : null
  return html`<h2 id="results-heading" data-count="${answer.total} ${answer.total === 1 ? 'server' : 'servers'} found">${heading}</h2>
${filtered || order ? '' : html`<p class="muted">Ordered by evidence: a namespace that matches its repository, a claim by its owner, seen running, GitHub stars.</p>`}
${answer.servers.length ? marksLegend() : ''}
${answer.servers.length ? html`<ul class="results" aria-labelledby="results-heading">${answer.servers.map(resultCard)}</ul>` : html`<p>No server matches. Try fewer words or another category.</p>`}
<nav class="pager" aria-label="Pages of results">
${query.cursor ? html`<a href="${searchHref({ ...query, cursor: '' })}">First page</a>` : html`<span></span>`}
${next ? html`<a href="${next}" rel="next">Next page</a>` : ''}
</nav>`
}

/** The home page's sections: each the first cards of one search (absent when its call failed). */
export type Sections = Record<'running' | 'newest' | 'installed' | 'claimed', Hit[] | null>

/** What the home page shows besides the search: its sections and how many servers each category holds. */
export type HomeExtras = Sections & { counts: Map<string, number> | null }

/** A section of cards on the home page. */
function cardSection(id: string, title: string, caption: string, hits: Hit[] | null, more?: string): SafeHtml {
  if (!hits?.length) return html``
  return html`<section class="shelf" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>
<p class="muted">${caption}${more ? html` <a href="${more}">See all</a>` : ''}</p>
<ul class="results grid" aria-labelledby="${id}">${hits.map(resultCard)}</ul></section>`
}

function categoriesSection(categories: Category[], counts: Map<string, number> | null): SafeHtml {
  if (!categories.length) return html``
  // With counts, empty categories are left out and the count says how many servers each holds.
  const shown = counts ? categories.filter((c) => (counts.get(c.slug) ?? 0) > 0) : categories
  return html`<section aria-labelledby="browse-heading"><h2 id="browse-heading">Browse by category</h2>
<ul class="categories">${shown.map((c) => html`<li><a href="${searchHref({ category: c.slug })}"><span aria-hidden="true">${c.emoji}</span> ${c.label}${counts ? html` <span class="count">${count(counts.get(c.slug))}<span class="visually-hidden"> servers</span></span>` : ''}</a></li>`)}</ul></section>`
}

/** The search form, filled with the query. */
function searchForm(query: HomeQuery, categories: Category[]): SafeHtml {
  const option = (value: string, label: string, current: string) =>
    html`<option value="${value}"${value === current ? html` selected` : ''}>${label}</option>`
  const currentCategory =
    categories.find((c) =>
      [c.slug, c.label, `${c.emoji} ${c.label}`].some((v) => v.toLowerCase() === query.category.trim().toLowerCase()),
    )?.slug ?? query.category
  return html`<form id="search-form" class="search" method="get" action="/" role="search" aria-label="Servers">
<div>
<label for="q">Search</label>
<div class="q"><input id="q" name="q" type="search" value="${query.q}" maxlength="200" placeholder="e.g. postgres, github" autocomplete="off"><button type="submit">Search</button></div>
</div>
<div class="filters">
<div><label for="category">Category</label>
<select id="category" name="category">${option('', 'Any category', currentCategory)}${categories.map((c) => option(c.slug, `${c.emoji} ${c.label}`, currentCategory))}</select></div>
<div><label for="transport">Transport</label>
<select id="transport" name="transport">${option('', 'Any', query.transport)}${option('stdio', 'Local process (stdio)', query.transport)}${option('remote', 'Hosted endpoint (remote)', query.transport)}</select></div>
<div><label for="sort">Order</label>
<select id="sort" name="sort">${SORTS.map((o) => option(o.value, o.label, query.sort))}</select></div>
<div><label class="check"><input type="checkbox" name="verified" value="1"${query.verified === '1' ? html` checked` : ''}> Seen running only</label></div>
<div><label class="check"><input type="checkbox" name="ready" value="1"${query.ready === '1' ? html` checked` : ''}> Ready for an agent’s host only</label></div>
</div>
${query.claimed ? html`<input type="hidden" name="claimed" value="${query.claimed}">` : ''}
</form>
<p id="search-status" class="visually-hidden" role="status" aria-live="polite"></p>
<p id="search-note" class="notice warn" hidden></p>`
}

/** Whether the page is asked for nothing in particular (then it shows its sections). */
export const isBrowsing = (q: HomeQuery) =>
  !(q.q || q.category || q.transport || q.verified || q.claimed || q.ready || q.sort || q.cursor)

/** The home page's sections, each the first cards of a search the API orders or filters (its "See all" link). */
function sections(extras: HomeExtras): SafeHtml {
  return html`${cardSection('running-heading', 'Seen running recently', 'The directory saw these run (a live tools list, a sandbox start or a healthy endpoint), most recently checked first.', extras.running, '/?verified=1&sort=checked')}
${cardSection('new-heading', 'Newly added', 'The latest listings in the catalog.', extras.newest, '/?sort=new')}
${cardSection('installed-heading', 'Most installed', 'Install configs copied from this directory, counted once per visitor a day.', extras.installed, '/?sort=installs')}
${cardSection('claimed-heading', 'Claimed by their owners', 'Their owners proved control of the domain, website or repository here.', extras.claimed, '/?claimed=1')}`
}

/** The home page body: the search first, then (when browsing) the sections, then the categories. */
export function homeBody(
  query: HomeQuery,
  categories: Category[],
  search: { answer: SearchAnswer | null; error: ErrorBody | null },
  extras: HomeExtras,
): SafeHtml {
  const browsing = isBrowsing(query)
  return html`<h1>Find an MCP server</h1>
${browsing ? html`<p class="lead">Search the catalog of Model Context Protocol servers, then copy a ready-to-paste config for your client.</p>` : ''}
${searchForm(query, categories)}
${resultsBlock(query, search, extras)}
${browsing ? categoriesSection(categories, extras.counts) : ''}`
}

/** The results block: the sections when browsing, then the results (what live search asks for and swaps in). */
export function resultsBlock(
  query: HomeQuery,
  search: { answer: SearchAnswer | null; error: ErrorBody | null },
  extras: HomeExtras,
): SafeHtml {
  return html`<div id="results">
${isBrowsing(query) ? sections(extras) : ''}
${resultsRegion(query, search.answer, search.error)}
</div>`
}
