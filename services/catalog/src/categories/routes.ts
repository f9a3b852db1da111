import { CATEGORIES } from '@mcp-directory/shared/categories'
import { mount } from '@mcp-directory/shared/service'
import type { Static } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import { listCategories } from './contract'
import type { CategoryList } from './model'

const list: Static<typeof CategoryList> = {
  categories: CATEGORIES.map(({ label, slug, emoji, group }) => ({ label, slug, emoji, group })),
}

/** The accepted categories: fixed in the code, so anyone may keep the list a while (the gateway's micro-cache does). */
export const categoryRoutes = new Elysia({ name: 'catalog:categories' }).use(
  mount(listCategories, ({ set }) => {
    set.headers['cache-control'] = 'public, max-age=300'
    return list
  }),
)
