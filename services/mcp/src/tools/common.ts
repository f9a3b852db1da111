// What several tools share: the listing id and agent token arguments, the client slugs, the annotations.
import type { ToolAnnotations } from '@modelcontextprotocol/server'
import { archivedReason } from '@mcp-directory/shared/contracts'
import { ACCEPTED_CLIENT_NAMES, CONFIG_CLIENTS, clientFromName } from '@mcp-directory/shared/install'
import type { ServerDetail } from '@mcp-directory/shared/contracts'
import { Type as t } from '@sinclair/typebox'
import type { CallerContext } from '../public-api/client'
import type { ArgSpec } from './args'
import type { Args } from './tool'

/** The clients, for a description: each slug with its label. */
export const CLIENT_HELP = `Slugs: ${CONFIG_CLIENTS.map((c) => `${c.client} (${c.label})`).join(', ')}; a client's common name in any case works too ("Claude Code", "VS Code", "vscode")`

/** The client slug a `client` argument names: a slug, label, common name or alias, in any case. */
export const clientSlug = (v: string): string | null => clientFromName(v)

const clientCheck = (allowAll: boolean) => (v: unknown) =>
  (allowAll && v === 'all') || (typeof v === 'string' && clientSlug(v))
    ? null
    : `must name an MCP client${allowAll ? ', or be all' : ''}; accepted: ${ACCEPTED_CLIENT_NAMES}`

/**
 * A `client` argument: the tool's own (the endpoints take a slug, or nothing); any name `clientSlug` knows, or `all`
 * where every client is meant.
 */
export const clientArg = (allowAll: boolean, def: string, description: string): ArgSpec => ({
  model: t.String(),
  default: def,
  check: clientCheck(allowAll),
  description: `${description} ${CLIENT_HELP}`,
})

/** What the tools add to a route's listing id parameter. */
export const ID_HELP = { id: { description: 'Listing id: the `id` of a search hit' } }

// What the directory reads as a Bearer token in an Authorization header (shared/http `bearerToken`): visible ASCII.
const BEARER_CHARACTERS = /^[\x21-\x7e]+$/

/** The agent token a claim tool sends as its Bearer token (the endpoints read it from the Authorization header). */
export const TOKEN: ArgSpec = {
  model: t.String(),
  // A header cannot carry every string (line breaks, characters past Latin-1): such a value is no token.
  check: (v) =>
    typeof v === 'string' && BEARER_CHARACTERS.test(v)
      ? null
      : 'must be an agent token (mcpdir_…): visible ASCII characters, no spaces',
  description: 'Agent token (mcpdir_…) from confirm_mcp_agent; omitted: the Bearer token of the MCP request',
}

/** The Bearer token a claim tool uses: its `agentToken` argument, else the MCP request's own Authorization header. */
export const tokenOf = (a: Args, caller: CallerContext) =>
  typeof a.agentToken === 'string' && a.agentToken ? a.agentToken : caller.bearer

// Annotations as the tools behave. Reads touch only the directory. Register and submit send e-mail (an outside
// effect); verify reads the owner's DNS, website or repository; a second revoke of the same token is a 401.
export const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false }
export const MAILS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
}
export const CONFIRMS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
}
export const VERIFIES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
}
export const REVOKES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
}

/** A detail with what the directory knows of its maintenance: `archived` as the catalog gave it, or as read here. */
export function withArchived(s: ServerDetail) {
  const archived =
    s.archived !== undefined ? s.archived : archivedReason({ ...s, githubArchived: s.checks?.githubArchived })
  return { ...s, archived }
}

/** A search filter that is on or off: a boolean, or "1" as the endpoint's query string writes it. */
export const ON_OFF = t.Union([t.Boolean(), t.Literal('1')], { error: 'must be true, false or "1"' })

/** The client a search's install lines are for when it names none. */
export const SEARCH_CLIENT = 'claude-code'

/** The client a search names (any name `clientSlug` knows), else the default. */
export const searchClientOf = (a: Args) => clientSlug(String(a.client ?? SEARCH_CLIENT)) ?? SEARCH_CLIENT

/** The search endpoints' query parameters a search tool names otherwise: `q` reads more naturally as `query`. */
export const SEARCH_ARG_NAMES: Record<string, string> = { q: 'query' }

/**
 * A search tool's arguments as its endpoint's query string (the endpoint checks them again): the renamed ones
 * under their REST names, the named arguments as written, a flag given as `true` or "1" as `1`, then `limit` and
 * `client`.
 */
export function searchQueryOf(
  a: Record<string, unknown>,
  named: readonly string[],
  flags: readonly string[],
  limit: number,
  client: string,
): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [rest, arg] of Object.entries(SEARCH_ARG_NAMES)) if (a[arg] !== undefined) query[rest] = String(a[arg])
  for (const k of named) if (a[k] !== undefined) query[k] = String(a[k])
  for (const k of flags) if (a[k] === true || a[k] === '1') query[k] = '1'
  query.limit = String(limit)
  query.client = client
  return query
}
