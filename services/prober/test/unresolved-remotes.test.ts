// Remotes the directory could not vouch for stay withheld, against a real DNS server on loopback: a remote past the
// first sixteen of a listing is resolved too (the install line prefers streamable HTTP wherever it is listed); a name
// the directory's resolver gets no answer for (split horizon: its name server may answer 127.0.0.1 to everyone else)
// is withheld until it resolves publicly; and an import that renames a probed remote leaves the new name withheld
// until a probe resolves it, which the import's event brings at once, even in a round that already probed it.
// The endpoints themselves are never contacted here: a stand-in fetch answers every probe.
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
const stream = `TEST_UNRESOLVED_${token}`
const subjectPrefix = `test_${token}.directory`
const CORP = 'https://mcp.corp-inward.test/mcp'
const ROT1 = 'https://mcp.rot1-inward.test/mcp'
const ROT2 = 'https://mcp.rot2-inward.test/mcp'
// Split horizon: the attacker's name server fails (or stalls) for the directory's resolver, answers 127.0.0.1 to users.
const SPLIT = 'https://mcp.split-inward.test/mcp'
const PUBLIC_V4 = '93.184.215.14'

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
  dns.fail('mcp.split-inward.test', 'A')
  dns.fail('mcp.split-inward.test', 'AAAA')
  dns.setA('mcp.rot1-inward.test', ['10.1.2.4'])
  dns.setA('mcp.rot2-inward.test', ['10.1.2.5'])
  for (let i = 0; i < 16; i++) dns.setA(`pub${i}.outward.test`, [PUBLIC_V4])
  const many = [
    ...Array.from({ length: 16 }, (_, i) => ({ type: 'sse', url: `https://pub${i}.outward.test/sse` })),
    { type: 'streamable-http', url: CORP },
  ]
  const doc = [
    { name: 'io.test/many-inward', description: 'An inward server', remotes: many },
    { name: 'io.test/rot-inward', description: 'An inward server', remotes: [{ type: 'streamable-http', url: ROT1 }] },
    {
      name: 'io.test/split-inward',
      description: 'An inward server',
      remotes: [{ type: 'streamable-http', url: SPLIT }],
    },
  ]
  expect((await catalog.importDocument(doc)).created).toBe(3)
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

/** The listing's detail once `until` holds for it (the catalog's view after an event-driven probe). */
async function detailWhen(
  name: string,
  until: (server: { installWithheld: { url: string; reason: string }[] }) => boolean,
) {
  const deadline = Date.now() + 30_000
  for (;;) {
    await catalog.flush()
    const { server } = await json(`/api/v1/servers/${id(name)}`)
    if (until(server)) return server
    if (Date.now() > deadline) throw new Error(`${name}: ${JSON.stringify(server.installWithheld)}`)
    await Bun.sleep(200)
  }
}

describe('remotes the directory has not vouched for are withheld', () => {
  test('a 17th remote that resolves inward is resolved too, and is not the install line', async () => {
    await probeRound(prober.currentRound())
    const { server } = await json(`/api/v1/servers/${id('io.test/many-inward')}`)
    expect(server.install?.url).not.toBe(CORP)
    const corp = server.installWithheld.find((w: { url: string }) => w.url === CORP)
    expect(corp?.reason).toContain('resolves to')
    // The public ones it declares are not withheld, and one of them is the install line.
    expect(server.installWithheld).toHaveLength(1)
    expect(server.install?.url).toBe('https://pub0.outward.test/sse')
  })

  test('a remote whose name gave the directory no answer is not installable, and says why', async () => {
    const { server } = await json(`/api/v1/servers/${id('io.test/split-inward')}`)
    expect(server.install?.url).not.toBe(SPLIT)
    expect(server.installWithheld).toEqual([
      expect.objectContaining({ url: SPLIT, reason: expect.stringContaining('its name did not resolve') }),
    ])
    const md = await text(`/api/v1/mcp/${id('io.test/split-inward')}/markdown`)
    expect(md).toContain(`Withheld endpoint: ${SPLIT}`)
    const hit = await hitOf('io.test/split-inward')
    expect(hit).toBeDefined()
    expect(JSON.stringify(hit?.install ?? null)).not.toContain(SPLIT)
  })

  test('an import that renames a withheld remote to a new inward name leaves it withheld, and probes it at once', async () => {
    const before = await json(`/api/v1/servers/${id('io.test/rot-inward')}`)
    expect(before.server.install).toBeNull()
    const doc = [
      {
        name: 'io.test/rot-inward',
        description: 'An inward server',
        remotes: [{ type: 'streamable-http', url: ROT2 }],
      },
    ]
    await catalog.importDocument(doc)
    await catalog.flush()
    const { server } = await json(`/api/v1/servers/${id('io.test/rot-inward')}`)
    expect(server.install?.url).not.toBe(ROT2)
    // The import's event probes it again in this same round: the new name is seen inward, with its reason.
    const probedAgain = await detailWhen('io.test/rot-inward', (s) =>
      s.installWithheld.some((w) => w.url === ROT2 && w.reason.includes('resolves to')),
    )
    expect(probedAgain.install).toBeNull()
  })

  test('once the unanswered name resolves publicly, the next probe gives its install line back', async () => {
    dns.heal('mcp.split-inward.test', 'A')
    dns.heal('mcp.split-inward.test', 'AAAA')
    dns.setA('mcp.split-inward.test', [PUBLIC_V4])
    await probeRound(prober.currentRound() + 1)
    const { server } = await json(`/api/v1/servers/${id('io.test/split-inward')}`)
    expect(server.install?.url).toBe(SPLIT)
    expect(server.installWithheld).toEqual([])
  })
})
