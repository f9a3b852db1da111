// What a search hit carries for a result card, and the orders and claimed filter the home page's sections read, on
// the real PostgreSQL and NATS: values from the stored listing, kept in its summary until the listing changes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createNatsBus } from '@mcp-directory/shared/bus'
import { type Database, eq, listings, openDatabase, runMigrations, sql } from '@mcp-directory/shared/db'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER } from '@mcp-directory/shared/public-api'
import {
  createFreshDatabase,
  deleteStream,
  type FreshDatabase,
  runToken,
  TEST_SERVICES,
  testConfig,
} from '@mcp-directory/shared/testing'
import { type CatalogService, createCatalogApp } from '../src'

const log = createLogger('test', 'silent')
const token = runToken()
const stream = `TEST_CARDS_${token}`
const bus = createNatsBus({ url: TEST_SERVICES.nats, stream, subjectPrefix: `test_${token}.directory`, log })
let fresh: FreshDatabase
let database: Database
let catalog: CatalogService

interface Hit {
  id: string
  name: string
  title: string | null
  risk: string | null
  riskCleared: boolean
  stars: number | null
  installs: number
  addedAt: string
  checkedAt: string | null
  isOfficial: boolean
}
type Answer = { total: number; servers: Hit[]; nextCursor: string | null }

const get = async (path: string) => {
  const res = await catalog.app.handle(new Request(`http://localhost${path}`))
  return { status: res.status, body: (await res.json()) as Answer & { error?: string; details?: unknown[] } }
}
const names = async (qs: string) => (await get(`/api/v1/search?${qs}`)).body.servers.map((s) => s.name)

const entry = (name: string, title?: string) => ({
  name,
  description: `The ${name.split('/')[1]} server`,
  version: '1.0.0',
  ...(title ? { title } : {}),
  repository: { url: `https://github.com/${name.split('/')[1]}/${name.split('/')[1]}`, source: 'github' },
  packages: [{ registryType: 'npm', identifier: name.split('/')[1]!, transport: { type: 'stdio' } }],
})

/** Sets stored columns of a listing as the prober, the counters and a claim would, then rereads it into search. */
async function store(name: string, set: ReturnType<typeof sql>) {
  await database.db.execute(sql`update catalog.listings set ${set} where name = ${name}`)
  const rows = await database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, name))
  await catalog.search.refresh(rows.map((r) => r.id))
}

beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  catalog = createCatalogApp({
    config: testConfig({ PUBLIC_BASE_URL: 'https://dir.example' }),
    database,
    bus,
    kv: createMemoryStore(),
    log,
    operatorToken: 'search-cards-test-operator-token',
  })
  await catalog.search.ready
  await catalog.importDocument([
    entry('io.github.alpha/alpha', 'Alpha Tools'),
    entry('io.github.bravo/bravo'),
    entry('io.github.charlie/charlie'),
    entry('io.github.delta/delta'),
  ])
  const risk = (level: string, hash: string) =>
    JSON.stringify({
      level,
      findings: [{ message: 'asks for secrets' }],
      toolsHash: hash,
      checkedAt: '2026-01-01T00:00:00Z',
    })
  await store(
    'io.github.alpha/alpha',
    sql`created_at = '2026-01-01T00:00:00Z', installs = 5, github_stars = 120, risk = ${risk('high', 'h1')}::jsonb,
        tools_checked_at = '2026-03-01T00:00:00Z', health_checked_at = '2026-03-05T00:00:00Z'`,
  )
  await store(
    'io.github.bravo/bravo',
    sql`created_at = '2026-02-01T00:00:00Z', installs = 40, risk = ${risk('medium', 'h2')}::jsonb,
        risk_cleared_hash = 'h2', tools_checked_at = '2026-03-02T00:00:00Z', is_verified_active = true,
        seen_running = true, is_official = true`,
  )
  await store('io.github.charlie/charlie', sql`created_at = '2026-03-01T00:00:00Z', installs = 40`)
  await store(
    'io.github.delta/delta',
    sql`created_at = '2025-12-01T00:00:00Z', installs = 1, facts_written_at = '2026-03-10T00:00:00Z'`,
  )
})
afterAll(async () => {
  await catalog?.close()
  await bus.close()
  await database?.close()
  await fresh?.drop()
  await deleteStream(stream)
})

