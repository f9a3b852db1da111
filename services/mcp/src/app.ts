import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { originOf, type Config } from '@mcp-directory/shared/config'
import { bearerToken, json } from '@mcp-directory/shared/http'
import { REQUEST_ID_HEADER, type Logger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER, PRECHARGED_HEADER, type PublicApi } from '@mcp-directory/shared/public-api'
import { peerAddress } from '@mcp-directory/shared/runtime'
import { serviceApp } from '@mcp-directory/shared/service'
import {
  AI_CATALOG_PATH,
  AI_CATALOG_TYPE,
  SERVER_CARD_PATH,
  SERVER_CARD_TYPE,
  aiCatalog,
  cachedDocument,
  serverCard,
} from './card'
import { directoryClient, type CallerContext } from './directory/client'
import { INSTRUCTIONS, compactToolList, statelessCapabilities, withInvalidParams } from './protocol'
import { PROMPTS, registerPrompts } from './prompts'
import { registerResources } from './resources'
import { TOOLS, registerTools } from './tools'

/** What the mcp service needs from its host process. */
export interface McpDeps {
  config: Config
  log: Logger
  /** The public API, reached through the gateway (shared/public-api). */
  publicApi: PublicApi
}

/** Name and version the server gives in `initialize`. */
export const SERVER_INFO = { name: 'mcp-directory', title: 'MCP Server Directory', version: '1.0.0' }
// Tool arguments are small; a larger body is refused by the transport before it is parsed.
const MAX_BODY_BYTES = 256 * 1024

/** Builds the mcp service: the directory as an MCP server over Streamable HTTP at /api/mcp. */
export function createMcpApp(deps: McpDeps) {
  const { config, log } = deps
  const base = config.publicBaseUrl
  // Browser origins that may call the endpoint: the directory's own pages and the operator's allow-list.
  const allowedOrigins = new Set([new URL(base).origin, ...config.mcpAllowedOrigins])

  /** A fresh server for one request: stateless, so any replica can answer any request. */
  function serverFor(caller: CallerContext): McpServer {
    const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS })
    const api = directoryClient(deps.publicApi, caller)
    registerTools(server, api, caller, log)
    registerResources(server, api, log)
    registerPrompts(server)
    statelessCapabilities(server)
    compactToolList(server)
    withInvalidParams(server, TOOLS)
    return server
  }

  async function handle(request: Request): Promise<Response> {
    const caller: CallerContext = {
      client: request.headers.get(CLIENT_IP_HEADER) ?? peerAddress(request),
      bearer: bearerToken(request),
      requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined,
      precharged: request.headers.get(PRECHARGED_HEADER) ?? undefined,
    }
    const server = serverFor(caller)
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    })
    await server.connect(transport)
    try {
      // With JSON responses the answer is complete when this resolves, so the server can go with the request.
      return await transport.handleRequest(request)
    } finally {
      await server.close().catch(() => {})
    }
  }

  /**
   * DNS rebinding protection (the Streamable HTTP transport requires servers to validate `Origin`): a request
   * without `Origin` comes from a non-browser client and passes; a browser's must be an allowed origin.
   */
  function originRefused(request: Request): Response | null {
    const origin = request.headers.get('origin')
    if (origin === null) return null
    const normalised = originOf(origin)
    if (normalised && allowedOrigins.has(normalised)) return null
    const body = {
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Forbidden: this Origin may not use the MCP endpoint' },
      id: null,
    }
    return new Response(JSON.stringify(body), { status: 403, headers: { 'content-type': 'application/json' } })
  }

  /** Without sessions there is no stream to open or session to end: the SDK's stateless answer. */
  const methodNotAllowed = () =>
    new Response(
      JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }),
      {
        status: 405,
        headers: { 'content-type': 'application/json', allow: 'GET, POST' },
      },
    )

  const description = {
    name: SERVER_INFO.title,
    description:
      'The MCP server directory as an MCP server: search listings, read one with its install configs, list categories, submit a server, register an agent and claim a listing.',
    endpoint: `${base}/api/mcp`,
    transport: 'streamable-http',
    stateless: true,
    tools: [...TOOLS],
    resources: ['directory://servers/{id}', 'directory://categories'],
    prompts: [...PROMPTS],
    serverCard: `${base}${SERVER_CARD_PATH}`,
    docs: `${base}/docs`,
  }
  const card = serverCard(base, SERVER_INFO)
  const catalog = aiCatalog(base, SERVER_INFO)

  const app = serviceApp('mcp', base, log)
    .post('/api/mcp', ({ request }) => originRefused(request) ?? handle(request), { parse: 'none' })
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

  return { app, close: async () => {} }
}

/** The mcp service as built by its factory. */
export type McpService = ReturnType<typeof createMcpApp>
