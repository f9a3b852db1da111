// The resource list of a whole real catalog (every entry of the shared servers.json imported) as the SDK v2
// client walks it: `listResources()` aggregates every page and gives up past 64, so the list must stay a few pages
// however large the catalog grows. Listings are reached through the template, by completion or search. Through the
// real gateway over HTTP, on the real catalog, PostgreSQL, Redis and NATS.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { type McpStack, startMcpStack } from './stack'

let stack: McpStack
let base: string
let entries: unknown[]
/** The MCP methods the client sent, in order (read from each POST's body). */
const sent: string[] = []

/** An SDK v2 client (era negotiated by server/discover) whose every message is noted in `sent`. */
async function countingClient(): Promise<Client> {
  const counting: typeof fetch = Object.assign(
    async (input: string | URL | Request, init?: RequestInit) => {
      if (typeof init?.body === 'string') {
        const message = JSON.parse(init.body) as { method?: string }
        if (message.method) sent.push(message.method)
      }
      return fetch(input, init)
    },
    { preconnect: fetch.preconnect },
  )
  const client = new Client({ name: 'resource-list-test', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' } })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { fetch: counting }))
  return client
}

beforeAll(async () => {
  stack = await startMcpStack('resource-list')
  base = stack.base
  entries = await loadSharedData<unknown[]>('servers.json')
  await stack.catalog.importDocument(entries)
}, 600_000)

afterAll(async () => {
  await stack?.close()
})

describe('the resource list of the whole real catalog', () => {
  test('the catalog holds thousands of listings (a hundred pages of fifty, as resources/list once paged them)', async () => {
    expect(entries.length).toBeGreaterThan(5000)
    const res = await fetch(`${base}/api/v1/search?limit=1`)
    const { total } = (await res.json()) as { total: number }
    expect(total).toBeGreaterThan(4000)
  })

  test('listResources() walks the list in one page, and every resource it names reads', async () => {
    const client = await countingClient()
    try {
      sent.length = 0
      const { resources, nextCursor } = await client.listResources()
      expect(nextCursor).toBeUndefined()
      expect(sent.filter((m) => m === 'resources/list').length).toBe(1)
      expect(resources.map((r) => r.uri)).toEqual(['directory://categories'])
      for (const r of resources) {
        const read = await client.readResource({ uri: r.uri })
        expect(read.contents[0]).toMatchObject({ uri: r.uri, mimeType: r.mimeType })
      }
    } finally {
      await client.close()
    }
  })

  test('a listing of the catalog is found by completion on the template and read through it', async () => {
    const client = await countingClient()
    try {
      const { resourceTemplates } = await client.listResourceTemplates()
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['directory://servers/{id}'])
      const done = await client.complete({
        ref: { type: 'ref/resource', uri: 'directory://servers/{id}' },
        argument: { name: 'id', value: 'github' },
      })
      const ids = done.completion.values
      expect(ids.length).toBeGreaterThan(0)
      const id = ids[0]!
      const read = await client.readResource({ uri: `directory://servers/${encodeURIComponent(id)}` })
      const md = await (await fetch(`${base}/api/v1/mcp/${encodeURIComponent(id)}/markdown`)).text()
      expect(read.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: md })
    } finally {
      await client.close()
    }
  })
})
