import { searchServers as searchEndpoint } from '@mcp-directory/catalog/contracts'
import type { QueryOf } from '@mcp-directory/shared/contracts'
import { Type as t } from '@sinclair/typebox'
import { type ArgSpecs, fromModel } from './args'
import { clientArg, ON_OFF, READ, SEARCH_ARG_NAMES, SEARCH_CLIENT, searchClientOf, searchQueryOf } from './common'
import { contractOutput } from './output'
import { searchText } from './text'
import type { Args, Tool } from './tool'

/**
 * The short cursor a text-only client can write back: page `n` of `limit` hits is the last `limit` hits of one read of
 * `n × limit` (the endpoint's largest page is 100), and the endpoint's own cursor after it is still the nextCursor.
 */
const MAX_PAGE = 10
const ENDPOINT_MAX_LIMIT = 100

/**
 * The arguments are the search endpoint's own query model (its contract's, which the REST route validates with):
 * the same limits, patterns and cursor, so a value the endpoint accepts the tool accepts. Only the names a model
 * writes more naturally differ (`query` for `q`), `client` also takes the names people give clients, and `verified`
 * and `ready` also take a boolean.
 */
const ARGS: ArgSpecs = {
  ...fromModel(searchEndpoint.query, SEARCH_ARG_NAMES, {
    query: {
      description:
        'What the server should do, in a few words (e.g. "postgres", "send slack messages"); typos are tolerated',
    },
    category: { description: 'Category slug, label or stored name, any case (list_mcp_categories)' },
    transport: { description: 'stdio: a package run locally; remote: a hosted HTTP endpoint' },
    verified: {
      model: ON_OFF,
      description: 'true: only listings the directory has seen running',
    },
    ready: {
      model: ON_OFF,
      description:
        "true: only listings ready for an agent's host (each tool titled and annotated read or write, names unique and short, OAuth or no auth)",
    },
    client: clientArg(
      false,
      SEARCH_CLIENT,
      'The MCP client to install into; each hit carries its install line for it.',
    ),
    limit: { default: 10, description: 'Hits per page' },
    cursor: { description: 'nextCursor of the previous page (of this tool or of GET /api/v1/search)' },
  }),
  page: {
    model: t.Integer({ minimum: 1, maximum: MAX_PAGE, error: `must be a whole number from 1 to ${MAX_PAGE}` }),
    description: `Page of these results, counted in pages of \`limit\` hits (up to ${MAX_PAGE} pages or hit 100): the short form of the cursor`,
  },
}

function pageWindow(a: Args): { limit: number; page: number; fetch: number } {
  const limit = Number(a.limit ?? 10)
  const page = a.cursor === undefined ? Number(a.page ?? 1) : 1
  return { limit, page, fetch: Math.min(ENDPOINT_MAX_LIMIT, limit * page) }
}

/** Search arguments as the endpoint's query, in the order the REST query string has them (it checks them again). */
function searchQuery(a: Args, client: string): Partial<Record<keyof QueryOf<typeof searchEndpoint>, string>> {
  return searchQueryOf(
    a,
    ['category', 'transport', 'cursor', 'sort', 'claimed'],
    ['verified', 'ready'],
    pageWindow(a).fetch,
    client,
  )
}

export const searchServers: Tool = {
  name: 'search_mcp_servers',
  title: 'Search MCP servers',
  description:
    'Find MCP servers for a need, and how to install one, in one call. Use it first whenever the user wants a tool, integration or ' +
    'MCP server for something. Returns ranked hits; each says its transports (stdio or remote), health, whether it is verified ' +
    '(seen running) or official (claimed by its owner), whether it is archived, whether it needs keys (and which), the install ' +
    'confidence, and one line that installs it in the client named by `client` (a command to run, a link to open, or config to merge). ' +
    "Use get_mcp_server for a hit's tools, description and every client's config.",
  args: ARGS,
  output: contractOutput(searchEndpoint),
  annotations: READ,
  restNames: SEARCH_ARG_NAMES,
  async call(a, { api }) {
    const client = searchClientOf(a)
    const r = await api.call(searchEndpoint, { query: searchQuery(a, client) })
    const { limit, page, fetch } = pageWindow(a)
    const next = a.cursor === undefined && fetch + limit <= ENDPOINT_MAX_LIMIT && page < MAX_PAGE ? page + 1 : null
    // The last `limit` of what was read: a page past the end is empty, and says so.
    const shown = page === 1 ? r : { ...r, servers: r.servers.slice(limit * (page - 1), fetch) }
    return { data: shown, text: searchText(shown, client, next) }
  },
}
