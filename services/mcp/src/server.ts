// One MCP request: a fresh server and Streamable HTTP transport for it (stateless, so any replica can answer any
// request), speaking for the client the gateway named.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { bearerToken } from '@mcp-directory/shared/http'
import { REQUEST_ID_HEADER, type Logger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER, PRECHARGED_HEADER, type PublicApi } from '@mcp-directory/shared/public-api'
import { peerAddress } from '@mcp-directory/shared/runtime'
import { SERVER_CARD_PATH } from './card'
import { PROMPTS, registerPrompts } from './prompts'
import { compactToolList, INSTRUCTIONS, statelessCapabilities, withInvalidParams } from './protocol'
import { type CallerContext, directoryClient } from './public-api/client'
import { registerResources } from './resources'
import { registerTools, TOOLS } from './tools'

/** Name and version the server gives in `initialize`. */
export const SERVER_INFO = { name: 'mcp-directory', title: 'MCP Server Directory', version: '1.0.0' }
// Tool arguments are small; a larger body is refused by the transport before it is parsed.
const MAX_BODY_BYTES = 256 * 1024

/** A fresh server for one request. */
function serverFor(publicApi: PublicApi, caller: CallerContext, log: Logger): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS })
  const api = directoryClient(publicApi, caller)
  registerTools(server, api, caller, log)
  registerResources(server, api, log)
  registerPrompts(server)
  statelessCapabilities(server)
  compactToolList(server)
  withInvalidParams(server, TOOLS)
  return server
}

/** Answers one MCP message (or batch) over Streamable HTTP with JSON responses. */
export async function handleMcpRequest(publicApi: PublicApi, log: Logger, request: Request): Promise<Response> {
  const caller: CallerContext = {
    client: request.headers.get(CLIENT_IP_HEADER) ?? peerAddress(request),
    bearer: bearerToken(request),
    requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined,
    precharged: request.headers.get(PRECHARGED_HEADER) ?? undefined,
  }
  const server = serverFor(publicApi, caller, log)
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
