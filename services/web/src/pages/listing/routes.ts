import type { ServerDetail } from '@mcp-directory/shared/contracts'
import { Elysia } from 'elysia'
import { type ApiResult, callApi } from '../../api'
import { clientOf, rememberClient } from '../../client-choice'
import type { PageContext } from '../../context'
import { matches } from '../../models'
import { ListingParams } from './model'
import { listingBody } from './view'

/**
 * The listing a merged one now lives in: the API answers a merged id with a 308 naming it (`mergedInto`); a
 * client that followed that redirect has the survivor's detail under another id.
 */
function mergedInto(r: ApiResult<{ server: ServerDetail }>, id: string): string | null {
  if (r.ok) return r.data.server.id !== id ? r.data.server.id : null
  const named = (r.error as { mergedInto?: unknown }).mergedInto
  return (r.status === 308 || r.status === 301) && typeof named === 'string' ? named : null
}

/** A permanent redirect to the survivor's page, as the API answers for the merged id. */
const survivorRedirect = (id: string) =>
  new Response(null, { status: 308, headers: { location: `/servers/${encodeURIComponent(id)}` } })

/** `/servers/:id`: the page of one listing (its detailUrl); a merged listing's page leads to its survivor's. */
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
    const survivor = mergedInto(r, id)
    if (survivor) return survivorRedirect(survivor)
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
