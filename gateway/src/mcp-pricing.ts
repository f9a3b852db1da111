// The price of one MCP message at the gateway's rate limit (the endpoint's contract says `pricing: 'mcp-message'`).
import { mcpMessage } from '@mcp-directory/shared/metrics'
import { connectionListed } from './headers'
import type { LimitKind } from '@mcp-directory/shared/contracts'

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
  'resources/list',
  'resources/templates/list',
])

/** Methods counted by name in `mcp_messages_total`; any other is `other`. */
const COUNTED_METHODS = new Set([
  ...DISCOVERY_METHODS,
  'tools/call',
  'resources/read',
  'completion/complete',
  'subscriptions/listen',
])

/** The limit of one message by its method (and tool, for a call), counted in `mcp_messages_total`. */
function limitOfMessage(method: string, tool: string): LimitKind {
  if (method === 'tools/call') {
    const known = Object.hasOwn(MCP_TOOL_LIMITS, tool)
    mcpMessage(method, known ? tool : 'other')
    return known ? (MCP_TOOL_LIMITS[tool] ?? 'read') : 'read'
  }
  mcpMessage(COUNTED_METHODS.has(method) ? method : 'other', '')
  return DISCOVERY_METHODS.has(method) ? 'discovery' : 'read'
}

// A 2025 message is read for its method only when it says it is this small: its handshake and lists are a few
// hundred bytes, and a larger or unannounced body is not buffered before the rate limit has counted it.
const PEEK_MAX_BYTES = 16 * 1024
// A body that trickles in is not waited for here (the forward has its own bound): it is priced as a read.
const PEEK_MAX_MS = 1000

/**
 * One JSON-RPC message read from a copy of a small body (this size or less, announced); null for a body too large or
 * of unknown length to read first, one that trickles in, or one that is not JSON. A batch is its array.
 */
export async function peekMessage(request: Request): Promise<unknown> {
  const length = Number(request.headers.get('content-length') ?? Number.NaN)
  if (!(length > 0 && length <= PEEK_MAX_BYTES) || !request.body || request.bodyUsed) return null
  try {
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), PEEK_MAX_MS)
    })
    const text = await Promise.race([request.clone().text(), late]).finally(() => clearTimeout(timer))
    return text === null ? null : (JSON.parse(text) as unknown)
  } catch {
    return null
  }
}

/** The method of a 2025 client's message (which carries no Mcp-Method header); null for anything but one message. */
async function methodInBody(request: Request): Promise<{ method: string; tool: string } | null> {
  const message = (await peekMessage(request)) as { method?: unknown; params?: { name?: unknown } } | null
  if (!message || typeof message !== 'object' || Array.isArray(message)) return null
  if (typeof message.method !== 'string') return null
  const name = message.params?.name
  return { method: message.method, tool: typeof name === 'string' ? name : '' }
}

/**
 * The limit of one MCP message, counted in `mcp_messages_total`: by its Mcp-Method (and Mcp-Name for a tool call)
 * header, which the mcp service holds to the body (-32020 HeaderMismatch), so a header cannot buy a tool call at
 * the discovery price. A 2025 client sends no such header: its message is priced by the body it forwards, read
 * from a copy when small, so its handshake and lists cost what a 2026-07-28 client's do. A batch, or a body too
 * large to read first, costs a read.
 */
export async function mcpLimitOf(request: Request): Promise<LimitKind> {
  // Headers the Connection header lists are hop-by-hop: the gateway drops them before forwarding, so the mcp
  // service could not hold the body to them. A message that hides its Mcp-Method or Mcp-Name that way pays a read.
  const dropped = connectionListed(request.headers)
  if (dropped.includes('mcp-method') || dropped.includes('mcp-name')) return 'read'
  const method = request.headers.get('mcp-method')
  if (method !== null) return limitOfMessage(method, request.headers.get('mcp-name') ?? '')
  const inBody = await methodInBody(request)
  return inBody ? limitOfMessage(inBody.method, inBody.tool) : 'read'
}
