// A directory following another over the registry read API (/v0.1), each with its own PostgreSQL database, the
// upstream served over real HTTP on loopback through its gateway: the follower ends with the same servers and
// versions, learns deletions and new versions through updated_since, and a failing upstream is retried and never
// half-applied.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createCatalogApp, type CatalogService, type RegistrySyncSummary } from '@mcp-directory/catalog'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import {
  catalogOutbox,
  count,
  eq,
  listings,
  openDatabase,
  registryFollows,
  runMigrations,
  type Database,
} from '@mcp-directory/shared/db'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { createFreshDatabase, loadSharedData, testConfig, type FreshDatabase } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createGatewayApp } from '../../gateway/src/app'

const log = createLogger('test', 'silent')
const OFFICIAL = 'io.modelcontextprotocol.registry/official'
const MULTI = 'io.example.follow/multi'

interface Directory {
  fresh: FreshDatabase
  database: Database
  catalog: CatalogService
  close: () => Promise<void>
}

async function directory(baseUrl: string): Promise<Directory> {
  const fresh = await createFreshDatabase()
  const database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  const config = testConfig({
    PUBLIC_BASE_URL: baseUrl,
    RATE_LIMIT_REGISTRY_PER_MINUTE: '1000000',
    VIEW_FLUSH_MS: '60000',
  })
  const catalog = createCatalogApp({
    config,
    database,
    bus: createMemoryBus(),
    log,
    operatorToken: 'follow-operator-token',
    registryRetry: { attempts: 3, baseDelayMs: 10 },
  })
  return {
    fresh,
    database,
    catalog,
    close: async () => {
      await catalog.close()
      await database.close()
      await fresh.drop()
    },
  }
}

const multi = (version: string) => ({
  name: MULTI,
  description: `Follow test server ${version}`,
  version,
  packages: [{ registryType: 'npm', identifier: '@example/follow-multi', version, transport: { type: 'stdio' } }],
})

let upstream: Directory
let follower: Directory
let server: ReturnType<typeof Bun.serve>
let upstreamUrl: string
let gateway: ReturnType<typeof createGatewayApp>
const stopServers: (() => void)[] = []

beforeAll(async () => {
  upstream = await directory('https://upstream.example')
  gateway = createGatewayApp({
    config: testConfig({ PUBLIC_BASE_URL: 'https://upstream.example', RATE_LIMIT_REGISTRY_PER_MINUTE: '1000000' }),
    log,
    kv: createMemoryStore(),
    operatorToken: 'follow-operator-token',
    upstreams: { catalog: inProcessUpstream('catalog', (r) => upstream.catalog.app.handle(r)) },
  })
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => gateway.app.handle(r) })
  upstreamUrl = `http://127.0.0.1:${server.port}`
  const official = await loadSharedData<unknown[]>('servers-official.json')
  await upstream.catalog.importDocument(official.slice(0, 240))
  await upstream.catalog.importDocument([multi('1.0.0')])
  await upstream.catalog.importDocument([multi('1.1.0')])
  await upstream.catalog.flush()
  follower = await directory('https://follower.example')
}, 120_000)

afterAll(async () => {
  for (const stop of stopServers) stop()
  server?.stop(true)
  await gateway?.close()
  await follower?.close()
  await upstream?.close()
})

type Entry = {
  server: { name: string; version: string }
  _meta: Record<string, { status: string; isLatest: boolean; publishedAt: string }>
}

/** Every version a directory serves (deleted ones included), keyed name@version, as registry clients see it. */
async function served(
  d: Directory,
): Promise<Map<string, { server: unknown; status: string; isLatest: boolean; publishedAt: string }>> {
  const out = new Map<string, { server: unknown; status: string; isLatest: boolean; publishedAt: string }>()
  let cursor: string | undefined
  do {
    const q = new URLSearchParams({ limit: '100', include_deleted: 'true', ...(cursor ? { cursor } : {}) })
    const res = await d.catalog.app.handle(new Request(`http://localhost/v0.1/servers?${q}`))
    expect(res.status).toBe(200)
    const page = (await res.json()) as { servers: Entry[]; metadata: { nextCursor?: string } }
    for (const s of page.servers) {
      const o = s._meta[OFFICIAL]
      out.set(`${s.server.name}@${s.server.version}`, {
        server: s.server,
        status: o.status,
        isLatest: o.isLatest,
        publishedAt: o.publishedAt,
      })
    }
    cursor = page.metadata.nextCursor
  } while (cursor)
  return out
}

