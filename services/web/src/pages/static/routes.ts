import type { Contract } from '@mcp-directory/shared/contracts'
import { mount, NotModified, type RouteContext } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import type { AssetAnswer } from '../../assets'
import type { PageContext } from '../../context'
import { asset, favicon, robotsTxt } from './contract'

// Crawlers may read the pages and the Markdown documents; operators' and owners' pages are not for indexes.
const ROBOTS_TXT = 'User-agent: *\nDisallow: /admin\nDisallow: /claim/\nDisallow: /submit\nAllow: /\n'

const NOSNIFF = { 'x-content-type-options': 'nosniff' }

/** Writes an asset's status and headers onto the answer; its bytes are the body, and a 304 has none. */
function sendAsset(set: RouteContext<Contract>['set'], a: AssetAnswer): Uint8Array | NotModified {
  Object.assign(set.headers, a.headers)
  if (a.status === 304) return new NotModified()
  set.status = a.status
  return a.body
}

/** The static files: the hashed assets, the icon browsers ask for on their own, and robots.txt. */
export function staticRoutes({ assets }: PageContext) {
  return (
    new Elysia()
      // Browsers ask for /favicon.ico on their own; the icon of the pages (SVG) answers it.
      .use(
        mount(favicon, ({ request, set }) => {
          const icon = assets.serve(
            assets.url('icon.svg').slice('/assets/'.length),
            request.headers.get('if-none-match'),
          )!
          // Its address is not hashed, so it is kept a day rather than a year; the ETag is the asset's.
          return sendAsset(set, { ...icon, headers: { ...icon.headers, 'cache-control': 'public, max-age=86400' } })
        }),
      )
      .use(
        mount(robotsTxt, ({ set }) => {
          Object.assign(set.headers, { 'cache-control': 'public, max-age=86400', ...NOSNIFF })
          return ROBOTS_TXT
        }),
      )
      .use(
        mount(asset, ({ params, request, set }) => {
          const found = assets.serve(params.file, request.headers.get('if-none-match'))
          if (found) return sendAsset(set, found)
          set.status = 404
          Object.assign(set.headers, { 'cache-control': 'no-store', ...NOSNIFF })
          return new TextEncoder().encode('Not found')
        }),
      )
  )
}
