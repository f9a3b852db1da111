// A demo listing (sample data shown until the first real import) is said to be one wherever an agent reads it
// over MCP: marked in search hits (text and structuredContent) and in get_mcp_server's text. Through the real
// gateway over HTTP, with the SDK v2 client, on the real catalog, PostgreSQL, Redis and NATS.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { createLogger } from '@mcp-directory/shared/log'
import { publicApiClient } from '@mcp-directory/shared/public-api'
import { freePort, isolatedEnv, runToken, startBacking, testConfig } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createGatewayApp } from '../../../gateway/src/app'
import { createMcpApp, type McpService } from '../src'
import { DEMO_NOTE } from '../src/tools/text'

const env = isolatedEnv(runToken(), '')
const OPERATOR = 'demo-test-operator-token'
const SECRET = 'demo-test-server-secret-0123456789abcdef'
const log = createLogger('test', 'silent')

let backing: Awaited<ReturnType<typeof startBacking>>
let catalog: CatalogService
let mcp: McpService
let gateway: ReturnType<typeof createGatewayApp>
let server: ReturnType<typeof Bun.serve>
let base: string

beforeAll(async () => {
  backing = await startBacking(env, log)
  const { database, kv, bus } = backing
  const port = freePort()
  base = `http://127.0.0.1:${port}`
  const config = testConfig({ PUBLIC_BASE_URL: base, RATE_LIMIT_PER_MINUTE: '100000' })
  catalog = createCatalogApp({ config, database, bus, log, operatorToken: OPERATOR, secret: SECRET })
  const upstream = inProcessUpstream('catalog', (r) => catalog.app.handle(r))
  mcp = createMcpApp({
    config,
    log,
    publicApi: publicApiClient({ gatewayUrl: base, secret: SECRET }),
    catalog: { upstream, secret: SECRET },
  })
  gateway = createGatewayApp({
    config,
    log,
    kv,
    bus,
    operatorToken: OPERATOR,
    secret: SECRET,
    upstreams: { catalog: upstream, mcp: inProcessUpstream('mcp', (r) => mcp.app.handle(r)) },
  })
  server = Bun.serve({ port, hostname: '127.0.0.1', fetch: (r) => gateway.app.handle(r) })
  await catalog.search.ready
  // One listing of the demo catalog, as the directory shows before its first real import.
  await catalog.importDocument(
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
  server?.stop(true)
  await gateway?.close()
  await mcp?.close()
  await catalog?.close()
  await backing?.close()
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
