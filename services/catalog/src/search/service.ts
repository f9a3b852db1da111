import { resolveCategory, storedCategoryName } from '@mcp-directory/shared/categories'
import type { SearchResponse } from '@mcp-directory/shared/contracts'
import type { Database } from '@mcp-directory/shared/db'
import { AppError } from '@mcp-directory/shared/errors'
import { installHintOf, summaryOf } from '../listings/present'
import { decodeCursor, encodeCursor } from './cursor'
import { DEFAULT_LIMIT, type SearchQuery } from './model'
import { searchListings, type SearchSpec } from './repository'
import { queryTerms } from './terms'

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

/** What a search asks the repository for, from a query its model accepted (defaults applied, `q` trimmed). */
export function searchSpecOf(query: SearchQuery): { q: string | null; spec: SearchSpec } {
  const q = query.q?.trim() || null
  return {
    q,
    spec: {
      terms: q ? queryTerms(q) : [],
      category: categoryFilter(query.category),
      transport: query.transport ?? null,
      verified: query.verified === '1',
      limit: query.limit ?? DEFAULT_LIMIT,
      offset: query.cursor ? decodeCursor(query.cursor) : 0,
    },
  }
}

/**
 * One page of ranked results. With `client` (a config client slug) each hit also carries transports, health,
 * archived and that client's install line; without it the hits are exactly the summaries of §2.1.
 */
export async function search(database: Database, baseUrl: string, query: SearchQuery): Promise<SearchResponse> {
  const { q, spec } = searchSpecOf(query)
  const { total, rows } = await searchListings(database, spec)
  const next = spec.offset + rows.length
  const { client } = query
  return {
    total,
    query: q,
    category: spec.category,
    servers: rows.map((r) =>
      client ? { ...summaryOf(r, baseUrl), ...installHintOf(r, client) } : summaryOf(r, baseUrl),
    ),
    nextCursor: rows.length === spec.limit && next < total ? encodeCursor(next) : null,
  }
}
