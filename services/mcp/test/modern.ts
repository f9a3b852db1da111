// The endpoint in the 2026-07-28 revision, with the official SDK v2 client: server/discover, stateless lists with
// their cache hints, a call of every tool, the Streamable HTTP headers and their errors, and paging a real query
// through search_mcp_servers. Shared by the in-process test and the stack test, so both run modes meet it.
import { describe, expect, test } from 'bun:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { loadSharedData } from '@mcp-directory/shared/testing'

const MODERN = '2026-07-28'
/** The tools, in the order tools/list gives them. */
export const TOOL_ORDER = [
  'search_mcp_servers',
  'search_tools',
  'get_mcp_server',
  'get_mcp_install_config',
  'list_mcp_categories',
  'submit_mcp_server',
  'register_mcp_agent',
  'confirm_mcp_agent',
  'get_claim_challenge',
  'verify_mcp_claim',
  'revoke_mcp_agent',
  'edit_my_server',
  'set_my_server_status',
  'transfer_my_server',
  'accept_server_transfer',
]

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: unknown[] }
type Page = { total: number; servers: { id: string }[]; nextCursor: string | null }

/** An SDK v2 client that negotiates its era with server/discover first. */
export async function modernClient(base: string): Promise<Client> {
  const client = new Client({ name: 'directory-test', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' } })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`)))
  return client
}

/** A raw 2026-07-28 request: the per-request `_meta` envelope, and the headers a client sends with it. */
export function modernRequest(base: string, method: string, params: Record<string, unknown>, headers = {}) {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
  }
  // Mcp-Name is the tool or prompt name, or the resource URI.
  const named = params.name ?? params.uri
  const name: Record<string, string> = typeof named === 'string' ? { 'mcp-name': named } : {}
  return fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...name,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
  })
}

const ids = (p: Page) => p.servers.map((s) => s.id)

/** Every page of one search, from the first cursor to the last (null): the ids in order, the pages and cursors. */
async function walk(page: (cursor?: string) => Promise<Page>) {
  const seen: string[] = []
  const cursors: string[] = []
  let cursor: string | undefined
  let total = -1
  do {
    const p = await page(cursor)
    total = p.total
    seen.push(...ids(p))
    cursor = p.nextCursor ?? undefined
    if (cursor) cursors.push(cursor)
  } while (cursor && cursors.length < 500)
  return { seen, total, pages: cursors.length + 1, cursors }
}

/** The real queries of the shared data set, and a browse of the whole catalog (no query). */
async function realQueries(): Promise<(string | undefined)[]> {
  const queries = await loadSharedData<{ query: string }[]>('queries.json')
  return [undefined, ...queries.map((q) => q.query)]
}

