import { AiCatalog, McpDescription, McpMessage, ServerCard } from '@mcp-directory/mcp/model'
import { mcpMessage } from '@mcp-directory/shared/metrics'
import { Type as t } from '@sinclair/typebox'
import { err, type LimitKind, type RouteSpec } from './spec'

/**
 * The limit class of each tool's call. Each costs one read, which also pays for the one public API read it makes;
 * a tool that writes (submit, register, confirm, claim, revoke) meets its endpoint's write limit there as well.
 */
export const MCP_TOOL_LIMITS: Readonly<Record<string, LimitKind>> = {
  search_mcp_servers: 'read',
  get_mcp_server: 'read',
  get_mcp_install_config: 'read',
  list_mcp_categories: 'read',
  submit_mcp_server: 'read',
  register_mcp_agent: 'read',
  confirm_mcp_agent: 'read',
  get_claim_challenge: 'read',
  verify_mcp_claim: 'read',
  revoke_mcp_agent: 'read',
  edit_my_server: 'read',
  set_my_server_status: 'read',
  transfer_my_server: 'read',
  accept_server_transfer: 'read',
}

/**
 * Messages answered by the mcp service alone, without a public API read: discovery, the handshake, the lists and
 * prompts. They are charged in the discovery class (a tenth of a read each).
 */
const DISCOVERY_METHODS = new Set([
  'server/discover',
  'initialize',
  'notifications/initialized',
  'notifications/cancelled',
  'ping',
  'tools/list',
  'prompts/list',
  'prompts/get',
  'resources/templates/list',
])

/** Methods counted by name in `mcp_messages_total`; any other is `other`. */
const COUNTED_METHODS = new Set([
  ...DISCOVERY_METHODS,
  'tools/call',
  'resources/list',
  'resources/read',
  'completion/complete',
  'subscriptions/listen',
])

/**
 * The limit of one MCP message, by its Mcp-Method (and Mcp-Name for a tool call) header, counted in
 * `mcp_messages_total`. The mcp service refuses a message whose body says otherwise (-32020 HeaderMismatch), so
 * the header cannot buy a tool call at the discovery price; a message without the header (a 2025 client, a batch)
 * costs a read as before.
 */
export function mcpLimitOf(request: Request): LimitKind {
  const method = request.headers.get('mcp-method')
  if (method === null) return 'read'
  if (method === 'tools/call') {
    const tool = request.headers.get('mcp-name') ?? ''
    const known = Object.hasOwn(MCP_TOOL_LIMITS, tool)
    mcpMessage(method, known ? tool : 'other')
    return known ? (MCP_TOOL_LIMITS[tool] ?? 'read') : 'read'
  }
  mcpMessage(COUNTED_METHODS.has(method) ? method : 'other', '')
  return DISCOVERY_METHODS.has(method) ? 'discovery' : 'read'
}

/** The mcp service's public routes: the directory as an MCP server (Streamable HTTP, stateless). */
export const MCP_ROUTES: RouteSpec[] = [
  {
    // Limited by what the message asks (mcpLimitOf): a tool call or resource read as a read, which also pays for
    // the one REST read it makes (coversOneRead); discovery and lists in the discovery class. A tool's write
    // (submit, register, claim, an owner's change) is limited again by its endpoint's class.
    // A claim check can take several outside look-ups, hence the longer timeout.
    method: 'POST',
    path: '/api/mcp',
    service: 'mcp',
    operationId: 'mcpMessage',
    tag: 'mcp',
    limit: 'read',
    limitOf: mcpLimitOf,
    coversOneRead: true,
    auth: null,
    timeoutMs: 60_000,
    summary: 'MCP over Streamable HTTP (stateless; JSON responses). Send Accept: application/json, text/event-stream',
    // The SDK on the service side validates it.
    body: McpMessage,
    responses: {
      200: { description: 'The JSON-RPC response', type: 'application/json', schema: t.Unknown() },
      202: { description: 'Notification accepted' },
      400: err('Not a valid JSON-RPC message (JSON-RPC error body)'),
      403: err("An Origin other than the directory's own or MCP_ALLOWED_ORIGINS (JSON-RPC error body)"),
      406: err('Accept must list application/json and text/event-stream (JSON-RPC error body)'),
      429: err('rate_limited'),
    },
  },
  {
    method: 'GET',
    path: '/api/mcp',
    service: 'mcp',
    operationId: 'mcpDescription',
    tag: 'mcp',
    limit: 'read',
    auth: null,
    summary:
      'A short JSON description of the MCP endpoint; with Accept: text/event-stream, 405 (stateless: no server-initiated stream)',
    responses: {
      200: {
        description: 'What the endpoint offers',
        type: 'application/json',
        schema: McpDescription,
      },
      403: err("An Origin other than the directory's own or MCP_ALLOWED_ORIGINS (JSON-RPC error body)"),
      405: { description: 'No standalone event stream in stateless mode' },
      429: err('rate_limited'),
    },
  },
  {
    // The MCP Server Card proposal's reserved location: <streamable-http-url>/server-card.
    method: 'GET',
    path: '/api/mcp/server-card',
    service: 'mcp',
    operationId: 'mcpServerCard',
    tag: 'mcp',
    limit: 'read',
    auth: null,
    summary:
      "The MCP endpoint's Server Card (application/mcp-server-card+json): name, version, the Streamable HTTP remote and its protocol versions; ETag and If-None-Match",
    responses: {
      200: {
        description: 'The Server Card',
        type: 'application/mcp-server-card+json',
        schema: ServerCard,
      },
      304: { description: 'Not modified (If-None-Match)' },
      429: err('rate_limited'),
    },
  },
  {
    method: 'GET',
    path: '/.well-known/ai-catalog.json',
    service: 'mcp',
    operationId: 'aiCatalog',
    tag: 'mcp',
    limit: 'read',
    auth: null,
    summary: "The domain's AI Catalog (application/ai-catalog+json), listing the Server Card of the MCP endpoint",
    responses: {
      200: {
        description: 'The AI Catalog',
        type: 'application/ai-catalog+json',
        schema: AiCatalog,
      },
      304: { description: 'Not modified (If-None-Match)' },
      429: err('rate_limited'),
    },
  },
]
