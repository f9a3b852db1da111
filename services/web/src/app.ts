import type { Config } from '@mcp-directory/shared/config'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import { REQUEST_ID_HEADER, type Logger } from '@mcp-directory/shared/log'
import { routeLabels } from '@mcp-directory/shared/metrics'
import type { PublicApi } from '@mcp-directory/shared/public-api'
import { healthRoute, INSTANCE_ID } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { pageResponse } from './answer'
import { createPageContext } from './context'
import { adminRoutes } from './pages/admin/routes'
import { claimRoutes } from './pages/claim/routes'
import { homeRoutes } from './pages/home/routes'
import { listingRoutes } from './pages/listing/routes'
import { llmsRoutes } from './pages/llms/routes'
import { ownerClaimRoutes } from './pages/owner-claim/routes'
import { staticRoutes } from './pages/static/routes'
import { statusRoutes } from './pages/status/routes'
import { submitRoutes } from './pages/submit/routes'

/** What the web service needs from its host process. */
export interface WebDeps {
  config: Config
  log: Logger
  /** The public API, through the gateway (shared/public-api). */
  api: PublicApi
  /** SERVER_SECRET: keys the operator page's CSRF tokens and seals the operator token of each session. */
  secret: string
  /** Where the operator page's sessions live (the shared store, so every web replica knows them). */
  kv: KeyValueStore
}

/** Builds the web service: the pages for people, /llms.txt and the static assets. */
export function createWebApp(deps: WebDeps) {
  const { log } = deps
  const ctx = createPageContext(deps)

  const app = new Elysia({ name: 'service:web' })
    .use(routeLabels())
    .onRequest(({ set }) => {
      set.headers['x-served-by'] = `web/${INSTANCE_ID}`
    })
    // Set before the pages are used, so it answers for every one of them.
    .onError(({ code, error, request }) => {
      if (code === 'NOT_FOUND') return pageResponse(ctx.errorPage(404, { error: 'not_found', message: 'No such page' }))
      // The path only: a claim page's address carries its secret in the query.
      log.error(
        {
          err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
          path: new URL(request.url).pathname,
          requestId: request.headers.get(REQUEST_ID_HEADER),
        },
        'page failed',
      )
      return pageResponse(ctx.errorPage(500, { error: 'internal', message: 'The page could not be built' }))
    })
    // For process supervisors (the stack runner probes this path); never in the gateway's public table.
    .use(healthRoute('web'))
    .use(staticRoutes(ctx))
    .use(homeRoutes(ctx))
    .use(listingRoutes(ctx))
    .use(ownerClaimRoutes(ctx))
    .use(submitRoutes(ctx))
    .use(claimRoutes(ctx))
    .use(statusRoutes(ctx))
    .use(adminRoutes(ctx, { kv: deps.kv, secret: deps.secret }))
    .use(llmsRoutes(ctx))

  return {
    app,
    /** Nothing to drain: the service keeps no connections of its own. */
    close: async () => {},
  }
}

/** The web service as built by its factory. */
export type WebService = ReturnType<typeof createWebApp>
