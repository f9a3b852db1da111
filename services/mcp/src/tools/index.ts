// The directory's tools, one file each. Each goes through the REST endpoint it mirrors (via the gateway), so it
// meets the same validation, Bearer and scope checks and rate limits; arguments are checked here first, by their
// own names (args.ts).
import type { McpServer } from '@modelcontextprotocol/server'
import type { Logger } from '@mcp-directory/shared/log'
import type { CallerContext, DirectoryClient } from '../public-api/client'
import { listCategories } from './categories'
import { getClaimChallenge } from './claim-challenge'
import { confirmAgent } from './confirm-agent'
import { getServer } from './get-server'
import { getInstallConfig } from './install-config'
import { acceptServerTransfer, editMyServer, setMyServerStatus, transferMyServer } from './owners'
import { registerAgent } from './register-agent'
import { revokeAgent } from './revoke-agent'
import { searchServers } from './search'
import { searchTools } from './search-tools'
import { submitServer } from './submit'
import { registerTool, type Tool } from './tool'
import { verifyClaim } from './verify-claim'

/** Every tool, in the order tools/list gives them. */
export const TOOL_LIST: readonly Tool[] = [
  searchServers,
  searchTools,
  getServer,
  getInstallConfig,
  listCategories,
  submitServer,
  registerAgent,
  confirmAgent,
  getClaimChallenge,
  verifyClaim,
  revokeAgent,
  editMyServer,
  setMyServerStatus,
  transferMyServer,
  acceptServerTransfer,
]

/** The tools' names, in the order tools/list gives them. */
export const TOOLS: readonly string[] = TOOL_LIST.map((t) => t.name)

/**
 * Registers the tools on a server built for one request: every tool, or only `only` when the request calls that
 * one (a server is built per request, and a call needs no other).
 */
export function registerTools(
  server: McpServer,
  api: DirectoryClient,
  caller: CallerContext,
  log: Logger,
  only?: string,
) {
  const called = only === undefined ? undefined : TOOL_LIST.find((t) => t.name === only)
  for (const tool of called ? [called] : TOOL_LIST) registerTool(server, tool, { api, caller }, log)
}
