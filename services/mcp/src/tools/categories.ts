import { z } from 'zod'
import { READ } from './common'
import { Category, toolOutput } from './schemas'
import { categoriesText } from './text'
import type { Tool } from './tool'

export const listCategories: Tool = {
  name: 'list_mcp_categories',
  title: 'List categories',
  description:
    'The categories of the directory (label, slug, emoji, group). Use it to pick the `category` of a search or a submission.',
  args: {},
  output: toolOutput({ categories: z.array(Category) }),
  annotations: READ,
  async call(_a, { api }) {
    const r = await api.json<{ categories: z.infer<typeof Category>[] }>('/api/v1/categories')
    return { data: r, text: categoriesText(r.categories) }
  },
}