async function setStatus(d: Directory, name: string, status: string) {
  const [row] = await d.database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, name))
  const res = await d.catalog.app.handle(
    new Request(`http://localhost/internal/listings/${row.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    }),
  )
  expect(res.status).toBe(200)
}

const events = async (d: Directory, subject: string) =>
  (
    await d.database.db.select({ payload: catalogOutbox.payload, subject: catalogOutbox.subject }).from(catalogOutbox)
  ).filter((e) => e.subject.endsWith(subject))

describe('following a registry', () => {
  const syncs: RegistrySyncSummary[] = []
  const waitForSyncs = async (n: number) => {
    const target = syncs.length + n
    for (let i = 0; i < 600 && syncs.length < target; i++) await Bun.sleep(50)
    expect(syncs.length).toBeGreaterThanOrEqual(target)
  }

  test('the follower ends with the same servers and versions as its upstream', async () => {
    follower.catalog.followRegistry(upstreamUrl, 200, (s) => void syncs.push(s))
    await waitForSyncs(1)
    expect(syncs[0].since).toBeNull()
    expect(syncs[0].pages).toBeGreaterThanOrEqual(3)
    const [mine, theirs] = [await served(follower), await served(upstream)]
    expect(mine.size).toBe(242)
    expect(mine).toEqual(theirs)
    expect(mine.get(`${MULTI}@1.1.0`)?.isLatest).toBe(true)
    expect(mine.get(`${MULTI}@1.0.0`)?.isLatest).toBe(false)
    const [{ n }] = await follower.database.db
      .select({ n: count() })
      .from(listings)
      .where(eq(listings.status, 'active'))
    expect(n).toBe(241)
  }, 60_000)

  test('a listing removed upstream shows as deleted downstream; a new version upstream becomes the latest', async () => {
    const removed = (await loadSharedData<{ name: string }[]>('servers-official.json'))[3].name
    await setStatus(upstream, removed, 'flagged')
    await upstream.catalog.importDocument([multi('2.0.0')])
    await upstream.catalog.flush()
    await waitForSyncs(2)
    const last = syncs[syncs.length - 1]
    expect(last.since).not.toBeNull() // incremental: updated_since
    const [mine, theirs] = [await served(follower), await served(upstream)]
    expect(mine).toEqual(theirs)
    expect(
      mine.get(`${removed}@${[...mine.keys()].find((k) => k.startsWith(`${removed}@`))!.split('@')[1]}`)?.status,
    ).toBe('deleted')
    expect(mine.get(`${MULTI}@2.0.0`)?.isLatest).toBe(true)
    expect(mine.get(`${MULTI}@1.1.0`)?.isLatest).toBe(false)
    // Downstream the removed listing left the catalog (search and detail no longer show it); the multi listing shows 2.0.0.
    const [gone] = await follower.database.db.select().from(listings).where(eq(listings.name, removed))
    expect(gone.status).toBe('rejected')
    const [m] = await follower.database.db.select().from(listings).where(eq(listings.name, MULTI))
    expect(m.version).toBe('2.0.0')
    // The usual listing events say what changed.
    expect((await events(follower, 'listing.rejected')).map((e) => (e.payload as { name: string }).name)).toEqual([
      removed,
    ])
    expect(
      (await events(follower, 'listing.imported')).filter((e) => (e.payload as { name: string }).name === MULTI).length,
    ).toBeGreaterThanOrEqual(2)
  }, 60_000)

  test('a listing the upstream serves again comes back', async () => {
    const removed = (await loadSharedData<{ name: string }[]>('servers-official.json'))[3].name
    await setStatus(upstream, removed, 'active')
    await waitForSyncs(2)
    const [row] = await follower.database.db.select().from(listings).where(eq(listings.name, removed))
    expect(row.status).toBe('active')
    expect(await served(follower)).toEqual(await served(upstream))
  }, 60_000)
})

describe('a failing upstream', () => {
  let fresh: Directory
  beforeAll(async () => {
    fresh = await directory('https://third.example')
  })
  afterAll(async () => {
    await fresh?.close()
  })

  /** A stand-in upstream on loopback that forwards to the real one, except where `fault` answers instead. */
  function flakyUpstream(fault: (url: URL, n: number) => Response | null) {
    let n = 0
    const s = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: async (req) => {
        const url = new URL(req.url)
        return fault(url, ++n) ?? fetch(`${upstreamUrl}${url.pathname}${url.search}`)
      },
    })
    stopServers.push(() => s.stop(true))
    return { url: `http://127.0.0.1:${s.port}`, requests: () => n }
  }

  test('a page that keeps failing is never half-applied, and the sync point does not move', async () => {
    // The second page is cut off in the middle of its JSON, every time.
    const flaky = flakyUpstream((url) =>
      url.searchParams.has('cursor')
        ? new Response('{"servers":[{"server":', { headers: { 'content-type': 'application/json' } })
        : null,
    )
    await expect(fresh.catalog.syncFromRegistry(flaky.url)).rejects.toThrow(/not JSON/)
    expect(flaky.requests()).toBe(1 + 3) // page one, then three attempts at page two
    const [{ n }] = await fresh.database.db.select({ n: count() }).from(listings)
    expect(n).toBe(100) // exactly the first page
    const [state] = await fresh.database.db
      .select()
      .from(registryFollows)
      .where(eq(registryFollows.upstream, flaky.url))
    expect(state.syncedUpTo).toBeNull()
    expect(state.lastError).toMatch(/not JSON/)
    expect(state.leaseUntil).toBeNull()
  }, 60_000)

  test('a failure that passes is retried with backoff, and the sync completes', async () => {
    const flaky = flakyUpstream((_, n) => (n <= 2 ? new Response('busy', { status: 503 }) : null))
    const s = await fresh.catalog.syncFromRegistry(flaky.url)
    expect(s.pages).toBeGreaterThanOrEqual(3)
    expect(await served(fresh)).toEqual(await served(upstream))
    const [state] = await fresh.database.db
      .select()
      .from(registryFollows)
      .where(eq(registryFollows.upstream, flaky.url))
    expect(state.syncedUpTo).not.toBeNull()
    expect(state.lastError).toBeNull()
  }, 60_000)

  test('an address that is not a registry fails clearly without retrying', async () => {
    const flaky = flakyUpstream(() => Response.json({ hello: 'world' }))
    await expect(fresh.catalog.syncFromRegistry(flaky.url)).rejects.toThrow(/no "servers" array/)
    expect(flaky.requests()).toBe(1)
  })
})

