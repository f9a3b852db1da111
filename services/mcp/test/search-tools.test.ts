// search_tools through the MCP endpoint with the SDK v2 client, on the real catalog, gateway, PostgreSQL, Redis and
// NATS: a tool the prober saw is found by a task's words, its text names it, its server and the install line, and its
// structuredContent is GET /api/v1/tools's answer to the same query.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/client'
import { eq, listings } from '@mcp-directory/shared/db'
import { type McpStack, startMcpStack } from './stack'
import { modernClient } from './modern'

let stack: McpStack
let client: Client
let id = ''

beforeAll(async () => {
  stack = await startMcpStack('search-tools')
  await stack.catalog.importDocument([
    {
      name: 'io.example/weather-desk',
      description: 'Weather',
      remotes: [{ type: 'streamable-http', url: 'https://weather.example.com/mcp' }],
    },
  ])
  const [row] = await stack.backing.database.db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.name, 'io.example/weather-desk'))
  id = row!.id
  const res = await stack.catalog.app.handle(
    new Request(`http://localhost/internal/listings/${id}/facts`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        checkedAt: new Date().toISOString(),
        remote: {
          health: 'active',
          verified: true,
          toolsSource: 'streamable-http',
          tools: [
            {
              name: 'get_forecast',
              description: 'Returns the weather forecast for a city "for the next days"',
              parameters: ['city', 'days'],
              annotations: { readOnlyHint: true, openWorldHint: true },
            },
          ],
        },
      }),
    }),
  )
  expect(res.status).toBe(200)
  client = await modernClient(stack.base)
}, 120_000)

afterAll(async () => {
  await client?.close()
  await stack?.close()
})

type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { text?: string }[] }

describe('search_tools', () => {
  test('finds a tool by what it does and names its server, as GET /api/v1/tools does', async () => {
    const r = (await client.callTool({
      name: 'search_tools',
      arguments: { query: 'weather forecast for a city', readOnly: true, client: 'Claude Code' },
    })) as ToolResult
    expect(r.isError ?? false).toBe(false)
    const answer = r.structuredContent as { tools: { name: string; server: { id: string } }[]; total: number }
    expect(answer.tools[0]).toMatchObject({ name: 'get_forecast', server: { id } })
    const text = r.content.map((c) => c.text ?? '').join('\n')
    expect(text).toContain('tool "get_forecast"')
    expect(text).toContain('arguments "city, days"')
    expect(text).toContain('read-only, open world')
    expect(text).toContain(`id "${id}"`)
    expect(text).toContain('weather.example.com')
    // The description's quotes are escaped: server text stays quoted data.
    expect(text).toContain('\\"for the next days\\"')
    const rest = await fetch(
      `${stack.base}/api/v1/tools?q=weather%20forecast%20for%20a%20city&readOnly=1&limit=10&client=claude-code`,
      { headers: { 'cache-control': 'no-cache' } },
    )
    expect(rest.status).toBe(200)
    expect(rest.headers.get('cache-control')).toContain('max-age')
    expect(rest.headers.get('ratelimit-limit') ?? rest.headers.get('x-ratelimit-limit')).not.toBeNull()
    expect(await rest.json()).toEqual(r.structuredContent as never)
  })

  test('a bad argument is a tool error naming it', async () => {
    const r = (await client.callTool({
      name: 'search_tools',
      arguments: { transport: 'carrier-pigeon' },
    })) as ToolResult
    expect(r.isError).toBe(true)
    expect(r.structuredContent?.error).toBe('invalid_parameter')
  })
})