describe('search hits for cards', () => {
  test('every hit carries title, risk, stars, installs, addedAt and checkedAt from the stored listing', async () => {
    const { servers } = (await get('/api/v1/search?limit=10')).body
    const by = Object.fromEntries(servers.map((s) => [s.name, s]))
    expect(by['io.github.alpha/alpha']).toMatchObject({
      title: 'Alpha Tools',
      risk: 'high',
      riskCleared: false,
      stars: 120,
      installs: 5,
      addedAt: '2026-01-01T00:00:00.000Z',
      // The latest of its checks: the endpoint's probe after the tools list.
      checkedAt: '2026-03-05T00:00:00.000Z',
    })
    expect(by['io.github.bravo/bravo']).toMatchObject({ title: null, risk: 'medium', riskCleared: true, stars: null })
    expect(by['io.github.charlie/charlie']).toMatchObject({ risk: null, riskCleared: false, checkedAt: null })
    expect(by['io.github.delta/delta']!.checkedAt).toBe('2026-03-10T00:00:00.000Z')
    // The same with `client` (which only adds the install hint).
    const withClient = (await get('/api/v1/search?limit=10&client=cursor')).body.servers
    expect(withClient.map((s) => [s.name, s.installs, s.risk])).toEqual(
      servers.map((s) => [s.name, s.installs, s.risk]),
    )
  })

  test("a hit's install hint for a client follows its listing: kept while unchanged, made again when it changes", async () => {
    type Hinted = Hit & { health: string | null; archived: string | null; install: { client: string } | null }
    const hintOf = async (client: string) =>
      ((await get(`/api/v1/search?q=charlie&client=${client}`)).body.servers as Hinted[]).find(
        (s) => s.name === 'io.github.charlie/charlie',
      )!
    const before = await hintOf('claude-code')
    expect(before).toMatchObject({ health: null, archived: null, install: { client: 'claude-code' } })
    // Asked again, the kept hint reads the same; for another client it is that client's own.
    expect(await hintOf('claude-code')).toEqual(before)
    expect((await hintOf('cursor')).install).toMatchObject({ client: 'cursor' })
    await store('io.github.charlie/charlie', sql`health = 'down', github_archived = true`)
    const after = await hintOf('claude-code')
    expect(after.health).toBe('down')
    expect(after.archived).not.toBeNull()
    await store('io.github.charlie/charlie', sql`health = null, github_archived = false`)
    expect(await hintOf('claude-code')).toEqual(before)
  })

  test('sort orders by newest, most installed, latest checked with seen running first; ties by id', async () => {
    expect(await names('sort=new')).toEqual([
      'io.github.charlie/charlie',
      'io.github.bravo/bravo',
      'io.github.alpha/alpha',
      'io.github.delta/delta',
    ])
    const installs = await names('sort=installs')
    expect(installs.slice(2)).toEqual(['io.github.alpha/alpha', 'io.github.delta/delta'])
    expect(new Set(installs.slice(0, 2))).toEqual(new Set(['io.github.bravo/bravo', 'io.github.charlie/charlie']))
    expect(await names('sort=checked')).toEqual([
      'io.github.bravo/bravo',
      'io.github.delta/delta',
      'io.github.alpha/alpha',
      'io.github.charlie/charlie',
    ])
    expect(await names('verified=1&sort=checked')).toEqual(['io.github.bravo/bravo'])
    // Absent, the order is relevance, as `sort=relevance` says.
    expect(await names('')).toEqual(await names('sort=relevance'))
  })

  test('claimed=1 keeps the listings claimed by their owners; unknown values are the API Error object', async () => {
    expect(await names('claimed=1')).toEqual(['io.github.bravo/bravo'])
    for (const qs of ['sort=stars', 'claimed=yes']) {
      const r = await get(`/api/v1/search?${qs}`)
      expect([r.status, r.body.error]).toEqual([400, 'invalid_parameter'])
      expect(r.body.details).toHaveLength(1)
    }
  })

  test('installs counted through the API reach the hits and the installs order without a listing change', async () => {
    const [delta] = await database.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.name, 'io.github.delta/delta'))
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5']) {
      const res = await catalog.app.handle(
        new Request(`http://localhost/api/v1/servers/${delta!.id}/installs`, {
          method: 'POST',
          headers: { [CLIENT_IP_HEADER]: client },
        }),
      )
      expect(res.status).toBe(202)
    }
    await catalog.flush()
    // The counters event crosses NATS; the index rewrites the summary and order facts it carries.
    const third = async () => (await get('/api/v1/search?sort=installs')).body.servers[2]!
    for (let i = 0; i < 200 && (await third()).name !== 'io.github.delta/delta'; i++) await Bun.sleep(50)
    // From 1 to 6: above alpha's 5, below the two of 40.
    expect([(await third()).name, (await third()).installs]).toEqual(['io.github.delta/delta', 6])
    expect((await names('sort=installs')).at(-1)).toBe('io.github.alpha/alpha')
    // Its text is searched as before.
    expect(await names('q=delta')).toEqual(['io.github.delta/delta'])
  })

  test('every page of every order walked with its cursor: each listing once', async () => {
    for (const sort of ['new', 'installs', 'checked']) {
      const ids: string[] = []
      let cursor: string | null = null
      do {
        const r = await get(`/api/v1/search?sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
        expect(r.status).toBe(200)
        ids.push(...r.body.servers.map((s) => s.id))
        cursor = r.body.nextCursor
      } while (cursor)
      expect([sort, new Set(ids).size, ids.length]).toEqual([sort, 4, 4])
    }
  })
})
