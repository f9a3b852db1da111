import { Elysia } from 'elysia'
import { PUBLIC_READ_CACHE } from '../listings/present'
import type { LiveIndex } from './live-index'
import { SearchQuery } from './model'
import { searchBody } from './service'

const HEADERS = { 'content-type': 'application/json; charset=utf-8', ...PUBLIC_READ_CACHE }

/** `GET /api/v1/search`: the query model validates; the service resolves the category and reads the index. */
export function searchRoutes(deps: { index: LiveIndex }) {
  return new Elysia({ name: 'catalog:search' }).get(
    '/api/v1/search',
    async ({ query }) => new Response(searchBody(await deps.index.current(), query), { headers: HEADERS }),
    { query: SearchQuery },
  )
}
