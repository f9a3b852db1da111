// What the contract of every page shares: left out of the OpenAPI document (pages are for people, not API
// operations), read-limited like the API, and answering HTML under its own status or under the status of the API
// refusal it shows.
import { defineContract } from '@mcp-directory/shared/contracts'
import { Type as t } from '@sinclair/typebox'

/** An HTML page. */
export const HTML_PAGE = { description: 'An HTML page', type: 'text/html', schema: t.String() } as const

/** Every status an Error object of the API carries (shared/errors' codes): a page shows a refusal under it. */
const ERROR_STATUSES = [400, 401, 403, 404, 405, 408, 409, 413, 415, 429, 500, 501, 502, 503, 504] as const

/** A page's answers: the page, or the page of what went wrong (under any error status). */
export const PAGE_ANSWERS = {
  200: HTML_PAGE,
  ...Object.fromEntries(ERROR_STATUSES.map((s) => [s, HTML_PAGE])),
} as { 200: typeof HTML_PAGE } & Record<(typeof ERROR_STATUSES)[number], typeof HTML_PAGE>

/** A form post's answers: the page again (with what went wrong), or a redirect to the page that says what was done. */
export const FORM_ANSWERS = { ...PAGE_ANSWERS, 303: { description: 'See the page that says what was done' } }

/** One page of the web service, by its method, path and name. */
export const pageContract = <const M extends 'GET' | 'POST', const P extends string, const O extends string>(
  method: M,
  path: P,
  operationId: O,
  summary: string,
) =>
  defineContract({
    method,
    path,
    service: 'web',
    operationId,
    summary,
    tag: 'web',
    hidden: true,
    auth: null,
    // Pages are read-limited like the API; a form post calls a public API operation that carries its own limit
    // for the same client, so counting it as a write here too would halve that client's quota.
    limit: 'read',
    responses: PAGE_ANSWERS,
  })
