// A demo listing (sample data shown until the first real import) is said to be one wherever an agent reads it
// over MCP: marked in search hits (text and structuredContent) and in get_mcp_server's text. Through the real
// gateway over HTTP, with the SDK v2 client, on the real catalog, PostgreSQL, Redis and NATS.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { DEMO_NOTE } from '../src/tools/text'
import { type McpStack, startMcpStack } from './stack'

let stack: McpStack
let base: string

beforeAll(async () => {
  stack = await startMcpStack('demo')
  base = stack.base
  // One listing of the demo catalog, as the directory shows before its first real import.
  await stack.catalog.importDocument(
    [
      {
        name: 'io.github.demo/tide-tables',
        description: 'Tide tables and harbour forecasts',
        repository: { url: 'https://github.com/demo/tide-tables', source: 'github' },
        packages: [
          { registryType: 'npm', identifier: 'tide-tables-mcp', version: '1.0.0', transport: { type: 'stdio' } },
        ],
      },
    ],
    undefined,
    { origin: 'demo' },
  )
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

type Result = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { text: string }[] }

test('search and get_mcp_server say a demo listing is demo', async () => {
  const client = new Client({ name: 'demo-test', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' } })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`)))
  try {
    const found = (await client.callTool({ name: 'search_mcp_servers', arguments: { query: 'tide' } })) as Result
    const hits = (found.structuredContent as { servers: { id: string; demo?: boolean }[] }).servers
    expect(hits.length).toBe(1)
    expect(hits[0]!.demo).toBe(true)
    expect(found.content[0]!.text).toContain('demo listing (sample data, not a real listing; do not install it)')
    const detail = (await client.callTool({ name: 'get_mcp_server', arguments: { id: hits[0]!.id } })) as Result
    expect(detail.content[0]!.text.split('\n')[1]).toBe(DEMO_NOTE)
  } finally {
    await client.close()
  }
})
