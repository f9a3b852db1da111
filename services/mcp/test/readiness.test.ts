// The directory's own MCP endpoint is ready for an agent's host by the same checks it shows of every listing: its
// tools are listed with the SDK v2 client (every page, without credentials), read as the directory stores a listed
// tool, and judged: each has a title and a read/write annotation, names unique and at most 64 characters, and the
// endpoint needs no sign-in. Every tool listed is judged, so a tool added later is held to the checks too. Through
// the real gateway over HTTP, on the real catalog, PostgreSQL, Redis and NATS.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { readinessOf } from '@mcp-directory/shared/readiness'
import { toolInfo } from '@mcp-directory/shared/toolscan'
import { type McpStack, startMcpStack } from './stack'

let stack: McpStack

beforeAll(async () => {
  stack = await startMcpStack('readiness')
  await stack.catalog.importDocument([
    {
      name: 'io.github.acme/tide-tables',
      description: 'Tide tables and harbour forecasts',
      repository: { url: 'https://github.com/acme/tide-tables', source: 'github' },
      remotes: [{ type: 'streamable-http', url: 'https://tides.example/mcp' }],
    },
  ])
}, 120_000)

afterAll(async () => {
  await stack?.close()
})

type Result = { structuredContent?: Record<string, unknown>; content: { text: string }[] }

const connect = async () => {
  const client = new Client({ name: 'readiness-test', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' } })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.base}/api/mcp`)))
  return client
}

test("the directory's own endpoint passes every readiness check", async () => {
  const client = await connect()
  try {
    const listed = []
    let cursor: string | undefined
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined)
      listed.push(...page.tools)
      cursor = page.nextCursor
    } while (cursor)
    expect(listed.length).toBeGreaterThanOrEqual(14)
    const at = new Date().toISOString()
    const r = readinessOf({
      tools: listed.map(toolInfo),
      toolsSource: 'streamable-http',
      toolsCheckedAt: at,
      remotes: [{}],
      // It listed its tools to a client that sent no credentials.
      remoteAuth: { kind: 'none', checkedAt: at },
    })
    for (const c of r.checks)
      expect({ id: c.id, passed: c.passed, evidence: c.evidence }).toMatchObject({ passed: true })
    expect(r.ready).toBe(true)
    expect(r.checks[0]!.evidence).toStartWith(`all ${listed.length} tools have a title`)
  } finally {
    await client.close()
  }
})

test("get_mcp_server says whether a listing is ready for an agent's host, and why not", async () => {
  const client = await connect()
  try {
    const found = (await client.callTool({ name: 'search_mcp_servers', arguments: { query: 'tide' } })) as Result
    const id = (found.structuredContent as { servers: { id: string }[] }).servers[0]!.id
    const detail = (await client.callTool({ name: 'get_mcp_server', arguments: { id } })) as Result
    const text = detail.content[0]!.text
    // Never probed: nothing observed, so nothing is claimed.
    expect(text).toContain(
      [
        "ready for an agent's host: unknown",
        '- tool-titles: unknown; evidence "no tool list observed yet"',
        '- tool-annotations: unknown; evidence "no tool list observed yet"',
        '- tool-names: unknown; evidence "no tool list observed yet"',
        `- remote-auth: unknown; evidence "the endpoint's auth has not been probed yet"`,
      ].join('\n'),
    )
    const server = (detail.structuredContent as { server: { readiness: unknown } }).server
    expect(server.readiness).toMatchObject({ ready: null, checks: [{ id: 'tool-titles', passed: null }, {}, {}, {}] })
  } finally {
    await client.close()
  }
})
