import { listCategories as listEndpoint } from '@mcp-directory/catalog/contracts'
import { READ } from './common'
import { contractOutput } from './output'
import { categoriesText } from './text'
import type { Tool } from './tool'

export const listCategories: Tool = {
  name: 'list_mcp_categories',
  title: 'List categories',
  description:
    'The categories of the directory (label, slug, emoji, group). Use it to pick the `category` of a search or a submission.',
  args: {},
  output: contractOutput(listEndpoint),
  annotations: READ,
  async call(_a, { api }) {
    const r = await api.call(listEndpoint)
    return { data: r, text: categoriesText(r.categories) }
  },
}
