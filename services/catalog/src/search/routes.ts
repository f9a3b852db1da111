import type { Database } from '@mcp-directory/shared/db'
import { json } from '@mcp-directory/shared/http'
import { Elysia } from 'elysia'
import { PUBLIC_READ_CACHE } from '../listings/present'
import type { LiveIndex } from './live-index'
import { SearchQuery } from './model'
import { search } from './service'

/** `GET /api/v1/search`: the query model validates; the service resolves the category and reads the index. */
export function searchRoutes(deps: { database: Database; baseUrl: string; index: LiveIndex }) {
  return new Elysia({ name: 'catalog:search' }).get(
    '/api/v1/search',
    async ({ query }) =>
      json(await search(await deps.index.current(), deps.database, deps.baseUrl, query), 200, PUBLIC_READ_CACHE),
    { query: SearchQuery },
  )
}
