import { CategoryList } from '@mcp-directory/catalog/model'
import type { CategoryModel } from '@mcp-directory/shared/contracts'
import type { Static } from '@sinclair/typebox'
import { READ } from './common'
import { toolOutput } from './output'
import { categoriesText } from './text'
import type { Tool } from './tool'

export const listCategories: Tool = {
  name: 'list_mcp_categories',
  title: 'List categories',
  description:
    'The categories of the directory (label, slug, emoji, group). Use it to pick the `category` of a search or a submission.',
  args: {},
  output: toolOutput(CategoryList),
  annotations: READ,
  async call(_a, { api }) {
    const r = await api.json<{ categories: Static<typeof CategoryModel>[] }>('/api/v1/categories')
    return { data: r, text: categoriesText(r.categories) }
  },
}
