// What the gateway answers itself: the API reference and its documents, and CORS preflights.
import { openapi } from '@elysiajs/openapi'
import { errorDocsMarkdown } from '@mcp-directory/shared/errors'
import { textDocument } from '@mcp-directory/shared/text'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { docsPage } from './docs'
import { errorCodes, referenceAsset, referencePage } from './own-contracts'
import { CORS_HEADERS, isRegistryPath, REGISTRY_CORS } from './headers'
import { openApiDocumentation } from './openapi'
import type { RouteSpec } from './routes'

/** The reference (/docs, /docs/json, /docs/errors) and the answer to every preflight. */
export const gatewayOwnRoutes = (base: string, routes: RouteSpec[]) =>
  new Elysia({ name: 'gateway:own' })
    // The plugin serves the document at /docs/json; the reference page is ours (assets from the lockfile, a CSP).
    .use(
      openapi({
        path: referencePage.path,
        provider: null,
        documentation: openApiDocumentation(base) as never,
        exclude: {
          paths: [
            ...routes.map((r) => r.path),
            '*',
            '/*',
            ...[referencePage, referenceAsset, errorCodes].map((c) => c.path),
          ],
        },
      }),
    )
    .use(docsPage({ publicBaseUrl: base, title: openApiDocumentation(base).info.title }))
    .use(mount(errorCodes, () => textDocument(errorDocsMarkdown(), 'text/markdown; charset=utf-8')))
    .options(
      '*',
      ({ request }) =>
        new Response(null, {
          status: 204,
          headers: isRegistryPath(new URL(request.url).pathname)
            ? { ...CORS_HEADERS, ...REGISTRY_CORS, 'access-control-max-age': '86400' }
            : {
                ...CORS_HEADERS,
                'access-control-allow-methods': 'GET, POST, OPTIONS',
                'access-control-allow-headers':
                  'Authorization, Content-Type, Accept, X-Request-Id, Mcp-Protocol-Version, If-None-Match',
                'access-control-max-age': '86400',
              },
        }),
    )
