// The models of the mcp service's routes, as the gateway's route table documents them. The MCP message itself is
// validated by the SDK (its own zod schemas, -32602 on a mismatch: protocol.ts), so its model says only what it is;
// the answers are Response objects built here (card.ts, server.ts), so the models document them.
import { Type as t } from '@sinclair/typebox'

/** A JSON-RPC message (or batch) of the Model Context Protocol. */
export const McpMessage = t.Unknown({
  description:
    'A JSON-RPC request or notification of the Model Context Protocol (initialize, tools/list, tools/call, resources/list, resources/read, …)',
})

/** What `GET /api/mcp` says about the endpoint (server.ts `endpointDescription`). */
export const McpDescription = t.Object(
  { name: t.String(), description: t.String(), endpoint: t.String(), transport: t.String() },
  { additionalProperties: true },
)

/** The endpoint's MCP Server Card (card.ts). */
export const ServerCard = t.Object(
  { name: t.String(), version: t.String(), description: t.String() },
  { additionalProperties: true },
)

/** The domain's AI Catalog (card.ts). */
export const AiCatalog = t.Object(
  { specVersion: t.String(), entries: t.Array(t.Unknown()) },
  { additionalProperties: true },
)
