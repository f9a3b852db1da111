import { searchTools as toolsEndpoint } from '@mcp-directory/catalog/contracts'
import type { QueryOf } from '@mcp-directory/shared/contracts'
import { Type as t } from '@sinclair/typebox'
import { type ArgSpecs, fromModel } from './args'
import { clientArg, ON_OFF, READ, SEARCH_ARG_NAMES, SEARCH_CLIENT, searchClientOf, searchQueryOf } from './common'
import { contractOutput } from './output'
import { toolsText } from './tool-search-text'
import type { Args, Tool } from './tool'

const flag = (description: string) => ({
  model: t.Union([t.Boolean(), t.Literal('0'), t.Literal('1')], { error: 'must be true, false, "0" or "1"' }),
  description,
})

/** The arguments are the tool endpoint's own query model; the flags also take booleans, `q` is renamed as in search. */
const ARGS: ArgSpecs = fromModel(toolsEndpoint.query, SEARCH_ARG_NAMES, {
  query: {
    description: 'What the tool should do, in a few words (e.g. "read a PDF file", "create a calendar event")',
  },
  readOnly: flag('true: only tools annotated read-only; false: only the others'),
  destructive: flag('true: only tools that may destroy data (as their annotations say); false: only the others'),
  verified: {
    model: ON_OFF,
    description: 'true: only tools of servers the directory has seen running',
  },
  category: { description: "The server's category: slug, label or stored name, any case (list_mcp_categories)" },
  client: clientArg(
    false,
    SEARCH_CLIENT,
    "The MCP client to install into; each hit's server carries its install line for it.",
  ),
  limit: { default: 10, description: 'Hits per page' },
  cursor: { description: 'nextCursor of the previous page (of this tool or of GET /api/v1/tools)' },
})

const flagValue = (v: unknown) => (v === true || v === '1' ? '1' : '0')

/** The arguments as the endpoint's query string has them (it checks them again). */
function toolsQuery(a: Args, client: string): Partial<Record<keyof QueryOf<typeof toolsEndpoint>, string>> {
  const query = searchQueryOf(
    a,
    ['category', 'transport', 'kind', 'cursor'],
    ['verified'],
    Number(a.limit ?? 10),
    client,
  )
  // Read-only and destructive filter both ways: false asks for the tools not so marked.
  for (const k of ['readOnly', 'destructive'] as const) if (a[k] !== undefined) query[k] = flagValue(a[k])
  return query
}

export const searchTools: Tool = {
  name: 'search_tools',
  title: 'Search MCP tools',
  description:
    'Find the tool that does a task ("read a PDF file"), across the tools every listed MCP server was seen offering (listed by its ' +
    'live endpoint or a sandbox run of its package, never as claimed). Each hit gives the tool, its arguments in one line, its ' +
    'annotations (read-only, destructive), its risk (scan findings naming it) and its server: id, publisher, marks and the one ' +
    'line that installs it in the client named by `client`. Filters: readOnly, destructive, transport, category, verified.',
  args: ARGS,
  output: contractOutput(toolsEndpoint),
  annotations: READ,
  restNames: SEARCH_ARG_NAMES,
  async call(a, { api }) {
    const client = searchClientOf(a)
    const query = toolsQuery(a, client)
    const r = await api.call(toolsEndpoint, { query })
    return { data: r, text: toolsText(r, query.q ?? null, client) }
  },
}
