import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { PUBLIC_READ_CACHE } from '../listings/present'
import { searchServers } from './contract'
import type { CursorSeal } from './cursor-seal'
import type { LiveIndex } from './live-index'
import { searchBody } from './service'

/** `GET /api/v1/search`: the query model validates; the service resolves the category and reads the index. */
export function searchRoutes(deps: { index: LiveIndex; seal: CursorSeal }) {
  return new Elysia({ name: 'catalog:search' }).use(
    mount(searchServers, async ({ query, set }) => {
      Object.assign(set.headers, PUBLIC_READ_CACHE)
      return searchBody(await deps.index.current(), query, deps.seal)
    }),
  )
}
