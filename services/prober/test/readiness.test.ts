// Ready for an agent's host, from what the prober observes of real MCP servers (SDK) on loopback to what the catalog
// shows: a server whose tools have titles and read/write annotations, and which then signs in with OAuth
// (protected-resource metadata naming an authorization server), passes every check; one whose tools lack them, with
// a name over 64 characters, fails with the tools named; one that asks for an API key fails the auth check. The probes' facts reach the catalog through its internal
// API as the prober sends them; the detail JSON, the Markdown and `search?ready=1` show the outcome.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { type CatalogService, createCatalogApp } from '@mcp-directory/catalog'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { probeBasisOf } from '@mcp-directory/shared/contracts/catalog-internal'
import { type Database, listings, openDatabase, runMigrations } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { createOutboundFetcher } from '@mcp-directory/shared/outbound'
import { createFreshDatabase, type FreshDatabase, testConfig } from '@mcp-directory/shared/testing'
import { healthAfter } from '../src/probe/health'
import { probeRemote } from '../src/probe/remote'
import { readBody } from './fakes'

const LONG = `fetch_${'x'.repeat(60)}`
type WireTool = { name: string; title?: string; annotations?: Record<string, unknown> }
const TOOLS: Record<string, WireTool[]> = {
  good: [
    { name: 'read_tide', title: 'Read the tide table', annotations: { readOnlyHint: true } },
    { name: 'book_berth', annotations: { title: 'Book a berth', readOnlyHint: false, destructiveHint: false } },
  ],
  bare: [{ name: 'lookup' }, { name: LONG, annotations: { openWorldHint: true } }],
  keyed: [{ name: 'read_tide', title: 'Read the tide table', annotations: { readOnlyHint: true } }],
}

// Once locked, `good` asks for sign-in: 401 with a Bearer challenge naming its protected-resource metadata (RFC 9728),
// whose authorization server publishes its own metadata (RFC 8414); `keyed` asks for a key: a challenge, no metadata.
let locked = false
const http = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const origin = `http://${req.headers.host}`
  if (url.pathname === '/.well-known/oauth-protected-resource/mcp/good') {
    res.writeHead(200, { 'content-type': 'application/json' })
    return res.end(JSON.stringify({ resource: `${origin}/mcp/good`, authorization_servers: [`${origin}/auth`] }))
  }
  if (url.pathname === '/.well-known/oauth-authorization-server/auth') {
    res.writeHead(200, { 'content-type': 'application/json' })
    const issuer = `${origin}/auth`
    return res.end(
      JSON.stringify({ issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token` }),
    )
  }
  const id = url.pathname.split('/')[2] ?? ''
  if (!url.pathname.startsWith('/mcp/') || !TOOLS[id]) return res.writeHead(404).end()
  if (id === 'good' && locked) {
    res.writeHead(401, {
      'content-type': 'application/json',
      'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp/good"`,
    })
    return res.end('{"error":"invalid_token"}')
  }
  if (id === 'keyed' && locked) {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer realm="api-keys"' })
    return res.end('{"error":"missing_api_key"}')
  }
  if (req.method !== 'POST') return res.writeHead(405, { allow: 'POST' }).end()
  // The SDK's low-level server: exactly the titles and annotations tools/list carries on the wire.
  const server = new Server({ name: id, version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS[id]!.map((t) => ({ ...t, inputSchema: { type: 'object' as const, properties: {} } })),
  }))
  server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: 'ok' }] }))
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
  await server.connect(transport)
  res.on('close', () => void server.close())
  await transport.handleRequest(req, res, await readBody(req))
})

let base: string
let fresh: FreshDatabase
let database: Database
let catalog: CatalogService
const outbound = createOutboundFetcher({ allowPrivate: true, timeoutMs: 5000 })
const ids: Record<string, string> = {}
let readyWhileOpen: string[] = []

const call = async (path: string, init?: RequestInit) =>
  catalog.app.handle(new Request(`http://localhost${path}`, init))
type Check = { id: string; passed: boolean | null; evidence: string }
const detail = async (id: string) =>
  (
    (await (await call(`/api/v1/servers/${id}`)).json()) as {
      server: { readiness: { ready: boolean; checks: Check[] } }
    }
  ).server

/** One probe of the listing's endpoint, its facts sent to the catalog as the prober sends them. */
async function probe(id: string) {
  const got = await call(`/internal/listings/${id}`)
  const { listing } = (await got.json()) as { listing: never }
  const remote = (listing as { remotes: { url: string }[] }).remotes[0]!
  const r = await probeRemote(remote.url, 'streamable-http', { fetch: outbound.fetch, timeoutMs: 5000 })
  const { health, verified } = healthAfter(r.outcome, null)
  const facts = {
    checkedAt: new Date().toISOString(),
    basis: probeBasisOf(listing),
    remote: {
      health,
      verified,
      ...(r.tools ? { tools: r.tools, toolsSource: r.transport, server: r.server ?? {} } : {}),
      ...(r.auth ? { auth: r.auth } : {}),
    },
  }
  const res = await call(`/internal/listings/${id}/facts`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(facts),
  })
  expect(res.status).toBe(200)
  return r
}

