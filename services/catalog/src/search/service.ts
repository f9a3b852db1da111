import { resolveCategory, storedCategoryName } from '@mcp-directory/shared/categories'
import type { SearchResponse } from '@mcp-directory/shared/contracts'
import type { Database } from '@mcp-directory/shared/db'
import { AppError, invalidParameter } from '@mcp-directory/shared/errors'
import { installHintOf, summaryOf } from '../listings/present'
import { BadCursor, type Filters, type SearchIndex } from './engine'
import { DEFAULT_LIMIT, type SearchQuery } from './model'
import { summaryRows } from './repository'

/** The stored category name a search filters on: any of its three spellings, or a 400 `unknown_category`. */
export function categoryFilter(category: string | undefined): string | null {
  if (category === undefined) return null
  const c = resolveCategory(category)
  if (!c)
    throw new AppError(
      400,
      'unknown_category',
      `Unknown category "${category.slice(0, 100)}"; see /api/v1/categories for the accepted values`,
      [{ parameter: 'category', value: category.slice(0, 100) }],
    )
  return storedCategoryName(c)
}

/** What a search asks the index for, from a query its model accepted (defaults applied, `q` trimmed). */
export function searchSpecOf(query: SearchQuery): { q: string | null; filters: Filters; limit: number } {
  return {
    q: query.q?.trim() || null,
    filters: {
      category: categoryFilter(query.category),
      transport: query.transport ?? null,
      verified: query.verified === '1',
    },
    limit: query.limit ?? DEFAULT_LIMIT,
  }
}

/**
 * One page of ranked results from the index, shaped from the listings' rows. With `client` (a config client slug)
 * each hit also carries transports, health, archived and that client's install line; without it the hits are
 * exactly the summaries of §2.1 (with `alsoListedAs`, the other listings of the same server).
 */
export async function search(
  index: SearchIndex,
  database: Database,
  baseUrl: string,
  query: SearchQuery,
): Promise<SearchResponse> {
  const { q, filters, limit } = searchSpecOf(query)
  let page: ReturnType<SearchIndex['search']>
  try {
    page = index.search(q, filters, limit, query.cursor)
  } catch (err) {
    if (err instanceof BadCursor) throw invalidParameter('cursor', 'is not a cursor this API returned')
    throw err
  }
  const rows = await summaryRows(
    database,
    page.hits.map((h) => h.id),
  )
  const also = new Map(page.hits.map((h) => [h.id, h.alsoListedAs]))
  const { client } = query
  return {
    total: page.total,
    query: q,
    category: filters.category,
    servers: rows.map((r) => {
      const summary = summaryOf(r, baseUrl, also.get(r.id) ?? [])
      return client ? { ...summary, ...installHintOf(r, client) } : summary
    }),
    nextCursor: page.nextCursor,
  }
}
