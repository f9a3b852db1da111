import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { PUBLIC_READ_CACHE } from '../listings/present'
import type { CursorSeal } from '../search/cursor-seal'
import type { LiveIndex } from '../search/live-index'
import { searchTools } from './contract'
import { toolsBody } from './service'

/**
 * `GET /api/v1/tools`: the query model validates; the service reads the tool index the live search index keeps
 * (one index per replica, current with the same listing events). Its cursors are sealed as search's, with the same
 * key: each search refuses the other's cursors, whose content it cannot read.
 */
export function toolRoutes(deps: { index: LiveIndex; seal: CursorSeal }) {
  return new Elysia({ name: 'catalog:tools' }).use(
    mount(searchTools, async ({ query, set }) => {
      Object.assign(set.headers, PUBLIC_READ_CACHE)
      return toolsBody(await deps.index.current(), query, deps.seal)
    }),
  )
}
