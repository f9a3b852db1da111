// The operator page's session: an opaque cookie naming a session in the shared store (admin-sessions.ts), its
// CSRF token, and the answers when the store is down or a form came from elsewhere.
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { safeEqual } from '@mcp-directory/shared/http'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import { createHmac } from 'node:crypto'
import { type AdminSession, createAdminSessions } from '../../admin-sessions'
import { type PageAnswer, type PageResult, redirectTo } from '../../answer'
import type { PageContext } from '../../context'
import { cookieOf, crossSiteForm, readForm } from '../../forms'
import { loginBody } from './view'

/** The operator page's session cookie: a random session id, never the operator token. */
const SESSION_COOKIE = 'mcpdir_admin_session'
export const SESSION_SECONDS = 8 * 3600

export function adminSessions(ctx: PageContext, deps: { kv: KeyValueStore; secret: string }) {
  const sessions = createAdminSessions({ kv: deps.kv, secret: deps.secret, ttlSeconds: SESSION_SECONDS })
  const secureCookie = ctx.base.startsWith('https:')
  const sessionCookie = (value: string, maxAge: number) =>
    `${SESSION_COOKIE}=${value}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secureCookie ? '; Secure' : ''}`

  return {
    sessions,
    // The CSRF token of an operator session: bound to its session id, keyed by SERVER_SECRET.
    csrfFor: (session: AdminSession) =>
      createHmac('sha256', deps.secret).update(`admin-csrf:${session.id}`).digest('base64url'),
    sessionCookie,
    clearCookie: { 'set-cookie': sessionCookie('', 0) },
    hasCookie: (request: Request) => cookieOf(request, SESSION_COOKIE) !== null,
    /** The session the request's cookie names: null when there is none (or it ended); 'unavailable' when the store fails. */
    async sessionOf(request: Request): Promise<AdminSession | null | 'unavailable'> {
      try {
        return await sessions.open(cookieOf(request, SESSION_COOKIE))
      } catch (err) {
        ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'admin sessions: store unavailable')
        return 'unavailable'
      }
    },
    storeDown: () =>
      ctx.errorPage(
        503,
        { error: 'service_unavailable', message: 'Sign-in is unavailable for a moment; try again shortly' },
        new Headers({ 'retry-after': '5' }),
      ),
  }
}

export type AdminSessionHelpers = ReturnType<typeof adminSessions>

/** A page of a signed-in operator, shown with what was just done or went wrong (the API's status and Error object). */
export type SignedInPage = (
  ctx: PageContext,
  s: AdminSessionHelpers,
  request: Request,
  session: AdminSession,
  opts?: { status?: number; error?: ErrorBody | null },
) => Promise<PageAnswer>

/** The redirect after an operator's form (post/redirect/get), never stored by caches. */
export const seeOther = (location: string, headers: Record<string, string> = {}) =>
  redirectTo(location, 303, { 'cache-control': 'no-store', ...headers })

/** The 403 page for an operator form that is stale (another session's token) or came from elsewhere. */
export const staleForm = (ctx: PageContext) =>
  ctx.errorPage(403, { error: 'forbidden', message: 'The form is stale or came from elsewhere; reload the page' })

/**
 * An operator's form post past its checks (a live session, the session's CSRF token, not cross-site): the session
 * and the form; otherwise the answer to give (the sign-in page, the 403 page, or 503 when the store fails).
 */
export async function operatorForm(
  ctx: PageContext,
  s: AdminSessionHelpers,
  request: Request,
): Promise<{ session: AdminSession; form: URLSearchParams } | PageResult> {
  const session = await s.sessionOf(request)
  if (session === 'unavailable') return s.storeDown()
  if (!session) return seeOther('/admin', s.hasCookie(request) ? s.clearCookie : {})
  const form = await readForm(request)
  // The CSRF token proves the form came from a page this session rendered.
  if (crossSiteForm(request, ctx.base) || !form || !safeEqual(form.get('csrf') ?? '', s.csrfFor(session)))
    return staleForm(ctx)
  return { session, form }
}

/** The operator token changed since sign-in (the API answers 401): the session ends and the sign-in form shows. */
export async function tokenRefused(
  ctx: PageContext,
  s: AdminSessionHelpers,
  session: AdminSession,
): Promise<PageAnswer> {
  await s.sessions.end(session.id).catch(() => {})
  return ctx.page('Moderation', loginBody('The operator token was refused; sign in again.'), {
    status: 401,
    noStore: true,
    current: 'admin',
    headers: s.clearCookie,
  })
}
