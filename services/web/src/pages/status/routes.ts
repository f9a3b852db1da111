import { listingStatus } from '@mcp-directory/catalog/contracts'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { answer, type PageAnswer } from '../../answer'
import { tryCall } from '../../api'
import type { PageContext } from '../../context'
import { readFields } from '../../models'
import { statusPage } from './contract'
import { StatusQuery } from './model'
import { statusBody } from './view'

/** The page for what was asked: the form alone, or with the lookup's answer or its refusal. */
async function status(ctx: PageContext, request: Request): Promise<PageAnswer> {
  const query = readFields(StatusQuery, new URL(request.url).searchParams)
  const asked = { url: query?.url?.trim() ?? '', name: query?.name?.trim() ?? '' }
  const title = 'Is my server listed?'
  // Nothing asked yet (or a value past the API's bounds, which the form cannot send): the form alone.
  if (!query || (!asked.url && !asked.name)) return ctx.page(title, statusBody(asked, null, ctx.base))
  // The address wins when both are given, as in the API.
  const lookup = asked.url ? { url: asked.url } : { name: asked.name }
  const r = await tryCall(ctx.api, listingStatus, { query: lookup }, ctx.callerOf(request))
  if (!r.ok) {
    if (r.status === 429 || r.status >= 500) return ctx.errorPage(r.status, r.error, r.headers)
    return ctx.page(title, statusBody(asked, { error: r.error }, ctx.base), { status: r.status })
  }
  return ctx.page(title, statusBody(asked, { answer: r.data }, ctx.base), { noStore: true })
}

/** `/status?url=…|name=…`: "why is my server (not) listed?", asked of the API's status lookup. */
export function statusRoutes(ctx: PageContext) {
  return new Elysia().use(mount(statusPage, async ({ request, set }) => answer(set, await status(ctx, request))))
}
