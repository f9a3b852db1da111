import { resolveCategory, storedCategoryName } from '@mcp-directory/shared/categories'
import { InvalidParameter, StaleCursor, UnknownCategory } from '@mcp-directory/shared/errors'
import { installHintFor } from '../listings/present'
import { basisOf, type CatalogIndex, type PresentedHit } from './catalog-index'
import { BadCursor, CursorExpired, type Filters, type SearchPage, type Sort } from '../text/engine'
import { Lru } from '@mcp-directory/shared/lru'
import type { CursorSeal } from './cursor-seal'
import { DEFAULT_LIMIT, type SearchQuery } from './model'
import { toolMatcher, toolPlanOf } from './tool-index/tool-search'

/** The stored category name a search filters on: any of its three spellings, else UnknownCategory. */
export function categoryFilter(category: string | undefined): string | null {
  if (category === undefined) return null
  const c = resolveCategory(category)
  if (!c)
    throw new UnknownCategory(
      `Unknown category "${category.slice(0, 100)}"; see /api/v1/categories for the accepted values`,
      { parameter: 'category', value: category.slice(0, 100) },
    )
  return storedCategoryName(c)
}

/** What a search asks the index for, from a query its model accepted (defaults applied, `q` trimmed). */
export function searchSpecOf(query: SearchQuery): { q: string | null; filters: Filters; limit: number; sort: Sort } {
  return {
    q: query.q?.trim() || null,
    filters: {
      category: categoryFilter(query.category),
      transport: query.transport ?? null,
      verified: query.verified === '1',
      // Only when asked, so a search without it hashes its cursor as before.
      ...(query.claimed === '1' ? { claimed: true } : {}),
      ...(query.ready === '1' ? { ready: true } : {}),
    },
    limit: query.limit ?? DEFAULT_LIMIT,
    sort: query.sort ?? 'relevance',
  }
}

/**
 * One page of ranked results as the UTF-8 JSON of §2.1's answer, from the index and the summaries kept beside it
 * (no database round trip): each hit is its summary's bytes with `alsoListedAs` (the other listings of the same
 * server); with `client` (a config client slug) also transports, health, archived and that client's install line;
 * with `explain`, `why` it ranks there.
 */
export function searchBody(index: CatalogIndex, query: SearchQuery, seal: CursorSeal): Uint8Array {
  const { q, filters, limit, sort } = searchSpecOf(query)
  let page: SearchPage
  try {
    page = index.index.search(q, filters, limit, seal.open(query.cursor), query.explain === '1', sort)
  } catch (err) {
    if (err instanceof BadCursor) throw new InvalidParameter('cursor', 'is not a cursor this API returned')
    if (err instanceof CursorExpired) throw new StaleCursor()
    throw err
  }
  const { client } = query
  const parts: Uint8Array[] = [
    Buffer.from(
      `${JSON.stringify({ total: page.total, query: q, category: filters.category }).slice(0, -1)},"servers":[`,
    ),
  ]
  // Every indexed listing has its summary; an id without one is skipped rather than answered half-made.
  const shown = page.hits.flatMap((hit) => {
    const presented = index.presentedOf(hit.id)
    return presented ? [{ hit, presented }] : []
  })
  // One install name per server in the answer (install-names.ts); the client's line uses the same.
  const names = index.installNamesOf(shown.map((s) => s.hit.id))
  // The query's terms as the tool index reads them, looked up once: which of a hit's tools matched is a few lookups.
  const matchedTools = toolMatcher(index.tools, toolPlanOf(q))
  shown.forEach(({ hit, presented }, i) => {
    if (i > 0) parts.push(COMMA)
    const name = names[i]!
    parts.push(presented.head, Buffer.from(`,"installName":${JSON.stringify(name)}`))
    const matched = matchedTools(hit.id)
    // The most common hit (one listing of its server, no client, no explain) ends with the same bytes every time.
    if (!client && !hit.why && hit.alsoListedAs.length === 0 && !matched.length) {
      parts.push(ALONE_TAIL)
      return
    }
    let tail = `,"alsoListedAs":${JSON.stringify(hit.alsoListedAs)}`
    if (matched.length) tail += `,"matchedTools":${JSON.stringify(matched)}`
    if (client) tail += `,${installHintText(hit.id, presented, client, name)}`
    if (hit.why) tail += `,"why":${JSON.stringify(hit.why)}`
    parts.push(Buffer.from(`${tail}}`))
  })
  parts.push(Buffer.from(`],"nextCursor":${JSON.stringify(seal.seal(page.nextCursor))}}`))
  return Buffer.concat(parts)
}

const COMMA = Buffer.from(',')
const ALONE_TAIL = Buffer.from(',"alsoListedAs":[]}')

// A hit's install line for a client is built from every client's config of the listing (shared/src/install), the
// costliest part of a search with `client`. The same listings come back in many searches, so the JSON of each is
// kept per listing and client, with the kept summary it was made from (a changed listing has a new one, and is built
// again); the least recently used is dropped first. About 4 MB at the most.
const HINTS_KEPT = 8000
const hints = new Lru<string, { from: PresentedHit; name: string; json: string }>(HINTS_KEPT)

/**
 * A hit's install hint for `client` under its install name in the answer, as JSON members without braces: the kept
 * text while its listing and that name are unchanged.
 */
function installHintText(id: string, presented: PresentedHit, client: string, name: string): string {
  const key = `${client} ${id}`
  const kept = hints.get(key)
  if (kept?.from === presented && kept.name === name) return kept.json
  return hints.set(key, {
    from: presented,
    name,
    json: JSON.stringify(installHintFor({ ...basisOf(presented), name }, client)).slice(1, -1),
  }).json
}
