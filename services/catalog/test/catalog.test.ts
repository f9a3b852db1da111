// The catalog service on the real PostgreSQL and NATS: import, visibility, events, counters, health.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createNatsBus } from '@mcp-directory/shared/bus'
import {
  catalogOutbox,
  count,
  eq,
  isNull,
  listings,
  openDatabase,
  runMigrations,
  type Database,
} from '@mcp-directory/shared/db'
import type { EventEnvelope } from '@mcp-directory/shared/events'
import { createLogger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER } from '@mcp-directory/shared/public-api'
import {
  createFreshDatabase,
  deleteStream,
  loadSharedData,
  runToken,
  TEST_SERVICES,
  testConfig,
  type FreshDatabase,
} from '@mcp-directory/shared/testing'
import { createCatalogApp, type CatalogService } from '../src'

const log = createLogger('test', 'silent')
const token = runToken()
const stream = `TEST_CAT_${token}`
const OPERATOR = 'catalog-test-operator-token'
let fresh: FreshDatabase
let database: Database
let catalog: CatalogService
const bus = createNatsBus({ url: TEST_SERVICES.nats, stream, subjectPrefix: `test_${token}.directory`, log })
const events: EventEnvelope[] = []

const call = (path: string, init?: RequestInit) => catalog.app.handle(new Request(`http://localhost${path}`, init))

beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  await bus.subscribe(`imported_${token}`, ['listing.imported'], async (e) => {
    events.push(e)
  })
  catalog = createCatalogApp({
    config: testConfig({ PUBLIC_BASE_URL: 'https://dir.example', VIEW_FLUSH_MS: '60000' }),
    database,
    bus,
    log,
    operatorToken: OPERATOR,
  })
})
afterAll(async () => {
  await catalog?.close()
  await bus.close()
  await database?.close()
  await fresh?.drop()
  await deleteStream(stream)
})

