// The search index on the real PostgreSQL and NATS: one result per server, two replicas kept equal by the listing
// events, and a restart that rebuilds the same index.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createNatsBus, type EventBus } from '@mcp-directory/shared/bus'
import { type Database, openDatabase, runMigrations, sql } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
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
const stream = `TEST_IDX_${token}`
const OPERATOR = 'search-index-test-operator-token'
let fresh: FreshDatabase
let database: Database
const buses: EventBus[] = []
const replicas: CatalogService[] = []

/** A catalog replica: its own connection to the database and to NATS, as a separate process would have. */
async function replica(): Promise<CatalogService> {
  const bus = createNatsBus({ url: TEST_SERVICES.nats, stream, subjectPrefix: `test_${token}.directory`, log })
  buses.push(bus)
  const db = await openDatabase({ url: fresh.url })
  const c = createCatalogApp({
    config: testConfig({ PUBLIC_BASE_URL: 'https://dir.example' }),
    database: db,
    bus,
    log,
    operatorToken: OPERATOR,
  })
  const close = c.close
  c.close = async () => {
    await close()
    await db.close()
  }
  replicas.push(c)
  await c.search.ready
  return c
}

const entry = (name: string, repo: string, description: string, extra: Record<string, unknown> = {}) => ({
  name,
  description,
  version: '1.0.0',
  repository: { url: repo, source: 'github' },
  packages: [{ registryType: 'npm', identifier: name.replace(/[^a-z0-9-]/g, '-'), transport: { type: 'stdio' } }],
  ...extra,
})

const get = async (c: CatalogService, path: string) => {
  const res = await c.app.handle(new Request(`http://localhost${path}`))
  return { status: res.status, body: (await res.json()) as Record<string, never> }
}

/** Every page of a search, walked with its cursors: the ids in order and the first page's total. */
async function walk(c: CatalogService, query: string) {
  const ids: string[] = []
  let cursor: string | null = null
  let total = -1
  do {
    const r = await get(c, `/api/v1/search?${query}&limit=3${cursor ? `&cursor=${cursor}` : ''}`)
    expect(r.status).toBe(200)
    const body = r.body as unknown as { total: number; servers: { id: string }[]; nextCursor: string | null }
    if (total < 0) total = body.total
    ids.push(...body.servers.map((s) => s.id))
    cursor = body.nextCursor
  } while (cursor)
  return { ids, total }
}

const QUERIES = ['q=slack', 'q=weather%20forecast', 'q=postgres', 'q=databse', '', 'transport=stdio&q=chat']

/** What a replica answers to every query of QUERIES. */
const answers = async (c: CatalogService) => Promise.all(QUERIES.map((q) => walk(c, q)))

/** Waits until `check` holds (events cross NATS), up to 10 s. */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return
    await Bun.sleep(50)
  }
  throw new Error('not reached within 10 s')
}

beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
})
afterAll(async () => {
  for (const r of replicas) await r.close().catch(() => {})
  for (const b of buses) await b.close().catch(() => {})
  await database?.close()
  await fresh?.drop()
  await deleteStream(stream)
})

