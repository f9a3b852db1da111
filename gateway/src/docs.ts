// The API reference page at /docs: Swagger UI from the swagger-ui-dist package of the lockfile, served by us at a
// path that names its version, under a Content-Security-Policy that allows no script but our own files. Nothing
// is loaded from another origin, so the page works offline and a CDN cannot change what runs on our origin.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { errorResponse } from '@mcp-directory/shared/errors'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { DOCS_ASSET_PREFIX, referenceAsset, referencePage, SWAGGER_UI_DIR as PACKAGE_DIR } from './own-contracts'

export { DOCS_ASSET_PREFIX } from './own-contracts'

// Our start-up script, a file of its own because the policy allows no inline script. The validator badge is off:
// it would send the document to validator.swagger.io.
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/docs/json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, tryItOutEnabled: false })
})
`
const INIT_NAME = `reference-${createHash('sha256').update(INIT_SCRIPT).digest('hex').slice(0, 12)}.js`

const JS = 'text/javascript; charset=utf-8'
const CSS = 'text/css; charset=utf-8'
/** The files served, by name: the package's two that the page needs, and our start-up script. */
const FILES: Record<string, { type: string; read: () => string }> = {
  'swagger-ui-bundle.js': { type: JS, read: () => readFileSync(join(PACKAGE_DIR, 'swagger-ui-bundle.js'), 'utf8') },
  'swagger-ui.css': { type: CSS, read: () => readFileSync(join(PACKAGE_DIR, 'swagger-ui.css'), 'utf8') },
  [INIT_NAME]: { type: JS, read: () => INIT_SCRIPT },
}

/**
 * The page's policy. Scripts, styles, fonts and images only from our origin (images also as data: URIs, which the
 * viewer draws its icons with); requests only to our origin and the documented server address; no frames, forms
 * or plugins. Inline style attributes are allowed: the viewer sets some while it renders.
 */
export function docsContentSecurityPolicy(publicBaseUrl: string): string {
  const api = new URL(publicBaseUrl).origin
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${api}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ')
}

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${DOCS_ASSET_PREFIX}/swagger-ui.css">
</head>
<body>
<nav aria-label="Directory"><p><a href="/">← Back to the MCP Server Directory</a> · <a href="/llms.txt">llms.txt</a></p></nav>
<div id="swagger-ui"><noscript>The reference needs JavaScript; the OpenAPI document itself is at <a href="/docs/json">/docs/json</a>.</noscript></div>
<script src="${DOCS_ASSET_PREFIX}/swagger-ui-bundle.js"></script>
<script src="${DOCS_ASSET_PREFIX}/${INIT_NAME}"></script>
</body>
</html>
`

/** The /docs page and its assets. */
export function docsPage(opts: { publicBaseUrl: string; title: string }) {
  const html = page(opts.title.replace(/[<>&"]/g, ''))
  const csp = docsContentSecurityPolicy(opts.publicBaseUrl)
  const cache = new Map<string, string>()
  const common = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' }
  return new Elysia({ name: 'docs-page' })
    .use(
      mount(
        referencePage,
        () =>
          new Response(html, {
            headers: {
              ...common,
              'content-type': 'text/html; charset=utf-8',
              'content-security-policy': csp,
              'cache-control': 'no-cache',
            },
          }),
      ),
    )
    .use(
      mount(referenceAsset, ({ params }) => {
        const file = Object.hasOwn(FILES, params.file) ? FILES[params.file] : undefined
        if (!file)
          return errorResponse(
            404,
            'not_found',
            `No route ${DOCS_ASSET_PREFIX}/${params.file.slice(0, 100)}`,
            opts.publicBaseUrl,
          )
        let body = cache.get(params.file)
        if (body === undefined) {
          body = file.read()
          cache.set(params.file, body)
        }
        return new Response(body, {
          headers: { ...common, 'content-type': file.type, 'cache-control': 'public, max-age=31536000, immutable' },
        })
      }),
    )
}
