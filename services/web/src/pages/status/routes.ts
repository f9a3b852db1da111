import { Elysia } from 'elysia'
import { callApi } from '../../api'
import type { PageContext } from '../../context'
import { readFields } from '../../models'
import { StatusQuery, type StatusAnswer } from './model'
import { statusBody } from './view'

/** `/status?url=…|name=…`: "why is my server (not) listed?", asked of the API's status lookup. */
export function statusRoutes(ctx: PageContext) {
  return new Elysia().get('/status', async ({ request }) => {
    const query = readFields(StatusQuery, new URL(request.url).searchParams)
    const asked = { url: query?.url?.trim() ?? '', name: query?.name?.trim() ?? '' }
    const title = 'Is my server listed?'
    // Nothing asked yet (or a value past the API's bounds, which the form cannot send): the form alone.
    if (!query || (!asked.url && !asked.name)) return ctx.page(title, statusBody(asked, null, ctx.base))
    const param = asked.url ? `url=${encodeURIComponent(asked.url)}` : `name=${encodeURIComponent(asked.name)}`
    const r = await callApi<StatusAnswer>(ctx.api, `/api/v1/listings/status?${param}`, ctx.callerOf(request))
    if (!r.ok) {
      if (r.status === 429 || r.status >= 500) return ctx.errorPage(r.status, r.error, r.headers)
      return ctx.page(title, statusBody(asked, { error: r.error }, ctx.base), { status: r.status })
    }
    return ctx.page(title, statusBody(asked, { answer: r.data }, ctx.base), { noStore: true })
  })
}
