// What the gateway answers itself: the API reference page, its assets and the error codes' document. They are
// contracts like every endpoint (declared once, mounted from here), but never routed to a service and never in the
// OpenAPI document.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { anySegment, defineContract } from '@mcp-directory/shared/contracts'
import { Type } from '@sinclair/typebox'

/** The swagger-ui-dist package of the lockfile, which the reference page is made of. */
export const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'))
const VERSION = (JSON.parse(readFileSync(join(SWAGGER_UI_DIR, 'package.json'), 'utf8')) as { version: string }).version

/** Where the page's assets live: the package's version is in the path, so each may be cached for good. */
export const DOCS_ASSET_PREFIX = `/docs/assets/swagger-ui-dist@${VERSION}`

const OWN = { service: 'gateway', tag: 'docs', limit: null, auth: null, hidden: true, rawResponse: true } as const

/** `GET /docs`: the reference page (Swagger UI over `/docs/json`, which the OpenAPI plugin serves beside it). */
export const referencePage = defineContract({
  ...OWN,
  method: 'GET',
  path: '/docs',
  operationId: 'referencePage',
  summary: 'The API reference for people',
  responses: { 200: { description: 'The page', type: 'text/html' } },
})

/** The reference page's script and styles, under a versioned prefix (immutable). */
export const referenceAsset = defineContract({
  ...OWN,
  method: 'GET',
  path: `${DOCS_ASSET_PREFIX}/:file`,
  operationId: 'referenceAsset',
  summary: 'A file of the reference page',
  params: Type.Object({ file: anySegment('The file name') }),
  responses: { 200: { description: 'The file' } },
})

/** `GET /docs/errors`: every error code and what it means (the `docs` links of Error objects point here). */
export const errorCodes = defineContract({
  ...OWN,
  method: 'GET',
  path: '/docs/errors',
  operationId: 'errorCodes',
  summary: 'The error codes, explained',
  responses: { 200: { description: 'A Markdown document', type: 'text/markdown' } },
})
