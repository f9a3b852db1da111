// The MCP endpoint: one handler of the official SDK (v2) that serves the 2026-07-28 revision (stateless requests
// carrying their own protocol version, server/discover) and, through the SDK's stateless legacy path, the 2025
// revisions (initialize, then requests). Each request gets a fresh server, so any replica answers any request.
import {
  createMcpHandler,
  isLegacyRequest,
  McpServer,
  type McpRequestContext,
  PROTOCOL_VERSION_META_KEY,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server'
import { bearerToken, readBodyUpTo } from '@mcp-directory/shared/http'
import { REQUEST_ID_HEADER, type Logger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER, PRECHARGED_HEADER, type PublicApi } from '@mcp-directory/shared/public-api'
import { peerAddress } from '@mcp-directory/shared/runtime'
import { cardName, SERVER_CARD_PATH } from './card'
import { checkParams } from './params'
import { PROMPTS, registerPrompts } from './prompts'
import { CACHE_HINTS, CAPABILITIES, INSTRUCTIONS, PROTOCOL_VERSIONS } from './protocol'
import type { CatalogReads } from './public-api/catalog'
import { type CallerContext, directoryClient } from './public-api/client'
import { registerResources } from './resources'
import { registerTools, TOOLS } from './tools'

/** What the server says of itself: the product's name and version (the card names it in reverse-DNS form). */
export const SERVER_INFO = {
  name: 'mcp-directory',
  title: 'MCP Server Directory',
  version: '1.0.0',
  description: 'Search MCP servers with install configs for each client; submit and claim listings.',
}
// The first revision of the stateless era; later ones compare greater (revisions are ISO dates).
const MODERN_VERSION = '2026-07-28'
// Tool arguments are small; a larger body is refused (413) before it is parsed.
const MAX_BODY_BYTES = 256 * 1024
// A batch (2025-03-26 clients) costs one read at the gateway, as ten discovery messages do: a longer batch would
// buy more answers than it pays for (a hundred `tools/list` answers, 4.5 MB, for one read).
export const MAX_BATCH_MESSAGES = 10

/** The identity `server/discover`, `initialize` and every result's `_meta` carry: the same as the Server Card's. */
export function serverIdentity(base: string) {
  return { ...SERVER_INFO, name: cardName(base, SERVER_INFO.name), websiteUrl: base }
}

/** The method (and tool) of each single-message request, read once from its body, for the factory. */
const messageOf = new WeakMap<Request, { method: unknown; tool: unknown }>()

/** Who one MCP request speaks for, from the headers the gateway set (client address signed, precharge proof). */
function callerOf(request: Request | undefined): CallerContext {
  if (!request) return { bearer: null }
  return {
    client: request.headers.get(CLIENT_IP_HEADER) ?? peerAddress(request),
    bearer: bearerToken(request),
    requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined,
    precharged: request.headers.get(PRECHARGED_HEADER) ?? undefined,
  }
}

/** A JSON-RPC error answered before any server is built (a body too large or not JSON). */
const rpcError = (status: number, code: number, message: string) =>
  Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status })

/**
 * The body of a POST, parsed once for the era decision and the leg that answers it. It is read only up to the bound,
 * announced or streamed: a body sent without Content-Length is cut off there, not buffered to its end first.
 */
async function readBody(request: Request): Promise<{ parsed: unknown } | Response> {
  const bytes = await readBodyUpTo(request, MAX_BODY_BYTES)
  if (bytes === null) return rpcError(413, -32600, 'Request body too large')
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return rpcError(400, -32700, 'Parse error: the body is not JSON')
  }
  if (Array.isArray(parsed) && parsed.length > MAX_BATCH_MESSAGES)
    return rpcError(400, -32600, `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages`)
  return { parsed }
}

/**
 * Whether a message is plainly of the 2025 era: one message, without the 2026-07-28 envelope (`_meta` naming its
 * protocol version) and without a 2026 MCP-Protocol-Version header. The SDK's own classification (`isLegacyRequest`)
 * parses the message with its schemas, which cost more than the rest of a tool call's protocol work; a batch or
 * anything unusual still goes to it (null). A modern message goes to the SDK's handler, which classifies it again.
 */
