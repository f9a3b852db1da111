import { adminClearRisk } from '@mcp-directory/catalog/contracts'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import { safeEqual } from '@mcp-directory/shared/http'
import {
  adminApproveListing,
  adminFlagListing,
  adminListListings,
  adminRejectListing,
} from '@mcp-directory/submission/contracts'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { answer, type PageResult } from '../../answer'
import { tryCall } from '../../api'
import type { PageContext } from '../../context'
import { crossSiteForm, MAX_ID_LENGTH, readForm } from '../../forms'
import { matches, readFields } from '../../models'
import { conflictsPage, resolveConflict, setTrust } from './conflicts-routes'
import {
  adminConflictsPage,
  adminLogin,
  adminLogout,
  adminModerate,
  adminPage,
  adminResolveConflict,
  adminUpstreamTrust,
} from './contract'
import { DoneNotice, LoginForm, ModerateForm, QueueStatus } from './model'
import {
  type AdminSessionHelpers,
  adminSessions,
  operatorForm,
  SESSION_SECONDS,
  type SignedInPage,
  seeOther,
  staleForm,
  tokenRefused,
} from './session'
import { ACTIONS, loginBody, queueBody } from './view'

/** A queue status as asked for; anything else is the pending queue. */
const queueStatus = (s: string | null) => (matches(QueueStatus, s) ? s : 'pending')

/** The queue of the status the request asks for, with what was just done or went wrong. */
const adminQueue: SignedInPage = async (ctx, s, request, session, opts = {}) => {
  const q = new URL(request.url).searchParams
  const status = queueStatus(q.get('status'))
  const r = await tryCall(ctx.api, adminListListings, { query: { status, limit: 200 } }, ctx.callerOf(request), {
    bearer: session.operatorToken,
  })
  if (!r.ok && r.status === 401) return tokenRefused(ctx, s, session)
  const notice = readFields(DoneNotice, q)
  const done = notice ? `Listing ${notice.id.slice(0, MAX_ID_LENGTH)} ${ACTIONS[notice.done]}.` : null
  const body = queueBody({
    status,
    total: r.ok ? r.data.total : 0,
    listings: r.ok ? r.data.listings : [],
    csrf: s.csrfFor(session),
    done,
    error: opts.error ?? (r.ok ? null : r.error),
  })
  return ctx.page('Moderation', body, {
    status: opts.status ?? (r.ok ? 200 : r.status),
    noStore: true,
    current: 'admin',
  })
}

/** Signs an operator in: the token is checked against the operator API, then kept server-side in a session. */
async function login(ctx: PageContext, s: AdminSessionHelpers, request: Request): Promise<PageResult> {
  const refused = ctx.refuseCrossSite(request)
  if (refused) return refused
  const form = await readForm(request)
  const token = (form?.get('token') ?? '').trim()
  const again = (status: number, message: string) =>
    ctx.page('Moderation', loginBody(message), { status, noStore: true, current: 'admin' })
  if (!matches(LoginForm, { token })) return again(400, 'Enter the operator token.')
  const query = { status: 'pending', limit: 1 } as const
  const r = await tryCall(ctx.api, adminListListings, { query }, ctx.callerOf(request), { bearer: token })
  if (!r.ok)
    return r.status === 401
      ? again(401, 'The operator token was refused.')
      : ctx.errorPage(r.status, r.error, r.headers)
  let id: string
  try {
    id = await s.sessions.start(token)
  } catch (err) {
    ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'admin sessions: store unavailable')
    return s.storeDown()
  }
  return seeOther('/admin', { 'set-cookie': s.sessionCookie(id, SESSION_SECONDS) })
}

/** The operator API's verbs, by the moderation form's action. */
const MODERATION = { approve: adminApproveListing, reject: adminRejectListing, flag: adminFlagListing }

