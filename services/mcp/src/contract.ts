// The directory as an MCP server (Streamable HTTP, stateless) and its discovery documents.
import { defineContract, err } from '@mcp-directory/shared/contracts'
import { Type as t } from '@sinclair/typebox'
import { AiCatalog, McpDescription, McpMessage, ServerCard } from './model'

// Every method of the endpoint refuses a browser page of another site the same way (DNS rebinding, CSRF).
const ORIGIN_REFUSED = err("An Origin other than the directory's own or MCP_ALLOWED_ORIGINS (JSON-RPC error body)")

export const mcpMessage = defineContract({
  // Limited by what the message asks (the gateway's MCP pricing): a tool call or resource read as a read, which also pays for
  // the one REST read it makes (coversOneRead); discovery and lists in the discovery class. A tool's write
  // (submit, register, claim, an owner's change) is limited again by its endpoint's class.
  // A claim check can take several outside look-ups, hence the longer timeout.
  method: 'POST',
  path: '/api/mcp',
  service: 'mcp',
  operationId: 'mcpMessage',
  tag: 'mcp',
  limit: 'read',
  pricing: 'mcp-message',
  coversOneRead: true,
  auth: null,
  timeoutMs: 60_000,
  summary: 'MCP over Streamable HTTP (stateless; JSON responses). Send Accept: application/json, text/event-stream',
  // The SDK on the service side validates it.
  body: McpMessage,
  // The SDK's transport answers with its own framing (JSON or an event stream).
  rawResponse: true,
  responses: {
    200: { description: 'The JSON-RPC response', type: 'application/json', schema: t.Unknown() },
    202: { description: 'Notification accepted' },
    400: err('Not a valid JSON-RPC message (JSON-RPC error body)'),
    403: ORIGIN_REFUSED,
    406: err('Accept must list application/json and text/event-stream (JSON-RPC error body)'),
    429: err('rate_limited'),
  },
})

export const mcpDescription = defineContract({
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
    403: ORIGIN_REFUSED,
    405: { description: 'No standalone event stream in stateless mode' },
    429: err('rate_limited'),
  },
})

export const mcpServerCard = defineContract({
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
})

export const aiCatalog = defineContract({
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
})

/**
 * Ending a session: a stateless server has none, so the answer is the SDK's 405. Served by the service only: the
 * gateway's route table leaves it out, so it is not in the OpenAPI document either.
 */
export const mcpSessionEnd = defineContract({
  method: 'DELETE',
  path: '/api/mcp',
  service: 'mcp',
  operationId: 'mcpSessionEnd',
  tag: 'mcp',
  limit: 'read',
  auth: null,
  hidden: true,
  summary: 'Ends an MCP session: none in stateless mode (405)',
  // The answer is the SDK's own JSON-RPC framing.
  rawResponse: true,
  responses: {
    403: ORIGIN_REFUSED,
    405: { description: 'No session to end in stateless mode' },
  },
})
