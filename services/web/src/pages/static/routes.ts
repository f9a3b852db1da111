import { textDocument } from '@mcp-directory/shared/text'
import { Elysia } from 'elysia'
import type { PageContext } from '../../context'

// Crawlers may read the pages and the Markdown documents; operators' and owners' pages are not for indexes.
const ROBOTS_TXT = 'User-agent: *\nDisallow: /admin\nDisallow: /claim/\nDisallow: /submit\nAllow: /\n'

/** The static files: the hashed assets, the icon browsers ask for on their own, and robots.txt. */
export function staticRoutes({ assets }: PageContext) {
  return (
    new Elysia()
      // Browsers ask for /favicon.ico on their own; the icon of the pages (SVG) answers it.
      .get('/favicon.ico', ({ request }) => {
        // Its address is not hashed, so it is kept a day rather than a year; the ETag is the asset's.
        const icon = assets.serve(
          assets.url('icon.svg').slice('/assets/'.length),
          request.headers.get('if-none-match'),
        )!
        icon.headers.set('cache-control', 'public, max-age=86400')
        return icon
      })
      .get('/robots.txt', () =>
        textDocument(ROBOTS_TXT, 'text/plain; charset=utf-8', {
          headers: { 'cache-control': 'public, max-age=86400' },
        }),
      )
      .get(
        '/assets/:file',
        ({ params, request }) =>
          assets.serve(params.file, request.headers.get('if-none-match')) ??
          textDocument('Not found', 'text/plain; charset=utf-8', {
            status: 404,
            headers: { 'cache-control': 'no-store' },
          }),
      )
  )
}
