import type { Config } from '@mcp-directory/shared/config'
import { json } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import type { PublicApi } from '@mcp-directory/shared/public-api'
import { serviceApp } from '@mcp-directory/shared/service'
import type { Upstream } from '@mcp-directory/shared/upstream'
import {
  AI_CATALOG_PATH,
  AI_CATALOG_TYPE,
  aiCatalog,
  cachedDocument,
  SERVER_CARD_PATH,
  SERVER_CARD_TYPE,
  serverCard,
} from './card'
import { methodNotAllowed, originGuard } from './origin'
import { catalogReads } from './public-api/catalog'
import { endpointDescription, mcpHandler, SERVER_INFO, serverIdentity } from './server'

export { SERVER_INFO } from './server'

/** What the mcp service needs from its host process. */
export interface McpDeps {
  config: Config
  log: Logger
  /** The public API, reached through the gateway (shared/public-api). */
  publicApi: PublicApi
  /**
   * The catalog service itself (in process, or its replicas over HTTP) and SERVER_SECRET: the one read a charged tool
   * call makes goes there directly (public-api/catalog.ts). Without it every read goes through the gateway.
   */
  catalog?: { upstream: Upstream; secret: string }
}

/** Builds the mcp service: the directory as an MCP server over Streamable HTTP at /api/mcp. */
export function createMcpApp(deps: McpDeps) {
  const { config, log, publicApi } = deps
  const base = config.publicBaseUrl
  // Browser origins that may call the endpoint: the directory's own pages and the operator's allow-list.
  const originRefused = originGuard([new URL(base).origin, ...config.mcpAllowedOrigins])
  const description = endpointDescription(base)
  const card = serverCard(base, serverIdentity(base))
  const catalog = aiCatalog(base, SERVER_INFO)
  const reads = deps.catalog
    ? catalogReads({ ...deps.catalog, baseUrl: base, timeoutMs: config.upstreamTimeoutMs })
    : undefined
  const handler = mcpHandler(publicApi, log, base, reads)

  const app = serviceApp('mcp', base, log)
    .post('/api/mcp', ({ request }) => originRefused(request) ?? handler.fetch(request), {
      parse: 'none',
    })
    // A browser (or anyone not asking for an event stream) gets a short description of the endpoint.
    .get(
      '/api/mcp',
      ({ request }) =>
        originRefused(request) ??
        ((request.headers.get('accept') ?? '').includes('text/event-stream') ? methodNotAllowed() : json(description)),
    )
    .delete('/api/mcp', ({ request }) => originRefused(request) ?? methodNotAllowed())
    // Discovery: public, read-only metadata, so any origin may read it (the gateway adds CORS headers).
    .get(SERVER_CARD_PATH, ({ request }) => cachedDocument(request, card, SERVER_CARD_TYPE))
    .get(AI_CATALOG_PATH, ({ request }) => cachedDocument(request, catalog, AI_CATALOG_TYPE))
    // For process supervisors (the stack runner probes this path); never in the gateway's public table.
    .get('/api/v1/health', () => json({ status: 'ok', timestamp: new Date().toISOString() }))

  return { app, close: () => handler.close() }
}

/** The mcp service as built by its factory. */
export type McpService = ReturnType<typeof createMcpApp>
