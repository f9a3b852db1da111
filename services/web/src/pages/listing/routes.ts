import type { ServerDetail } from '@mcp-directory/shared/contracts'
import { Elysia } from 'elysia'
import { callApi } from '../../api'
import type { PageContext } from '../../context'
import { MAX_ID_LENGTH } from '../../forms'
import { listingBody } from './view'

/** `/servers/:id`: the page of one listing (its detailUrl). */
export function listingRoutes(ctx: PageContext) {
  return new Elysia().get('/servers/:id', async ({ params, request }) => {
    const id = params.id
    // A segment that does not decode (a lone `%`, invalid UTF-8) arrives as null: no such listing either.
    if (typeof id !== 'string' || id.length > MAX_ID_LENGTH)
      return ctx.errorPage(404, { error: 'not_found', message: 'No such listing' })
    const r = await callApi<{ server: ServerDetail }>(
      ctx.api,
      `/api/v1/servers/${encodeURIComponent(id)}`,
      ctx.callerOf(request),
    )
    if (!r.ok) return ctx.errorPage(r.status, r.error, r.headers)
    const s = r.data.server
    return ctx.page(s.name, listingBody(s, ctx.base), { description: s.description.slice(0, 300) })
  })
}
