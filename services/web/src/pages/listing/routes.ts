import { getServerById } from '@mcp-directory/catalog/contracts'
import type { SuccessOf } from '@mcp-directory/shared/contracts'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { answer, type PageResult, redirectTo } from '../../answer'
import { type ApiResult, tryCall } from '../../api'
import { clientOf, rememberClient } from '../../client-choice'
import type { PageContext } from '../../context'
import { matches } from '../../models'
import { listingPage } from './contract'
import { ListingParams } from './model'
import { listingBody } from './view'

/** Where the detail of a listing lives, up to its id: a redirect's Location names the survivor there. */
const DETAIL_PREFIX = getServerById.path.slice(0, getServerById.path.indexOf(':id'))

/**
 * The listing a merged one now lives in: the API answers a merged id with a 308 whose Location is the survivor's
 * detail; a client that followed that redirect has the survivor's detail under another id.
 */
function mergedInto(r: ApiResult<SuccessOf<typeof getServerById>>, id: string): string | null {
  if (r.ok) return r.data.server.id !== id ? r.data.server.id : null
  const location = r.status === 308 || r.status === 301 ? r.headers.get('location') : null
  const path = location ? new URL(location, 'http://api.local').pathname : ''
  return path.startsWith(DETAIL_PREFIX) ? decodeURIComponent(path.slice(DETAIL_PREFIX.length)) : null
}

/** The page of one listing, or a permanent redirect to the survivor's page as the API answers for a merged id. */
async function listing(ctx: PageContext, params: Record<string, unknown>, request: Request): Promise<PageResult> {
  // A segment that does not decode (a lone `%`, invalid UTF-8) arrives as null: no such listing either.
  if (!matches(ListingParams, params)) return ctx.errorPage(404, { error: 'not_found', message: 'No such listing' })
  const id = params.id
  const r = await tryCall(ctx.api, getServerById, { params: { id } }, ctx.callerOf(request))
  const survivor = mergedInto(r, id)
  if (survivor) return redirectTo(`/servers/${encodeURIComponent(survivor)}`, 308)
  if (!r.ok) return ctx.errorPage(r.status, r.error, r.headers)
  const s = r.data.server
  // A client picked here (`?client=`) is remembered for the next listing and for the search's cards.
  const { client, picked } = clientOf(request)
  const headers: Record<string, string> = picked
    ? { 'set-cookie': rememberClient(client, ctx.base.startsWith('https:')) }
    : {}
  return ctx.page(s.title || s.name, listingBody(s, ctx.base, client), {
    description: s.description.slice(0, 300),
    url: `/servers/${encodeURIComponent(s.id)}`,
    headers,
    // The settings form's filling, only where there is a form.
    ...(s.install?.settings?.length && s.configs?.length ? { scripts: ['fill.js'] } : {}),
  })
}

/** `/servers/:id`: the page of one listing (its detailUrl); a merged listing's page leads to its survivor's. */
export function listingRoutes(ctx: PageContext) {
  return new Elysia().use(
    mount(listingPage, async ({ params, request, set }) => answer(set, await listing(ctx, params, request))),
  )
}
