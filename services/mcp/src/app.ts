import type { Config } from '@mcp-directory/shared/config'
import type { Logger } from '@mcp-directory/shared/log'
import type { PublicApi } from '@mcp-directory/shared/public-api'
import { healthRoute, mount, NotModified, serviceApp } from '@mcp-directory/shared/service'
import type { Upstream } from '@mcp-directory/shared/upstream'
import { AI_CATALOG_TYPE, aiCatalog, cachedDocument, isCurrent, SERVER_CARD_TYPE, serverCard } from './card'
import { aiCatalog as aiCatalogContract, mcpDescription, mcpMessage, mcpServerCard, mcpSessionEnd } from './contract'
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

type Context = { request: Request; set: { headers: Record<string, string | number> } }

/** A discovery document's route: the document with its ETag, or a 304 when the client's copy is current. */
function discoveryDocument<T extends object>(body: T, type: string) {
  const doc = cachedDocument(body, type)
  return ({ request, set }: Context) => {
    Object.assign(set.headers, doc.headers)
    return isCurrent(request, doc.etag) ? new NotModified() : doc.json
  }
}

/** Builds the mcp service: the directory as an MCP server over Streamable HTTP at /api/mcp. */
export function createMcpApp(deps: McpDeps) {
  const { config, log, publicApi } = deps
  const base = config.publicBaseUrl
  // Browser origins that may call the endpoint: the directory's own pages and the operator's allow-list.
  const originRefused = originGuard([new URL(base).origin, ...config.mcpAllowedOrigins])
  // A guard answers the JSON-RPC 403 itself (its own framing, not the API's Error object); nothing lets the request on.
  const refuseOrigin = ({ request }: { request: Request }) => originRefused(request) ?? undefined
  // Stateless: no standalone event stream for a client asking for one (the SDK's 405).
  const refuseStream = ({ request }: { request: Request }) =>
    (request.headers.get('accept') ?? '').includes('text/event-stream') ? methodNotAllowed() : undefined
  const description = endpointDescription(base)
  const reads = deps.catalog
    ? catalogReads({ ...deps.catalog, baseUrl: base, timeoutMs: config.upstreamTimeoutMs })
    : undefined
  const handler = mcpHandler(publicApi, log, base, reads)

  const app = serviceApp('mcp', base, log)
    .use(mount(mcpMessage, ({ request }) => handler.fetch(request), { parse: 'none', beforeHandle: refuseOrigin }))
    // A browser (or anyone not asking for an event stream) gets a short description of the endpoint.
    .use(mount(mcpDescription, () => description, { beforeHandle: [refuseOrigin, refuseStream] }))
    .use(mount(mcpSessionEnd, () => methodNotAllowed(), { beforeHandle: refuseOrigin }))
    // Discovery: public, read-only metadata, so any origin may read it (the gateway adds CORS headers).
    .use(mount(mcpServerCard, discoveryDocument(serverCard(base, serverIdentity(base)), SERVER_CARD_TYPE)))
    .use(mount(aiCatalogContract, discoveryDocument(aiCatalog(base, SERVER_INFO), AI_CATALOG_TYPE)))
    // For process supervisors (the stack runner probes this path); never in the gateway's public table.
    .use(healthRoute('mcp'))

  return { app, close: () => handler.close() }
}

/** The mcp service as built by its factory. */
export type McpService = ReturnType<typeof createMcpApp>
