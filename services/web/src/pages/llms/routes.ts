import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import type { PageContext } from '../../context'
import { llmsTxt } from './contract'
import { llmsTxt as llmsDocument } from './view'

/** `/llms.txt`: the directory described for language models. */
export function llmsRoutes(ctx: PageContext) {
  return new Elysia().use(
    mount(llmsTxt, async ({ request, set }) => {
      Object.assign(set.headers, { 'cache-control': 'public, max-age=300', 'x-content-type-options': 'nosniff' })
      return llmsDocument(ctx.base, await ctx.categoriesFor(ctx.callerOf(request)))
    }),
  )
}
