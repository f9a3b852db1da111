// Two prober instances on real NATS share one JetStream work queue: between them they probe every listing of a
// round exactly once (counted at the MCP servers), only one of them queues the round, both do part of the work,
// and neither exceeds its per-host limit.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { createNatsBus } from '@mcp-directory/shared/bus'
import { listings, openDatabase, runMigrations, sql, type Database } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import {
  createFreshDatabase,
  deleteStream,
  runToken,
  TEST_SERVICES,
  testConfig,
  type FreshDatabase,
} from '@mcp-directory/shared/testing'
import { httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
import { createProberApp, probeQueueNames, type ProberService } from '../src'
import { startMcpServers } from './fakes'

const log = createLogger('test', 'silent')
const token = runToken()
const stream = `TEST_PROBESHARE_${token}`
const subjectPrefix = `test_${token}.directory`
const LISTINGS = 24

let fresh: FreshDatabase
let database: Database
let catalog: CatalogService
let catalogServer: ReturnType<typeof Bun.serve>
let mcp: Awaited<ReturnType<typeof startMcpServers>>
const probers: ProberService[] = []
const buses = [0, 1, 2].map(() => createNatsBus({ url: TEST_SERVICES.nats, stream, subjectPrefix, log }))

const config = testConfig({
  OUTBOUND_ALLOW_PRIVATE: '1',
  NATS_URL: TEST_SERVICES.nats,
  NATS_STREAM: stream,
  EVENT_SUBJECT_PREFIX: subjectPrefix,
  // No repository in these listings; an unreachable API address makes any stray GitHub call fail loudly.
  GITHUB_API_URL: 'http://127.0.0.1:9',
  PROBE_TIMEOUT_MS: '5000',
  PROBE_INTERVAL_MINUTES: '43200',
  PROBE_CONCURRENCY: '4',
  PROBE_PER_HOST: '1',
})

beforeAll(async () => {
  // Every answer takes a moment, so neither instance can take the whole round alone.
  mcp = await startMcpServers((id) => [{ name: `${id}_tool`, description: 'A tool', params: ['x'] }], 25)
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  catalog = createCatalogApp({ config, database, bus: buses[0]!, log, operatorToken: 'share-test-operator-token' })
  catalogServer = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => catalog.app.handle(r) })
  for (const i of [1, 2]) {
    const p = createProberApp({
      config,
      database,
      bus: buses[i]!,
      log: log.child({ replica: i }),
      consumerName: `prober_${token}`,
      schedule: false,
      catalog: httpCatalogHandler([`http://127.0.0.1:${catalogServer.port}`], log),
    })
    probers.push(p)
  }
  await Promise.all(probers.map((p) => p.ready()))
}, 60_000)

afterAll(async () => {
  for (const p of probers) await p.close()
  await catalog?.close()
  catalogServer?.stop(true)
  await mcp?.close()
  for (const b of buses) await b.close()
  await database?.close()
  await fresh?.drop()
  await deleteStream(stream)
  await deleteStream(probeQueueNames(stream, subjectPrefix).stream)
  await deleteStream(probeQueueNames(stream, subjectPrefix, 'sandbox').stream)
})

test('every listing of a round is probed exactly once between two instances', async () => {
  const doc = Array.from({ length: LISTINGS }, (_, i) => ({
    name: `io.share/l${i}`,
    description: `Listing ${i}`,
    remotes: [{ type: 'streamable-http', url: `${mcp.base}/mcp/l${i}` }],
  }))
  expect((await catalog.importDocument(doc)).created).toBe(LISTINGS)
  // Both instances try to start the round at once: one queues it; the import's events queued the same jobs too.
  const round = probers[0]!.currentRound()
  const starts = await Promise.all(probers.map((p) => p.startRound(round)))
  expect(starts.filter((s) => s.started)).toHaveLength(1)
  await catalog.flush()

  const until = Date.now() + 60_000
  while (probers.reduce((n, p) => n + p.probedCount(), 0) < LISTINGS) {
    if (Date.now() > until) throw new Error(`probed ${probers.map((p) => p.probedCount()).join(' + ')} of ${LISTINGS}`)
    await Bun.sleep(100)
  }
  // A moment more, in which a duplicate (if there were one) would arrive.
  await Bun.sleep(500)
  expect(probers.reduce((n, p) => n + p.probedCount(), 0)).toBe(LISTINGS)
  for (let i = 0; i < LISTINGS; i++) expect(mcp.initializes.get(`l${i}`)).toBe(1)
  for (const p of probers) expect(p.probedCount()).toBeGreaterThan(0)
  // PROBE_PER_HOST=1 in each of two instances: never more than two requests at once at the one host.
  expect(mcp.load.max).toBeLessThanOrEqual(2)
  expect(await probers[0]!.pending()).toBe(0)

  const verified = (await database.rows(
    sql`select count(*)::int as n from catalog.listings where is_verified_active`,
  )) as { n: number }[]
  expect(verified[0]?.n).toBe(LISTINGS)
  const all = await database.db.select({ tools: listings.tools }).from(listings)
  for (const l of all) expect(l.tools).toHaveLength(1)
}, 90_000)