describe('search index', () => {
  let a: CatalogService
  let b: CatalogService
  test('one result per server: the others are named in alsoListedAs, in search and in detail', async () => {
    a = await replica()
    b = await replica()
    const s = await a.importDocument([
      entry('io.github.acme/slack', 'https://github.com/acme/slack-mcp', 'Post messages to Slack channels'),
      entry('slack-mcp-server', 'https://github.com/acme/slack-mcp', 'Slack channels and messages'),
      entry('io.github.other/slack-bridge', 'https://github.com/other/slack-bridge', 'Bridge Slack and email'),
      entry('io.github.acme/weather', 'https://github.com/acme/weather', 'Weather forecast for any city'),
      entry('io.github.db/postgres', 'https://github.com/db/postgres', 'Query a Postgres database'),
      entry('io.github.db/postgres-tools', 'https://github.com/db/tools/tree/main/postgres', 'Postgres database tools'),
      entry('io.github.chat/chat', 'https://github.com/chat/chat', 'Chat with your team'),
    ])
    expect(s.created).toBe(7)
    const r = await get(a, '/api/v1/search?q=slack')
    const body = r.body as unknown as { total: number; servers: { id: string; name: string; alsoListedAs: string[] }[] }
    expect(body.total).toBe(2)
    const acme = body.servers.find((x) => x.alsoListedAs.length > 0)!
    expect(body.servers.map((x) => x.name).filter((n) => n.includes('acme') || n === 'slack-mcp-server')).toHaveLength(
      1,
    )
    expect(acme.alsoListedAs).toHaveLength(1)
    const [other] = acme.alsoListedAs
    const detail = (await get(a, `/api/v1/servers/${other}`)).body as unknown as { server: { alsoListedAs: string[] } }
    expect(detail.server.alsoListedAs).toEqual([acme.id])
    // A subfolder is its own server.
    const pg = (await get(a, '/api/v1/search?q=postgres')).body as unknown as { total: number }
    expect(pg.total).toBe(2)
  })

  test('the listing events keep two replicas equal', async () => {
    // b heard a's import over NATS: its answers converge on a's.
    const expected = await answers(a)
    await eventually(async () => JSON.stringify(await answers(b)) === JSON.stringify(expected))
    // A change (new text) and a removal (rejected) made through replica a reach replica b.
    await a.importDocument([
      entry('io.github.acme/weather', 'https://github.com/acme/weather', 'Weather forecast and postgres backups'),
    ])
    const [pg] = (await walk(a, 'q=postgres')).ids
    const res = await a.app.handle(
      new Request(`http://localhost/internal/listings/${pg}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'rejected', reason: 'test' }),
      }),
    )
    expect(res.status).toBe(200)
    const now = await answers(a)
    expect(now).not.toEqual(expected)
    expect(now[2]!.ids).not.toContain(pg)
    await eventually(async () => JSON.stringify(await answers(b)) === JSON.stringify(now))
    expect(b.search.now().size).toBe(a.search.now().size)
  })

  test('a restarted replica rebuilds the same index from PostgreSQL', async () => {
    const before = await answers(b)
    await b.close()
    const c = await replica()
    expect(await answers(c)).toEqual(before)
    expect(c.search.now().size).toBe(a.search.now().size)
  })
})

describe('lifecycle in ranking', () => {
  test('an archived server ranks below an active one that matches as well, and says why when asked', async () => {
    const c = await replica()
    await c.importDocument([
      entry('io.github.old/kanban', 'https://github.com/old/kanban', 'Kanban boards: kanban cards for teams'),
      entry('io.github.new/kanban', 'https://github.com/new/kanban', 'Kanban boards for teams'),
    ])
    type Hit = { name: string; id: string; why?: { factors: { factor: string; reason: string }[] } }
    const hits = async () =>
      ((await get(c, '/api/v1/search?q=kanban&explain=1')).body as unknown as { servers: Hit[] }).servers
    // The old one matches a little better while both are active.
    expect((await hits()).map((h) => h.name)).toEqual(['io.github.old/kanban', 'io.github.new/kanban'])
    const old = (await hits())[0]!
    expect(old.why!.factors.map((f) => f.factor)).not.toContain('retired')
    await database.db.execute(sql`update catalog.listings set github_archived = true where id = ${old.id}`)
    await c.search.refresh([old.id])
    const after = await hits()
    expect(after.map((h) => h.name)).toEqual(['io.github.new/kanban', 'io.github.old/kanban'])
    expect(after[1]!.why!.factors).toContainEqual(expect.objectContaining({ factor: 'retired' }))
    // Without `explain`, a hit carries no `why`.
    const plain = (await get(c, '/api/v1/search?q=kanban')).body as unknown as { servers: Hit[] }
    expect(plain.servers[0]!.why).toBeUndefined()
  })

  test('a detail is kept until its listing changes: the writer reads its change at once, another replica after the event', async () => {
    const c = await replica()
    const d = await replica()
    await c.importDocument([entry('io.github.keep/notes', 'https://github.com/keep/notes', 'Notes for teams')])
    const [hit] = (await walk(c, 'q=notes')).ids
    const title = async (r: CatalogService) =>
      ((await get(r, `/api/v1/servers/${hit}`)).body as unknown as { server: { description: string } }).server
        .description
    expect(await title(c)).toBe('Notes for teams')
    await eventually(async () => (await title(d)) === 'Notes for teams')
    await c.importDocument([entry('io.github.keep/notes', 'https://github.com/keep/notes', 'Shared notes for teams')])
    expect(await title(c)).toBe('Shared notes for teams')
    await eventually(async () => (await title(d)) === 'Shared notes for teams')
  })
})