const search = async (q: string) =>
  ((await (await call(`/api/v1/search?${q}`)).json()) as { servers: { id: string }[] }).servers.map((s) => s.id).sort()

beforeAll(async () => {
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  const log = createLogger('test', 'silent')
  catalog = createCatalogApp({
    config: testConfig({ OUTBOUND_ALLOW_PRIVATE: '1' }),
    database,
    bus: createMemoryBus(),
    log,
    operatorToken: 'op',
  })
  await catalog.search.ready
  const imported = await catalog.importDocument(
    ['good', 'bare', 'keyed'].map((id) => ({
      name: `io.example/${id}-harbour`,
      description: `Harbour tools (${id})`,
      remotes: [{ type: 'streamable-http', url: `${base}/mcp/${id}` }],
    })),
  )
  expect(imported.created).toBe(3)
  for (const row of await database.db.select({ id: listings.id, name: listings.name }).from(listings))
    ids[row.name.slice('io.example/'.length, -'-harbour'.length)] = row.id
  // Each lists its tools while open; then `good` signs in with OAuth and `keyed` asks for a key: the tools last seen
  // stay, their auth is read again.
  for (const id of ['good', 'bare', 'keyed']) expect((await probe(ids[id]!)).outcome).toBe('ok')
  readyWhileOpen = await search('ready=1')
  locked = true
  expect((await probe(ids.good!)).outcome).toBe('auth_required')
  expect((await probe(ids.keyed!)).outcome).toBe('unknown')
}, 60_000)

afterAll(async () => {
  await catalog?.close()
  await database?.close()
  await fresh?.drop()
  http.closeAllConnections()
  http.close()
})

test('titles, read/write annotations and OAuth metadata: every check passed, with its evidence', async () => {
  const { readiness } = await detail(ids.good!)
  expect(readiness.ready).toBe(true)
  expect(readiness.checks.map((c) => [c.id, c.passed])).toEqual([
    ['tool-titles', true],
    ['tool-annotations', true],
    ['tool-names', true],
    ['remote-auth', true],
  ])
  expect(readiness.checks[0]!.evidence).toStartWith(
    'all 2 tools have a title; source: tools/list of streamable-http, seen 20',
  )
  expect(readiness.checks[3]!.evidence).toStartWith(
    `OAuth: protected-resource metadata ${base}/.well-known/oauth-protected-resource/mcp/good, authorization server ${base}/auth (its metadata read), seen 20`,
  )
})

test('tools without titles or annotations and a name over 64 characters: the failures name the tools', async () => {
  const { readiness } = await detail(ids.bare!)
  expect(readiness.ready).toBe(false)
  const [titles, hints, names, auth] = readiness.checks
  expect(titles).toMatchObject({ passed: false })
  expect(titles!.evidence).toStartWith(
    `2 of 2 tools lack a title: lookup, ${LONG}; source: tools/list of streamable-http`,
  )
  expect(hints!.evidence).toStartWith(`2 of 2 tools lack readOnlyHint/destructiveHint: lookup, ${LONG};`)
  expect(names!.evidence).toStartWith(`1 longer than 64 characters: ${LONG};`)
  // It answered without credentials: no auth is fine.
  expect(auth).toMatchObject({
    passed: true,
    evidence: expect.stringMatching(/^no auth: it answered without credentials/),
  })
})

test('an API-key challenge without protected-resource metadata fails the auth check; its tools still pass', async () => {
  const { readiness } = await detail(ids.keyed!)
  expect(readiness.ready).toBe(false)
  expect(readiness.checks.map((c) => c.passed)).toEqual([true, true, true, false])
  expect(readiness.checks[3]!.evidence).toMatch(
    /^it asks for a credential without OAuth protected-resource metadata \(an API key or token\), seen 20/,
  )
})

test('the Markdown document carries the checklist, each outcome in words', async () => {
  const good = await (await call(`/api/v1/mcp/${ids.good}/markdown`)).text()
  expect(good).toContain(
    "## Ready for an agent's host\n\n**Readiness:** ready (all 4 checks passed).\n\n- [x] Every tool has a title: **passed**.",
  )
  const bare = await (await call(`/api/v1/mcp/${ids.bare}/markdown`)).text()
  expect(bare).toContain('**Readiness:** not ready (3 failed).')
  expect(bare).toContain('- [ ] Every tool has a title: **failed**. 2 of 2 tools lack a title: lookup, ')
})

test('search?ready=1 keeps only the listings whose every check passed', async () => {
  expect(await search('q=harbour')).toEqual([ids.good!, ids.bare!, ids.keyed!].sort())
  // While open, `keyed` passed every check; its key challenge alone takes it out (its event re-indexes it).
  expect(readyWhileOpen).toEqual([ids.good!, ids.keyed!].sort())
  expect(await search('q=harbour&ready=1')).toEqual([ids.good!])
  expect(await search('ready=1')).toEqual([ids.good!])
  const bad = await call('/api/v1/search?ready=yes')
  expect(bad.status).toBe(400)
  expect(JSON.stringify(await bad.json())).toContain('the only allowed value is \\"1\\"')
})
