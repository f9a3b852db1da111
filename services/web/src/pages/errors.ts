// Pages for what went wrong: unknown page, too many requests, the API unavailable.
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { html, type SafeHtml } from '../html'
import { errorNotice } from './common'

/** The body of an error page for an Error object of the API (or of this service). */
export function errorBody(status: number, e: ErrorBody): SafeHtml {
  if (status === 404)
    return html`<h1>Not found</h1><p>There is no such page or listing (a listing that waits for review is not shown yet).</p><p><a href="/">Search the directory</a></p>`
  if (status === 429)
    return html`<h1>Too many requests</h1><p>${e.message}</p><p>Please wait a moment, then reload the page.</p>`
  return html`<h1>Something went wrong</h1>${errorNotice(e, 'The page could not be built')}<p>Please try again shortly.</p>`
}