/** Approves, rejects, flags or clears a listing, then shows the queue again (post/redirect/get). */
async function moderate(ctx: PageContext, s: AdminSessionHelpers, request: Request): Promise<PageResult> {
  const posted = await operatorForm(ctx, s, request)
  if (!('session' in posted)) return posted
  const { session, form } = posted
  const fields = readFields(ModerateForm, form)
  if (!fields)
    return adminQueue(ctx, s, request, session, {
      status: 400,
      error: { error: 'invalid_body', message: 'Choose approve, reject, flag or clear risk for a listing' },
    })
  const { action, id, toolsHash } = fields
  const reason = (form.get('reason') ?? '').trim()
  const caller = ctx.callerOf(request)
  const options = { bearer: session.operatorToken }
  const r =
    action === 'clear-risk'
      ? await tryCall(
          ctx.api,
          adminClearRisk,
          { params: { id }, query: toolsHash ? { toolsHash } : {} },
          caller,
          options,
        )
      : await tryCall(ctx.api, MODERATION[action], { params: { id }, body: reason ? { reason } : {} }, caller, options)
  const back = `/admin?status=${queueStatus(form.get('status') ?? 'pending')}`
  if (r.ok) return seeOther(`${back}&done=${action}&id=${encodeURIComponent(id)}`)
  const backRequest = new Request(new URL(back, 'http://web.local').toString(), { headers: request.headers })
  return adminQueue(ctx, s, backRequest, session, { status: r.status, error: r.error })
}

/** Signs out: the session ends and the browser's cookie is dropped. */
async function logout(ctx: PageContext, s: AdminSessionHelpers, request: Request): Promise<PageResult> {
  const session = await s.sessionOf(request)
  if (session === 'unavailable') return s.storeDown()
  const form = await readForm(request)
  if (crossSiteForm(request, ctx.base)) return staleForm(ctx)
  // No live session: nothing to end, only the browser's cookie to drop.
  if (!session) return seeOther('/admin', s.clearCookie)
  if (!safeEqual(form?.get('csrf') ?? '', s.csrfFor(session))) return staleForm(ctx)
  await s.sessions.end(session.id)
  return seeOther('/admin', s.clearCookie)
}

/** The moderation page: the queue for a session, else the sign-in form. */
async function queuePage(ctx: PageContext, s: AdminSessionHelpers, request: Request): Promise<PageResult> {
  const session = await s.sessionOf(request)
  if (session === 'unavailable') return s.storeDown()
  if (session) return adminQueue(ctx, s, request, session)
  // A cookie whose session ended (signed out, expired) is dropped from the browser too.
  const headers = s.hasCookie(request) ? s.clearCookie : {}
  return ctx.page('Moderation', loginBody(null), { noStore: true, current: 'admin', headers })
}

/** The conflicts page for a session; signed out, the sign-in form of the moderation page. */
async function conflicts(ctx: PageContext, s: AdminSessionHelpers, request: Request): Promise<PageResult> {
  const session = await s.sessionOf(request)
  if (session === 'unavailable') return s.storeDown()
  if (!session) return seeOther('/admin', s.hasCookie(request) ? s.clearCookie : {})
  return conflictsPage(ctx, s, request, session)
}

/** `/admin`: the operator's moderation page, its sign-in and sign-out, the moderation form, and the conflicts page. */
export function adminRoutes(ctx: PageContext, deps: { kv: KeyValueStore; secret: string }) {
  const s = adminSessions(ctx, deps)
  // Each form reads its own body (bounded, urlencoded): Elysia parses none.
  const form = { parse: 'none' }
  return new Elysia()
    .use(mount(adminPage, async ({ request, set }) => answer(set, await queuePage(ctx, s, request))))
    .use(mount(adminLogin, async ({ request, set }) => answer(set, await login(ctx, s, request)), form))
    .use(mount(adminLogout, async ({ request, set }) => answer(set, await logout(ctx, s, request)), form))
    .use(mount(adminModerate, async ({ request, set }) => answer(set, await moderate(ctx, s, request)), form))
    .use(mount(adminConflictsPage, async ({ request, set }) => answer(set, await conflicts(ctx, s, request))))
    .use(
      mount(
        adminResolveConflict,
        async ({ request, set }) => answer(set, await resolveConflict(ctx, s, request)),
        form,
      ),
    )
    .use(mount(adminUpstreamTrust, async ({ request, set }) => answer(set, await setTrust(ctx, s, request)), form))
}
