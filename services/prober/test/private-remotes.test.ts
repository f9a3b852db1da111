// Imported remotes whose names point inward, against a real DNS server on loopback: the prober resolves every
// remote's name at each probe and tells the catalog what it saw; a remote whose name resolves to a private (10.x) or
// loopback (::1) address gets no install line, config, search hint or Markdown snippet, and the detail says why.
// Once the name resolves publicly, the next probe gives the line back. The endpoints themselves are never contacted
// here: a stand-in fetch answers every probe, so nothing leaves this machine.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
import { createNatsBus } from '@mcp-directory/shared/bus'
import { type Database, listings, openDatabase, runMigrations, sql } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import {
  createFreshDatabase,
  deleteStream,
  type FreshDatabase,
  runToken,
  startDnsServer,
  TEST_SERVICES,
  testConfig,
} from '@mcp-directory/shared/testing'
import { createProberApp, type ProberService, probeQueueNames } from '../src'

const log = createLogger('test', 'silent')
const token = runToken()
const stream = `TEST_PRIVREMOTES_${token}`
const subjectPrefix = `test_${token}.directory`
const CORP = 'https://mcp.corp-inward.test/mcp'
const LOOP = 'https://mcp.loop-inward.test/mcp'
const PUBLIC_V4 = '93.184.215.14'
const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c'

const dns = await startDnsServer()
let fresh: FreshDatabase
let database: Database
let catalog: CatalogService
let catalogServer: ReturnType<typeof Bun.serve>
let prober: ProberService
const bus = createNatsBus({ url: TEST_SERVICES.nats, stream, subjectPrefix, log })
const ids = new Map<string, string>()
// Every probe of an endpoint, answered here (a 404, not MCP): the probe's outcome is not what is tested.
const probed: string[] = []
const standIn = (async (input: string | URL | Request) => {
  probed.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
  return new Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } })
}) as typeof fetch

// Parsed JSON bodies are indexed freely in tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (path: string): Promise<any> => {
  const res = await catalog.app.handle(new Request(`http://localhost${path}`))
  expect(res.status).toBe(200)
  return res.json()
}
const text = async (path: string) => (await catalog.app.handle(new Request(`http://localhost${path}`))).text()
const id = (name: string) => ids.get(name) as string

async function probeRound(round: number, timeoutMs = 30_000) {
  expect((await prober.startRound(round)).started).toBe(true)
  const until = Date.now() + timeoutMs
  for (;;) {
    const rows = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from prober.listing_states where last_round = ${round}`,
    )
    if ((rows[0]?.n ?? 0) >= ids.size) break
    if (Date.now() > until) throw new Error(`round ${round} not finished`)
    await Bun.sleep(100)
  }
  await catalog.flush()
}

/** The search hit of a listing with its install hint for Claude Code. */
async function hitOf(name: string) {
  const body = await json(`/api/v1/search?q=${encodeURIComponent('inward')}&client=claude-code&limit=50`)
  return (body.servers as { name: string; install: unknown }[]).find((s) => s.name === name)
}

beforeAll(async () => {
  dns.setA('mcp.corp-inward.test', ['10.1.2.3'])
  dns.setAaaa('mcp.loop-inward.test', ['::1'])
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  const config = testConfig({
    PUBLIC_BASE_URL: 'https://dir.example',
    VIEW_FLUSH_MS: '60000',
    OUTBOUND_ALLOW_PRIVATE: '0',
    DNS_SERVERS: dns.address,
    NATS_URL: TEST_SERVICES.nats,
    NATS_STREAM: stream,
    EVENT_SUBJECT_PREFIX: subjectPrefix,
    PROBE_TIMEOUT_MS: '3000',
    PROBE_INTERVAL_MINUTES: '43200',
    SANDBOX: 'off',
  })
  catalog = createCatalogApp({ config, database, bus, log, operatorToken: 'op' })
  catalogServer = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => catalog.app.handle(r) })
  prober = createProberApp({
    config,
    database,
    bus,
    log,
    consumerName: `prober_${token}`,
    schedule: false,
    outboundFetch: standIn,
    catalog: httpCatalogHandler([`http://127.0.0.1:${catalogServer.port}`], log),
  })
  await prober.ready()
  const doc = [
    { name: 'io.test/corp-inward', description: 'An inward server', remotes: [{ type: 'streamable-http', url: CORP }] },
    { name: 'io.test/loop-inward', description: 'An inward server', remotes: [{ type: 'sse', url: LOOP }] },
  ]
  expect((await catalog.importDocument(doc)).created).toBe(2)
  for (const r of await database.db.select({ id: listings.id, name: listings.name }).from(listings))
    ids.set(r.name, r.id)
  await catalog.flush()
}, 60_000)

afterAll(async () => {
  await prober?.close()
  await catalog?.close()
  catalogServer?.stop(true)
  await bus.close()
  await database?.close()
  await fresh?.drop()
  await dns.close()
  await deleteStream(stream)
  await deleteStream(probeQueueNames(stream, subjectPrefix).stream)
})

describe('an imported remote whose name resolves inward', () => {
  test('before any probe, the import kept its install line (names are resolved by the prober)', async () => {
    const { server } = await json(`/api/v1/servers/${id('io.test/corp-inward')}`)
    expect(server.install).toMatchObject({ kind: 'remote', url: CORP })
    expect(server.installWithheld).toEqual([])
  })

  test('after a probe: no install line, config, hint or snippet, and the detail says why', async () => {
    await probeRound(prober.currentRound())
    for (const [name, url, seen] of [
      ['io.test/corp-inward', CORP, '10.1.2.3'],
      ['io.test/loop-inward', LOOP, '::1 is a loopback address'],
    ] as const) {
      const { server } = await json(`/api/v1/servers/${id(name)}`)
      expect(server.install).toBeNull()
      expect(server.configs).toBeNull()
      expect(server.installWithheld).toHaveLength(1)
      expect(server.installWithheld[0].url).toBe(url)
      expect(server.installWithheld[0].reason).toContain(seen)
      expect(server.installWithheld[0].reason).toContain('resolves to')
      expect((await hitOf(name))?.install).toBeNull()
      const md = await text(`/api/v1/mcp/${id(name)}/markdown`)
      expect(md).toContain('Withheld endpoint')
      expect(md).not.toContain(`"url": "${url}"`)
    }
    // Refused before any connection: the probe's own guard also saw the inward address.
    expect(probed).toEqual([])
  })

  test('once the name resolves publicly, the next probe gives the install line back', async () => {
    dns.setA('mcp.corp-inward.test', [PUBLIC_V4])
    dns.remove('mcp.loop-inward.test')
    dns.setAaaa('mcp.loop-inward.test', [PUBLIC_V6])
    // The answers' TTL is 1 s (startDnsServer): a resolver may keep the old ones until then.
    await Bun.sleep(1_500)
    await probeRound(prober.currentRound() + 1)
    for (const [name, url] of [
      ['io.test/corp-inward', CORP],
      ['io.test/loop-inward', LOOP],
    ] as const) {
      const { server } = await json(`/api/v1/servers/${id(name)}`)
      expect(server.installWithheld).toEqual([])
      expect(server.install).toMatchObject({ kind: 'remote', url })
      expect(server.configs.length).toBeGreaterThan(0)
      expect(await hitOf(name)).toMatchObject({ install: { kind: 'remote', client: 'claude-code' } })
      expect(await text(`/api/v1/mcp/${id(name)}/markdown`)).not.toContain('Withheld endpoint')
    }
  })
})
