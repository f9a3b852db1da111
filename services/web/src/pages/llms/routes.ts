import { textDocument } from '@mcp-directory/shared/text'
import { Elysia } from 'elysia'
import type { PageContext } from '../../context'
import { llmsTxt } from './view'

/** `/llms.txt`: the directory described for language models. */
export function llmsRoutes(ctx: PageContext) {
  return new Elysia().get('/llms.txt', async ({ request }) => {
    const body = llmsTxt(ctx.base, await ctx.categoriesFor(ctx.callerOf(request)))
    return textDocument(body, 'text/plain; charset=utf-8', { headers: { 'cache-control': 'public, max-age=300' } })
  })
}
