// The operator page's session: an opaque cookie naming a session in the shared store (admin-sessions.ts), its
// CSRF token, and the answers when the store is down or a form came from elsewhere.
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import { createHmac } from 'node:crypto'
import { type AdminSession, createAdminSessions } from '../../admin-sessions'
import type { PageContext } from '../../context'
import { cookieOf } from '../../forms'

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

export const seeOther = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', ...headers } })
