// `/admin/conflicts`: the operator's import conflicts and followed upstreams, read and decided through the operator
// API (the session's operator token, through the gateway), with the moderation page's sign-in and CSRF checks.
import type { PublicApiCall } from '@mcp-directory/shared/public-api'
import type { Static, TObject } from '@sinclair/typebox'
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

/**
 * One operator decision: the form past its checks and its model, one operator API call, then a redirect to the
 * page saying what was done (post/redirect/get), or the page again with the API's Error object.
 */
async function decide<T extends TObject, R>(
  ctx: PageContext,
  s: AdminSessionHelpers,
  request: Request,
  o: {
    model: T
    invalid: string
    call: (fields: Static<T>) => { path: string; init: PublicApiCall }
    done: (fields: Static<T>, answer: R) => string
  },
): Promise<Response> {
  const posted = await operatorForm(ctx, s, request)
  if (posted instanceof Response) return posted
  const { session, form } = posted
  const fields = readFields(o.model, form)
  if (!fields) return refusedAgain(ctx, s, request, session, 400, { error: 'invalid_body', message: o.invalid })
  const { path, init } = o.call(fields)
  const r = await callApi<R>(ctx.api, path, ctx.callerOf(request), { ...init, bearer: session.operatorToken })
  if (!r.ok && r.status === 401) return tokenRefused(ctx, s, session)
  if (!r.ok) return refusedAgain(ctx, s, request, session, r.status, r.error)
  return seeOther(`${CONFLICTS_PAGE}?${o.done(fields, r.data)}`)
}

/** Accepts or dismisses one conflict. */
export const resolveConflict = (ctx: PageContext, s: AdminSessionHelpers, request: Request) =>
  decide<typeof ConflictForm, { listingId: string | null }>(ctx, s, request, {
    model: ConflictForm,
    invalid: 'Choose accept or dismiss for a conflict',
    call: (f) => ({ path: `/api/v1/admin/import-conflicts/${f.id}/${f.action}`, init: { method: 'POST' } }),
    done: (f, answer) =>
      `done=${f.action}&id=${f.id}${f.action === 'accept' && answer.listingId ? `&listing=${encodeURIComponent(answer.listingId)}` : ''}`,
  })

/** Sets the origins one upstream may replace (an empty field: nobody). */
export const setTrust = (ctx: PageContext, s: AdminSessionHelpers, request: Request) =>
  decide(ctx, s, request, {
    model: TrustForm,
    invalid: 'Name the upstream and the origins it may replace',
    call: (f) => ({
      path: '/api/v1/admin/registry-upstreams/trust',
      init: { method: 'PUT', body: { upstream: f.upstream, trusts: f.trusts.split(/[\s,]+/).filter(Boolean) } },
    }),
    done: () => 'done=trust',
  })