function plainlyLegacy(request: Request, parsed: unknown): boolean | null {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null
  const header = request.headers.get('mcp-protocol-version')
  if (header !== null && header >= MODERN_VERSION) return false
  const meta = (parsed as { params?: { _meta?: unknown } }).params?._meta
  if (meta && typeof meta === 'object' && PROTOCOL_VERSION_META_KEY in meta) return false
  return true
}

/**
 * A 2025 request whose Mcp-Method or Mcp-Name header says something its body does not: -32020 HeaderMismatch, as
 * the SDK answers a 2026-07-28 one. The gateway prices a message by those headers, so they must be true.
 */
function legacyHeaderMismatch(request: Request, parsed: unknown): Response | null {
  const method = request.headers.get('mcp-method')
  if (method === null) return null
  const message = (Array.isArray(parsed) ? null : parsed) as { method?: unknown; params?: Record<string, unknown> }
  const params = message?.params ?? {}
  const name = request.headers.get('mcp-name')
  const named = params.name ?? params.uri
  const namedOk = name === null ? method !== 'tools/call' : named === name
  if (message?.method === method && namedOk) return null
  return rpcError(400, -32020, 'Header mismatch: Mcp-Method and Mcp-Name must match the message body')
}

/**
 * The endpoint's handler. 2026-07-28 requests go to the SDK's handler; 2025 requests (no per-request protocol
 * version) to a fresh server on the SDK's Streamable HTTP transport, stateless with JSON answers, as before the
 * 2026 revision: the SDK's own stateless fallback would answer them as event streams. Both legs build their
 * server from one factory, so the two eras never differ in what they offer.
 */
export function mcpHandler(publicApi: PublicApi, log: Logger, base: string, catalog?: CatalogReads) {
  const identity = serverIdentity(base)
  const factory = ({ requestInfo }: McpRequestContext) => {
    const caller = callerOf(requestInfo)
    const server = new McpServer(identity, {
      instructions: INSTRUCTIONS,
      capabilities: CAPABILITIES,
      cacheHints: CACHE_HINTS,
      supportedProtocolVersions: PROTOCOL_VERSIONS,
    })
    const api = directoryClient(publicApi, caller, catalog)
    // A tool call needs only its tool: the capabilities (declared above) stay the same.
    const message = requestInfo && messageOf.get(requestInfo)
    const call = message?.method === 'tools/call' && typeof message.tool === 'string' ? message.tool : undefined
    registerTools(server, api, caller, log, call)
    if (call) return server
    registerResources(server, api, log)
    registerPrompts(server)
    checkParams(server)
    return server
  }
  const modern = createMcpHandler(factory, {
    legacy: 'reject',
    // JSON unless a handler sends a message before its result (none does).
    responseMode: 'auto',
    maxRequestBodySize: MAX_BODY_BYTES,
    onerror: (err) => log.debug({ err: err.message }, 'mcp request refused'),
  })
  const legacy = async (request: Request, parsedBody: unknown) => {
    const server = factory({ era: 'legacy', requestInfo: request })
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    await server.connect(transport)
    try {
      return await transport.handleRequest(request, { parsedBody })
    } finally {
      await server.close().catch(() => {})
    }
  }
  return {
    fetch: async (request: Request): Promise<Response> => {
      const body = await readBody(request)
      if (body instanceof Response) return body
      const one = body.parsed as { method?: unknown; params?: { name?: unknown } } | null
      if (one && typeof one === 'object' && !Array.isArray(one))
        messageOf.set(request, { method: one.method, tool: one.params?.name })
      if (plainlyLegacy(request, body.parsed) ?? (await isLegacyRequest(request, body.parsed)))
        return legacyHeaderMismatch(request, body.parsed) ?? legacy(request, body.parsed)
      return modern.fetch(request, { parsedBody: body.parsed })
    },
    close: () => modern.close(),
  }
}

/** What `GET /api/mcp` tells a browser (or anyone not asking for an event stream) about the endpoint. */
export function endpointDescription(base: string) {
  return {
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
}
