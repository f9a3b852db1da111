import type { ServerDetail } from '@mcp-directory/shared/contracts'
import { Elysia } from 'elysia'
import { callApi } from '../../api'
import { clientOf, rememberClient } from '../../client-choice'
import type { PageContext } from '../../context'
import { matches } from '../../models'
import { ListingParams } from './model'
import { listingBody } from './view'

/** `/servers/:id`: the page of one listing (its detailUrl). */
export function listingRoutes(ctx: PageContext) {
  return new Elysia().get('/servers/:id', async ({ params, request }) => {
    // A segment that does not decode (a lone `%`, invalid UTF-8) arrives as null: no such listing either.
    if (!matches(ListingParams, params)) return ctx.errorPage(404, { error: 'not_found', message: 'No such listing' })
    const id = params.id
    const r = await callApi<{ server: ServerDetail }>(
      ctx.api,
      `/api/v1/servers/${encodeURIComponent(id)}`,
      ctx.callerOf(request),
    )
    if (!r.ok) return ctx.errorPage(r.status, r.error, r.headers)
    const s = r.data.server
    // A client picked here (`?client=`) is remembered for the next listing and for the search's cards.
    const { client, picked } = clientOf(request)
    const headers: Record<string, string> = picked
      ? { 'set-cookie': rememberClient(client, ctx.base.startsWith('https:')) }
      : {}
    return ctx.page(s.title || s.name, listingBody(s, ctx.base, client), {
      description: s.description.slice(0, 300),
      headers,
    })
  })
}
