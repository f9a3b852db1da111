import { CATEGORIES } from '@mcp-directory/shared/categories'
import type { Static } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import type { CategoryList } from './model'

const list: Static<typeof CategoryList> = {
  categories: CATEGORIES.map(({ label, slug, emoji, group }) => ({ label, slug, emoji, group })),
}
const body = JSON.stringify(list)

/** The accepted categories: fixed in the code, so anyone may keep the list a while (the gateway's micro-cache does). */
export const categoryRoutes = new Elysia({ name: 'catalog:categories' }).get(
  '/api/v1/categories',
  () =>
    new Response(body, {
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
    }),
)