describe('on embedded PGlite (all-in-one)', () => {
  test('a follower on PGlite ends with the same servers and versions, and serves them', async () => {
    const database = await openDatabase({ url: 'memory://' })
    await runMigrations(database)
    const config = testConfig({ PUBLIC_BASE_URL: 'https://embedded.example' })
    const catalog = createCatalogApp({
      config,
      database,
      bus: createMemoryBus(),
      log,
      operatorToken: 'embedded-operator-token',
    })
    try {
      const done: RegistrySyncSummary[] = []
      catalog.followRegistry(upstreamUrl, 60_000, (s) => void done.push(s))
      for (let i = 0; i < 600 && !done.length; i++) await Bun.sleep(50)
      expect(done.length).toBe(1)
      const pglite = { catalog } as Directory
      expect(await served(pglite)).toEqual(await served(upstream))
      const latest = await catalog.app.handle(
        new Request(`http://localhost/v0.1/servers/${encodeURIComponent(MULTI)}/versions/latest`),
      )
      expect(((await latest.json()) as { server: { version: string } }).server.version).toBe('2.0.0')
      const after = await served(pglite)
      const page = await catalog.app.handle(
        new Request(
          `http://localhost/v0.1/servers?limit=7&version=latest&search=io.&updated_since=2000-01-01T00:00:00Z`,
        ),
      )
      expect(page.status).toBe(200)
      expect(after.size).toBeGreaterThan(200)
    } finally {
      await catalog.close()
      await database.close()
    }
  }, 300_000)
})
