// What a page route answers before it is sent: a page (its HTML, status and headers) or a redirect with the headers
// it carries. `answer` writes either onto the answer of a mounted page contract (shared/service `mount`).
import type { Contract } from '@mcp-directory/shared/contracts'
import { Redirect, type RouteContext } from '@mcp-directory/shared/service'

/** A page: its HTML, its status and its headers (the security headers, caching, cookies). */
export type PageAnswer = { html: string; status: number; headers: Record<string, string> }

/** A redirect: after a form (303, post/redirect/get), or to a merged listing's survivor (308). */
export type PageRedirect = { location: string; status: 303 | 308; headers: Record<string, string> }

/** What a page's route decides to answer. */
export type PageResult = PageAnswer | PageRedirect

/** A redirect to `location`, with its headers (a session cookie dropped or set). */
export const redirectTo = (
  location: string,
  status: PageRedirect['status'],
  headers: Record<string, string> = {},
): PageRedirect => ({ location, status, headers })

/** Writes a page's status and headers onto a mounted route's answer; its HTML (or the redirect) is the body. */
export function answer(set: RouteContext<Contract>['set'], r: PageResult): string | Redirect {
  Object.assign(set.headers, r.headers)
  if ('location' in r) return new Redirect(r.location, r.status)
  set.status = r.status
  return r.html
}

/** A page as a Response, for the app's error handler (it answers outside every mounted route). */
export const pageResponse = (p: PageAnswer) => new Response(p.html, { status: p.status, headers: p.headers })
