import type { Database } from '@mcp-directory/shared/db'
import { json } from '@mcp-directory/shared/http'
import { Elysia } from 'elysia'
import { SearchQuery } from './model'
import { search } from './service'

/** `GET /api/v1/search`: the query model validates; the service resolves the category and the cursor. */
export function searchRoutes(deps: { database: Database; baseUrl: string }) {
  return new Elysia({ name: 'catalog:search' }).get(
    '/api/v1/search',
    async ({ query }) => json(await search(deps.database, deps.baseUrl, query)),
    { query: SearchQuery },
  )
}
