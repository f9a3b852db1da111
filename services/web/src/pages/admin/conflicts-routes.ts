// `/admin/conflicts`: the operator's import conflicts and followed upstreams, read and decided through the operator
// API (the session's operator token, through the gateway), with the moderation page's sign-in and CSRF checks.
import { type ApiError, callApi } from '../../api'
import type { PageContext } from '../../context'
import { readFields } from '../../models'
import type { ImportConflict, RegistryUpstream } from './conflicts-view'
import { conflictsBody } from './conflicts-view'
import { ConflictForm, ConflictNotice, TrustForm } from './model'
import { type AdminSessionHelpers, operatorForm, seeOther, tokenRefused } from './session'
import type { AdminSession } from '../../admin-sessions'

const CONFLICTS_PAGE = '/admin/conflicts'

/** What a redirect after a decision says, in words. */
function doneText(q: URLSearchParams): string | null {
  const n = readFields(ConflictNotice, q)
  if (!n) return null
  if (n.done === 'trust') return "The upstream's trust list was saved."
  if (n.done === 'dismiss') return `Conflict ${n.id ?? ''} dismissed: the same entry is not raised again.`
  return `Conflict ${n.id ?? ''} accepted${n.listing ? `: the entry is now the listing ${n.listing}` : ''}.`
}

/** The conflicts page, with what was just done or went wrong. */
export async function conflictsPage(
  ctx: PageContext,
  s: AdminSessionHelpers,
  request: Request,
  session: AdminSession,
  opts: { status?: number; error?: ApiError | null } = {},
): Promise<Response> {
  const caller = ctx.callerOf(request)
  const bearer = session.operatorToken
  const [conflicts, upstreams] = await Promise.all([
    callApi<{ total: number; conflicts: ImportConflict[] }>(
      ctx.api,
      '/api/v1/admin/import-conflicts?state=open&limit=200',
      caller,
      { bearer },
    ),
    callApi<{ upstreams: RegistryUpstream[] }>(ctx.api, '/api/v1/admin/registry-upstreams', caller, { bearer }),
  ])
  if ((!conflicts.ok && conflicts.status === 401) || (!upstreams.ok && upstreams.status === 401))
    return tokenRefused(ctx, s, session)
  const failed = !conflicts.ok ? conflicts : !upstreams.ok ? upstreams : null
  const body = conflictsBody({
    total: conflicts.ok ? conflicts.data.total : 0,
    conflicts: conflicts.ok ? conflicts.data.conflicts : [],
    upstreams: upstreams.ok ? upstreams.data.upstreams : [],
    csrf: s.csrfFor(session),
    done: doneText(new URL(request.url).searchParams),
    error: opts.error ?? failed?.error ?? null,
  })
  return ctx.page('Import conflicts', body, {
    status: opts.status ?? failed?.status ?? 200,
    noStore: true,
    current: 'admin',
  })
}

/** The page again after a refused decision, with the API's Error object and status. */
const refusedAgain = (
  ctx: PageContext,
  s: AdminSessionHelpers,
  request: Request,
  session: AdminSession,
  status: number,
  error: ApiError,
) => {
  const back = new Request(new URL(CONFLICTS_PAGE, 'http://web.local').toString(), { headers: request.headers })
  return conflictsPage(ctx, s, back, session, { status, error })
}

/** Accepts or dismisses one conflict, then shows the page again (post/redirect/get). */
export async function resolveConflict(ctx: PageContext, s: AdminSessionHelpers, request: Request) {
  const posted = await operatorForm(ctx, s, request)
  if (posted instanceof Response) return posted
  const { session, form } = posted
  const fields = readFields(ConflictForm, form)
  if (!fields)
    return refusedAgain(ctx, s, request, session, 400, {
      error: 'invalid_body',
      message: 'Choose accept or dismiss for a conflict',
    })
  const r = await callApi<{ id: number; listingId: string | null }>(
    ctx.api,
    `/api/v1/admin/import-conflicts/${fields.id}/${fields.action}`,
    ctx.callerOf(request),
    { method: 'POST', bearer: session.operatorToken },
  )
  if (!r.ok && r.status === 401) return tokenRefused(ctx, s, session)
  if (!r.ok) return refusedAgain(ctx, s, request, session, r.status, r.error)
  const listing =
    fields.action === 'accept' && r.data.listingId ? `&listing=${encodeURIComponent(r.data.listingId)}` : ''
  return seeOther(`${CONFLICTS_PAGE}?done=${fields.action}&id=${fields.id}${listing}`)
}

/** Sets the origins one upstream may replace (an empty field: nobody). */
export async function setTrust(ctx: PageContext, s: AdminSessionHelpers, request: Request) {
  const posted = await operatorForm(ctx, s, request)
  if (posted instanceof Response) return posted
  const { session, form } = posted
  const fields = readFields(TrustForm, form)
  if (!fields)
    return refusedAgain(ctx, s, request, session, 400, {
      error: 'invalid_body',
      message: 'Name the upstream and the origins it may replace',
    })
  const trusts = fields.trusts.split(/[\s,]+/).filter(Boolean)
  const r = await callApi(ctx.api, '/api/v1/admin/registry-upstreams/trust', ctx.callerOf(request), {
    method: 'PUT',
    bearer: session.operatorToken,
    body: { upstream: fields.upstream, trusts },
  })
  if (!r.ok && r.status === 401) return tokenRefused(ctx, s, session)
  if (!r.ok) return refusedAgain(ctx, s, request, session, r.status, r.error)
  return seeOther(`${CONFLICTS_PAGE}?done=trust`)
}
