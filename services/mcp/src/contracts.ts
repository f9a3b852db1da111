// The mcp service's public endpoints, declared beside its app; the gateway's route table lists them.
import type { Contract } from '@mcp-directory/shared/contracts'
import { aiCatalog, mcpDescription, mcpMessage, mcpServerCard } from './contract'

// mcpSessionEnd is the service's own answer to DELETE, never routed by the gateway: not in the list.
export { aiCatalog, mcpDescription, mcpMessage, mcpServerCard, mcpSessionEnd } from './contract'

/** The mcp service's public routes: the directory as an MCP server (Streamable HTTP, stateless). */
export const MCP_CONTRACTS: Contract[] = [mcpMessage, mcpDescription, mcpServerCard, aiCatalog]
