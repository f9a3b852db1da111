import { resolveCategory, storedCategoryName } from '@mcp-directory/shared/categories'
import { InvalidParameter, StaleCursor, UnknownCategory } from '@mcp-directory/shared/errors'
import type { SearchHit, SearchResponse } from '@mcp-directory/shared/contracts'
import {
  type Json,
  json,
  jsonArray,
  jsonJoin,
  type JsonMembers,
  jsonMembers,
  jsonMembersOf,
  jsonObject,
} from '@mcp-directory/shared/service'
import { installHintFor } from '../listings/present'
import { basisOf, type CatalogIndex, type PresentedHit } from './catalog-index'
import { BadCursor, CursorExpired, type Filters, type SearchPage, type Sort, type Why } from '../text/engine'
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
 * One page of ranked results as the JSON of §2.1's answer, from the index and the summaries kept beside it (no
 * database round trip): each hit is its summary's bytes with `alsoListedAs` (the other listings of the same server);
 * with `client` (a config client slug) also transports, health, archived and that client's install line; with
 * `explain`, `why` it ranks there.
 */
export function searchBody(index: CatalogIndex, query: SearchQuery, seal: CursorSeal): Json<SearchResponse> {
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
  // Every indexed listing has its summary; an id without one is skipped rather than answered half-made.
  const shown = page.hits.flatMap((hit) => {
    const presented = index.presentedOf(hit.id)
    return presented ? [{ hit, presented }] : []
  })
  // One install name per server in the answer (install-names.ts); the client's line uses the same.
  const names = index.installNamesOf(shown.map((s) => s.hit.id))
  // The query's terms as the tool index reads them, looked up once: which of a hit's tools matched is a few lookups.
  const matchedTools = toolMatcher(index.tools, toolPlanOf(q))
  const servers = shown.map(({ hit, presented }, i): Json<SearchHit> => {
    const name = names[i]!
    const matched = matchedTools(hit.id)
    return jsonJoin(
      presented.head,
      jsonMembers<Pick<SearchHit, 'installName' | 'alsoListedAs' | 'matchedTools'>>({
        installName: json(name),
        // The most common hit is one listing of its server: the same part every time.
        alsoListedAs: hit.alsoListedAs.length ? json(hit.alsoListedAs) : NO_OTHER_LISTINGS,
        matchedTools: matched.length ? json(matched) : undefined,
      }),
      client ? installHintMembers(hit.id, presented, client, name) : NO_MEMBERS,
      // Beyond the hit's model (an explained search's own): the answer's model leaves it open.
      hit.why ? jsonMembers<{ why: Why }>({ why: json(hit.why) }) : NO_MEMBERS,
    )
  })
  return jsonObject<SearchResponse>({
    total: json(page.total),
    query: json(q),
    category: json(filters.category),
    servers: jsonArray(servers),
    nextCursor: json(seal.seal(page.nextCursor)),
  })
}

const NO_OTHER_LISTINGS = json<string[]>([])
const NO_MEMBERS = jsonMembersOf({})

// A hit's install line for a client is built from every client's config of the listing (shared/src/install), the
// costliest part of a search with `client`. The same listings come back in many searches, so the JSON of each is
// kept per listing and client, with the kept summary it was made from (a changed listing has a new one, and is built
// again); the least recently used is dropped first. About 4 MB at the most.
const HINTS_KEPT = 8000
const hints = new Lru<string, { from: PresentedHit; name: string; json: JsonMembers<InstallHint> }>(HINTS_KEPT)

type InstallHint = ReturnType<typeof installHintFor>

/**
 * A hit's install hint for `client` under its install name in the answer, as JSON members: the kept text while its
 * listing and that name are unchanged.
 */
function installHintMembers(id: string, presented: PresentedHit, client: string, name: string) {
  const key = `${client} ${id}`
  const kept = hints.get(key)
  if (kept?.from === presented && kept.name === name) return kept.json
  return hints.set(key, {
    from: presented,
    name,
    json: jsonMembersOf(installHintFor({ ...basisOf(presented), name }, client)),
  }).json
}