/** The tests of the 2026-07-28 revision against the endpoint at `base()` (known once the suite has started). */
export function describeModernEra(base: () => string) {
  describe('the 2026-07-28 revision (SDK v2 client)', () => {
    test('server/discover first: the modern era, the card’s identity, instructions and capabilities', async () => {
      const client = await modernClient(base())
      expect(client.getProtocolEra()).toBe('modern')
      expect(client.getNegotiatedProtocolVersion()).toBe(MODERN)
      const card = (await (await fetch(`${base()}/api/mcp/server-card`)).json()) as Record<string, unknown>
      expect(client.getServerVersion()).toMatchObject({ name: card.name, version: card.version, title: card.title })
      const discover = client.getDiscoverResult()!
      expect(discover.supportedVersions).toEqual([MODERN])
      expect(client.getInstructions()).toContain('search_mcp_servers')
      const remote = (card.remotes as { supportedProtocolVersions: string[]; url: string }[])[0]!
      expect(remote.supportedProtocolVersions).toContain(MODERN)
      expect(remote.url).toBe(`${card.websiteUrl}/api/mcp`)
      await client.close()
    })

    test('stateless tools/list: the same for everyone, in a fixed order, public for an hour', async () => {
      const res = await modernRequest(base(), 'tools/list', {})
      expect(res.status).toBe(200)
      expect(res.headers.get('mcp-session-id')).toBeNull()
      const { result } = (await res.json()) as { result: Record<string, unknown> & { tools: { name: string }[] } }
      expect(result.tools.map((t) => t.name)).toEqual(TOOL_ORDER)
      expect(result).toMatchObject({ resultType: 'complete', ttlMs: 3_600_000, cacheScope: 'public' })
      expect((result._meta as Record<string, { name: string }>)['io.modelcontextprotocol/serverInfo']).toBeDefined()
      const discover = (await (await modernRequest(base(), 'server/discover', {})).json()) as {
        result: Record<string, unknown>
      }
      expect(discover.result).toMatchObject({ resultType: 'complete', supportedVersions: [MODERN] })
    })

    test('a tools/call of every tool, each answering as a tool result', async () => {
      const client = await modernClient(base())
      const call = (name: string, args: Record<string, unknown>) =>
        client.callTool({ name, arguments: args }) as Promise<ToolResult>
      const found = await call('search_mcp_servers', { client: 'Claude Code', limit: 3 })
      const id = ((found.structuredContent as unknown as Page).servers[0] ?? { id: 'none' }).id
      const reads: [string, ToolResult][] = [
        ['search_mcp_servers', found],
        ['search_tools', await call('search_tools', { query: 'search', readOnly: true, limit: 3 })],
        ['get_mcp_server', await call('get_mcp_server', { id })],
        ['get_mcp_install_config', await call('get_mcp_install_config', { id, client: 'vscode' })],
        ['list_mcp_categories', await call('list_mcp_categories', {})],
      ]
      for (const [name, r] of reads)
        expect({ name, error: r.isError ? r.structuredContent : null }).toEqual({ name, error: null })
      // The writes, with arguments they refuse: each is still a tool result, naming the argument.
      const refusals: [string, Record<string, unknown>][] = [
        ['submit_mcp_server', { name: 'x' }],
        ['register_mcp_agent', { email: 'not-an-address' }],
        ['confirm_mcp_agent', { email: 'a@example.com', code: '12' }],
        ['get_claim_challenge', {}],
        ['verify_mcp_claim', {}],
        ['revoke_mcp_agent', {}],
        ['edit_my_server', { id: 'x', title: '' }],
        ['set_my_server_status', { id: 'x', status: 'gone' }],
        ['transfer_my_server', { id: 'x' }],
        ['accept_server_transfer', {}],
      ]
      for (const [name, args] of refusals) {
        const r = await call(name, args)
        expect({ name, isError: r.isError }).toEqual({ name, isError: true })
        expect(typeof r.structuredContent?.error).toBe('string')
      }
      await client.close()
    })

    test('a header that contradicts the body is -32020; an unsupported version is -32022', async () => {
      const mismatch = await modernRequest(base(), 'tools/list', {}, { 'mcp-method': 'tools/call' })
      expect(((await mismatch.json()) as { error: { code: number } }).error.code).toBe(-32020)
      const wrongName = await modernRequest(
        base(),
        'tools/call',
        { name: 'list_mcp_categories', arguments: {} },
        { 'mcp-name': 'get_mcp_server' },
      )
      expect(((await wrongName.json()) as { error: { code: number } }).error.code).toBe(-32020)
      const future = await fetch(`${base()}/api/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2099-01-01',
          'mcp-method': 'tools/list',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2099-01-01',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      })
      const body = (await future.json()) as { error: { code: number; data: { supported: string[] } } }
      expect(body.error.code).toBe(-32022)
      expect(body.error.data.supported).toContain(MODERN)
    })

    test('resource not found is -32602', async () => {
      const res = await modernRequest(base(), 'resources/read', { uri: 'directory://servers/no-such-listing' })
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32602)
    })

    test('paging: every page of a query walked through search_mcp_servers, each listing once; REST and tool cursors interchange', async () => {
      const client = await modernClient(base())
      const query = 'server'
      const rest = async (cursor?: string) => {
        const q = new URLSearchParams({ q: query, limit: '5', client: 'claude-code', ...(cursor ? { cursor } : {}) })
        return (await (await fetch(`${base()}/api/v1/search?${q}`)).json()) as Page
      }
      const first = await rest()
      expect(first.nextCursor).toBeString()
      const seen: string[] = []
      let cursor: string | undefined
      let pages = 0
      do {
        const args = { query, limit: 5, ...(cursor ? { cursor } : {}) }
        const r = (await client.callTool({ name: 'search_mcp_servers', arguments: args })) as ToolResult
        expect(r.isError).toBeFalsy()
        const page = r.structuredContent as unknown as Page
        seen.push(...ids(page))
        cursor = page.nextCursor ?? undefined
        pages++
      } while (cursor && pages < 200)
      expect(pages).toBeGreaterThanOrEqual(3)
      expect(new Set(seen).size).toBe(seen.length)
      // The REST API's cursor, given to the tool, gives the REST API's second page.
      const second = await rest(first.nextCursor!)
      const viaTool = (await client.callTool({
        name: 'search_mcp_servers',
        arguments: { query, limit: 5, cursor: first.nextCursor },
      })) as ToolResult
      expect(ids(viaTool.structuredContent as unknown as Page)).toEqual(ids(second))
      // And the tool's cursor, given to the REST API, gives the tool's next page (one walk, whichever asks).
      const toolNext = (viaTool.structuredContent as unknown as Page).nextCursor!
      const fromTool = (await client.callTool({
        name: 'search_mcp_servers',
        arguments: { query, limit: 5, cursor: toolNext },
      })) as ToolResult
      expect(ids(await rest(toolNext))).toEqual(ids(fromTool.structuredContent as unknown as Page))
      await client.close()
    })

    test('every page of every real query through search_mcp_servers: each listing once, the REST walk’s listings', async () => {
      const client = await modernClient(base())
      const limit = 5
      const viaTool = (q: string | undefined) => async (cursor?: string) => {
        const args = { ...(q === undefined ? {} : { query: q }), limit, ...(cursor ? { cursor } : {}) }
        const r = (await client.callTool({ name: 'search_mcp_servers', arguments: args })) as ToolResult
        expect({ q, cursor, error: r.isError ? r.structuredContent : null }).toEqual({ q, cursor, error: null })
        return r.structuredContent as unknown as Page
      }
      const viaRest = (q: string | undefined) => async (cursor?: string) => {
        const params = { ...(q === undefined ? {} : { q }), limit: String(limit), client: 'claude-code' }
        const res = await fetch(
          `${base()}/api/v1/search?${new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) })}`,
        )
        expect({ q, cursor, status: res.status }).toEqual({ q, cursor, status: 200 })
        return (await res.json()) as Page
      }
      let paged = 0
      let longest = 0
      for (const q of await realQueries()) {
        const tool = await walk(viaTool(q))
        const rest = await walk(viaRest(q))
        // Each listing exactly once, every match reached, and the same listings as REST's own walk.
        expect({ q, repeated: tool.seen.length - new Set(tool.seen).size }).toEqual({ q, repeated: 0 })
        expect({ q, walked: tool.seen.length }).toEqual({ q, walked: tool.total })
        expect({ q, ids: [...tool.seen].sort() }).toEqual({ q, ids: [...rest.seen].sort() })
        if (tool.pages >= 3) paged++
        longest = Math.max(longest, ...tool.cursors.map((c) => c.length))
      }
      // A catalog big enough that walks take several pages, and the cursors they carry are long ones.
      expect(paged).toBeGreaterThanOrEqual(3)
      expect(longest).toBeGreaterThan(200)
      // The tool's cursor is bounded by the API's own cursor model, as the OpenAPI document gives it.
      const { tools } = await client.listTools()
      const search = tools.find((t) => t.name === 'search_mcp_servers')!
      const cursorArg = (search.inputSchema.properties as Record<string, { pattern?: string }>).cursor
      const openapi = (await (await fetch(`${base()}/docs/json`)).json()) as {
        paths: Record<string, { get: { parameters: { name: string; schema: { pattern?: string } }[] } }>
      }
      const restCursor = openapi.paths['/api/v1/search']!.get.parameters.find((p) => p.name === 'cursor')!
      expect(cursorArg?.pattern).toBe(restCursor.schema.pattern)
      await client.close()
    }, 120_000)
  })
}