describe('import', () => {
  let official: { name: string; description: string }[]
  test('brings in the official list, then a second run changes nothing', async () => {
    official = await loadSharedData('servers-official.json')
    const first = await catalog.importDocument(official)
    expect(first).toMatchObject({ total: 1055, created: 1055, updated: 0, unchanged: 0 })
    expect(first.skipped).toEqual([])
    const second = await catalog.importDocument(official)
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 1055 })
  })
  test('a changed entry is updated in place and keeps its id; an operator-hidden one stays hidden', async () => {
    const entry = official[0]
    const [before] = await database.db.select().from(listings).where(eq(listings.name, entry.name))
    await database.db.update(listings).set({ status: 'flagged' }).where(eq(listings.id, before.id))
    const res = await catalog.importDocument([{ ...entry, description: 'A changed description' }])
    expect(res).toMatchObject({ created: 0, updated: 1 })
    const [after] = await database.db.select().from(listings).where(eq(listings.name, entry.name))
    expect(after.id).toBe(before.id)
    expect(after.description).toBe('A changed description')
    expect(after.status).toBe('flagged')
    await database.db.update(listings).set({ status: 'active' }).where(eq(listings.id, before.id))
  })
  test('every created or updated listing publishes one event through the outbox', async () => {
    await catalog.flush()
    for (let i = 0; i < 100 && events.length < 1056; i++) await Bun.sleep(100)
    expect(events.length).toBe(1056)
    expect(new Set(events.map((e) => e.msgId)).size).toBe(1056)
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(catalogOutbox)
      .where(isNull(catalogOutbox.publishedAt))
    expect(n).toBe(0)
  })
  test('the import endpoint needs the operator token and refuses what is not the registry format', async () => {
    expect(
      (
        await call('/api/v1/admin/import', {
          method: 'POST',
          body: '[]',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(401)
    const auth = { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' }
    const bad = await call('/api/v1/admin/import', { method: 'POST', headers: auth, body: '{"nope": 1}' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toEqual(expect.any(String))
    expect((await call('/api/v1/admin/import', { method: 'POST', headers: auth, body: '[{' })).status).toBe(400)
    expect(
      (
        await call('/api/v1/admin/import', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'text/plain' },
          body: '[]',
        })
      ).status,
    ).toBe(400)
    const ok = await call('/api/v1/admin/import', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify([{ name: 'io.example/tiny', description: 'Tiny test server' }, { nope: true }]),
    })
    expect(ok.status).toBe(200)
    const summary = await ok.json()
    expect(summary.created).toBe(1)
    expect(summary.skipped).toEqual([{ index: 1, name: null, reason: expect.any(String) }])
  })
})

describe('visibility', () => {
  test('pending, rejected and flagged listings are 404 and left out of search', async () => {
    const [row] = await database.db.select().from(listings).where(eq(listings.name, 'io.example/tiny'))
    expect((await call(`/api/v1/servers/${row.id}`)).status).toBe(200)
    for (const status of ['pending', 'rejected', 'flagged']) {
      await database.db.update(listings).set({ status }).where(eq(listings.id, row.id))
      // Written behind the catalog's back (no event), so the catalog is told to reread the listing.
      await catalog.rereadListings([row.id])
      const res = await call(`/api/v1/servers/${row.id}`)
      expect(res.status).toBe(404)
      expect((await res.json()).error).toBe('not_found')
      expect((await call(`/api/v1/mcp/${row.id}/markdown`)).status).toBe(404)
      const search = await (await call('/api/v1/search?q=tiny%20test')).json()
      expect(search.servers.map((s: { id: string }) => s.id)).not.toContain(row.id)
    }
    await database.db.update(listings).set({ status: 'active' }).where(eq(listings.id, row.id))
    await catalog.rereadListings([row.id])
  })
  test('verified=1 keeps only listings seen running', async () => {
    const [row] = await database.db.select().from(listings).where(eq(listings.name, 'io.example/tiny'))
    expect((await (await call('/api/v1/search?verified=1')).json()).total).toBe(0)
    await database.db.update(listings).set({ isVerifiedActive: true }).where(eq(listings.id, row.id))
    // Written behind the catalog's back (no event), so the catalog is told to reread the listing.
    await catalog.rereadListings([row.id])
    const body = await (await call('/api/v1/search?verified=1')).json()
    expect(body.servers.map((s: { id: string }) => s.id)).toEqual([row.id])
    expect(body.servers[0].isVerifiedActive).toBe(true)
  })
})

describe('views', () => {
  test('reads are counted once per visitor and day, in memory, and written in one batch', async () => {
    await catalog.flush()
    const [row] = await database.db.select().from(listings).where(eq(listings.name, 'io.example/tiny'))
    const as = (client: string) => ({ headers: { [CLIENT_IP_HEADER]: client } })
    // One visitor reloading the page and reading its Markdown is one view; two others are one each.
    for (let i = 0; i < 3; i++) await call(`/api/v1/servers/${row.id}`, as('198.51.100.7'))
    await call(`/api/v1/mcp/${row.id}/markdown`, as('198.51.100.7'))
    await call(`/api/v1/servers/${row.id}`, as('198.51.100.8'))
    await call(`/api/v1/mcp/${row.id}/markdown`, as('2001:db8::9'))
    // The gateway's report of hits it answered from its cache: per visitor, so a repeat counts nothing more.
    const cached = { '198.51.100.7': 5, '198.51.100.10': 2 }
    const report = await call('/internal/views', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        counts: Object.fromEntries(Object.entries(cached).map(([c, n]) => [`${row.id}\n${c}`, n])),
      }),
    })
    expect(report.status).toBe(200)
    const [unflushed] = await database.db
      .select({ views: listings.views })
      .from(listings)
      .where(eq(listings.id, row.id))
    expect(unflushed.views).toBe(row.views)
    await catalog.flush()
    const [flushed] = await database.db.select({ views: listings.views }).from(listings).where(eq(listings.id, row.id))
    expect(flushed.views).toBe(row.views + 4)
  })

  test("a flush's event carries each listing's new count, which a kept detail shows without reading it back", async () => {
    await catalog.flush()
    const [row] = await database.db.select().from(listings).where(eq(listings.name, 'io.example/tiny'))
    const viewsOf = async () =>
      ((await (await call(`/api/v1/servers/${row.id}`)).json()) as { server: { popularity: { views: number } } }).server
        .popularity.views
    await viewsOf()
    await catalog.flush()
    // The newest counters event (rows read back in no particular order).
    const event = (await database.db.select().from(catalogOutbox))
      .filter((e) => e.subject === 'listing.counters_changed')
      .sort((a, b) => b.id - a.id)[0]
    const [now] = await database.db.select({ views: listings.views }).from(listings).where(eq(listings.id, row.id))
    expect(event!.payload).toMatchObject({ counter: 'views', counts: { [row.id]: now.views } })
    // A count the database does not hold shows only if the kept detail takes it from the event; a late event with a
    // lower count never lowers it.
    const publish = (n: number) =>
      bus.publish(
        'listing.counters_changed',
        { ids: [row.id], at: new Date().toISOString(), counter: 'views', counts: { [row.id]: n } },
        `views-${token}-${n}`,
      )
    await publish(1_000_000)
    for (let i = 0; i < 100 && (await viewsOf()) < 1_000_000; i++) await Bun.sleep(50)
    expect(await viewsOf()).toBe(1_000_000)
    await publish(5)
    await publish(1_000_001)
    for (let i = 0; i < 100 && (await viewsOf()) < 1_000_001; i++) await Bun.sleep(50)
    expect(await viewsOf()).toBe(1_000_001)
  })
})

describe('health', () => {
  test('200 with status and timestamp; 500 Error object when the database is unreachable', async () => {
    const ok = await call('/api/v1/health')
    expect(ok.status).toBe(200)
    const dead = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', connectTimeoutSeconds: 1 })
    const broken = createCatalogApp({ config: testConfig(), database: dead, bus, log, operatorToken: OPERATOR })
    const res = await broken.app.handle(new Request('http://localhost/api/v1/health'))
    expect(res.status).toBe(500)
    expect(await res.json()).toMatchObject({ error: 'internal', status: 500 })
    await broken.close().catch(() => {})
    await dead.close().catch(() => {})
  })
})
