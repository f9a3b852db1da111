// `/admin/conflicts`: the operator's import conflicts and followed upstreams, read and decided through the operator
// API (the session's operator token, through the gateway), with the moderation page's sign-in and CSRF checks.
import type { ErrorBody } from '@mcp-directory/shared/errors'
import type { Static, TObject } from '@sinclair/typebox'
import type { AdminSession } from '../../admin-sessions'
import type { PageResult } from '../../answer'
import { type ApiResult, tryCall } from '../../api'
import type { PageContext } from '../../context'
import { readFields } from '../../models'
import { conflictsBody } from './conflicts-view'
import { ConflictForm, ConflictNotice, TrustForm } from './model'
import {
  adminAcceptImportConflict,
  adminDismissImportConflict,
  adminListImportConflicts,
  adminListRegistryUpstreams,
  adminSetRegistryUpstreamTrust,
} from '@mcp-directory/catalog/contracts'
import { type AdminSessionHelpers, operatorForm, seeOther, type SignedInPage, tokenRefused } from './session'

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
export const conflictsPage: SignedInPage = async (ctx, s, request, session, opts = {}) => {
  const caller = ctx.callerOf(request)
  const options = { bearer: session.operatorToken }
  const [conflicts, upstreams] = await Promise.all([
    tryCall(ctx.api, adminListImportConflicts, { query: { state: 'open', limit: 200 } }, caller, options),
    tryCall(ctx.api, adminListRegistryUpstreams, {}, caller, options),
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
  error: ErrorBody,
) => {
  const back = new Request(new URL(CONFLICTS_PAGE, 'http://web.local').toString(), { headers: request.headers })
  return conflictsPage(ctx, s, back, session, { status, error })
}

/**
 * One operator decision: the form past its checks and its model, one operator API call (with the session's
 * operator token), then a redirect to the page saying what was done (post/redirect/get), or the page again with
 * the API's Error object.
 */
async function decide<T extends TObject, R>(
  ctx: PageContext,
  s: AdminSessionHelpers,
  request: Request,
  o: {
    model: T
    invalid: string
    call: (fields: Static<T>, bearer: string) => Promise<ApiResult<R>>
    done: (fields: Static<T>, answer: R) => string
  },
): Promise<PageResult> {
  const posted = await operatorForm(ctx, s, request)
  if (!('session' in posted)) return posted
  const { session, form } = posted
  const fields = readFields(o.model, form)
  if (!fields) return refusedAgain(ctx, s, request, session, 400, { error: 'invalid_body', message: o.invalid })
  const r = await o.call(fields, session.operatorToken)
  if (!r.ok && r.status === 401) return tokenRefused(ctx, s, session)
  if (!r.ok) return refusedAgain(ctx, s, request, session, r.status, r.error)
  return seeOther(`${CONFLICTS_PAGE}?${o.done(fields, r.data)}`)
}

/** Accepts or dismisses one conflict. */
export const resolveConflict = (ctx: PageContext, s: AdminSessionHelpers, request: Request) =>
  decide(ctx, s, request, {
    model: ConflictForm,
    invalid: 'Choose accept or dismiss for a conflict',
    call: (f, bearer) =>
      tryCall(
        ctx.api,
        f.action === 'accept' ? adminAcceptImportConflict : adminDismissImportConflict,
        { params: { id: f.id } },
        ctx.callerOf(request),
        { bearer },
      ),
    done: (f, answer) =>
      `done=${f.action}&id=${f.id}${f.action === 'accept' && answer.listingId ? `&listing=${encodeURIComponent(answer.listingId)}` : ''}`,
  })

/** Sets the origins one upstream may replace (an empty field: nobody). */
export const setTrust = (ctx: PageContext, s: AdminSessionHelpers, request: Request) =>
  decide(ctx, s, request, {
    model: TrustForm,
    invalid: 'Name the upstream and the origins it may replace',
    call: (f, bearer) => {
      const body = { upstream: f.upstream, trusts: f.trusts.split(/[\s,]+/).filter(Boolean) }
      return tryCall(ctx.api, adminSetRegistryUpstreamTrust, { body }, ctx.callerOf(request), { bearer })
    },
    done: () => 'done=trust',
  })
