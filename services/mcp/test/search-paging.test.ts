// The MCP search tool and GET /api/v1/search page the same walk: a cursor of one is a cursor of the other, right
// after an import and while the prober writes facts between every page (health, verified, the repository's stars
// and archived mark, each moving a listing's score). Through the real gateway over HTTP, with the SDK's own client,
// on the real catalog, PostgreSQL, Redis and NATS.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { CatalogService } from '@mcp-directory/catalog'
import { probeBasisOf } from '@mcp-directory/shared/contracts/catalog-internal'
import { type McpStack, startMcpStack } from './stack'

let stack: McpStack
let catalog: CatalogService
let base: string
let client: Client

beforeAll(async () => {
  stack = await startMcpStack('search-paging')
  base = stack.base
  catalog = stack.catalog
  // Twelve listings just imported, as in the report: every one then gets checked while pages are walked.
  await catalog.importDocument(
    Array.from({ length: 12 }, (_, i) => ({
      name: `io.github.pager/tide-${i}`,
      description: 'Tide tables and harbour forecasts',
      repository: { url: `https://github.com/pager/tide-${i}`, source: 'github' },
      remotes: [{ type: 'streamable-http', url: `https://tide-${i}.example.com/mcp` }],
    })),
  )
  client = new Client({ name: 'search-paging-test', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`)))
}, 120_000)

afterAll(async () => {
  await client?.close()
  await stack?.close()
})

type Page = { total: number; servers: { id: string }[]; nextCursor: string | null }
const ids = (p: Page) => p.servers.map((s) => s.id)
const QUERY = 'tide'

/** A page of GET /api/v1/search through the gateway, fresh (not its micro-cache's, dropped only as events arrive). */
async function rest(limit: number, cursor?: string | null): Promise<Page> {
  const q = new URLSearchParams({ q: QUERY, limit: String(limit), ...(cursor ? { cursor } : {}) })
  const res = await fetch(`${base}/api/v1/search?${q}`, { headers: { 'cache-control': 'no-cache' } })
  expect(res.status).toBe(200)
  return (await res.json()) as Page
}

/** A page of the search_mcp_servers tool (its own default limit when none is given). */
async function tool(limit: number | undefined, cursor?: string | null): Promise<Page> {
  const args = { query: QUERY, ...(limit ? { limit } : {}), ...(cursor ? { cursor } : {}) }
  const r = (await client.callTool({ name: 'search_mcp_servers', arguments: args })) as CallToolResult
  expect(r.isError ? r.structuredContent : null).toBeNull()
  return r.structuredContent as unknown as Page
}

let round = 0
/** The prober checks three listings and writes what it saw, each time otherwise (so scores move every time). */
async function probeSome(): Promise<void> {
  round++
  const { servers } = await rest(100)
  for (const { id } of [servers[0]!, servers[round % 12]!, servers[11]!]) {
    const read = (await (await catalog.app.handle(new Request(`http://localhost/internal/listings/${id}`))).json()) as {
      listing: Parameters<typeof probeBasisOf>[0]
    }
    const res = await catalog.app.handle(
      new Request(`http://localhost/internal/listings/${id}/facts`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          checkedAt: new Date().toISOString(),
          basis: probeBasisOf(read.listing),
          remote: { health: round % 2 ? 'down' : 'active', verified: round % 2 === 0 },
          github: { stars: round * 700, archived: round % 2 === 1, pushedAt: null, homepage: null },
        }),
      }),
    )
    expect(res.status).toBe(200)
  }
}

describe('search cursors: REST and the MCP tool page one walk', () => {
  test('pages taken in turn from REST and the tool, each with the other’s cursor, facts written between each', async () => {
    const all = ids(await rest(100))
    expect(all).toHaveLength(12)
    const walked: string[] = []
    let cursor: string | null = null
    let page = 0
    do {
      const p: Page = page++ % 2 === 0 ? await rest(2, cursor) : await tool(2, cursor)
      expect(p.total).toBe(12)
      walked.push(...ids(p))
      cursor = p.nextCursor
      await probeSome()
    } while (cursor)
    expect(walked).toEqual(all)
  })

  test('REST’s cursor given to the tool gives REST’s own next page, and the tool’s to REST the tool’s', async () => {
    const all = ids(await rest(100))
    const first = await rest(3)
    await probeSome()
    const restNext = await rest(3, first.nextCursor)
    await probeSome()
    expect(ids(await tool(3, first.nextCursor))).toEqual(ids(restNext))
    // The tool's default page (10) from REST's cursor: the same walk, the rest of it.
    expect(ids(await tool(undefined, first.nextCursor))).toEqual(all.slice(3, 13))
    const now = ids(await rest(100))
    const viaTool = await tool(4)
    await probeSome()
    const toolNext = await tool(4, viaTool.nextCursor)
    await probeSome()
    expect(ids(await rest(4, viaTool.nextCursor))).toEqual(ids(toolNext))
    expect(ids(viaTool).concat(ids(toolNext))).toEqual(now.slice(0, 8))
  })
})
