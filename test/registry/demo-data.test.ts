// The demo catalog is sample data: loaded only into an empty catalog, marked `demo` wherever a listing is shown,
// never served by the registry read API, and removed whole (listings, versions, facts) by the first import of real
// data, so no real server keeps a demo version and no demo listing stays beside the real ones.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CatalogService } from '@mcp-directory/catalog'
import { count, eq, inArray, listings, serverVersions, type Database } from '@mcp-directory/shared/db'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { DEMO_CATALOG } from '../../services/catalog/src/import/demo-catalog'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'

let under: CatalogUnderTest
let database: Database
let catalog: CatalogService
let lines: string[]

beforeAll(async () => {
  under = await catalogUnderTest({ PUBLIC_BASE_URL: 'https://demo.example' }, 'demo-operator-token')
  ;({ database, catalog, lines } = under)
}, 60_000)

afterAll(async () => {
  await under?.close()
})

// A record of the shared data: a bare server.json, or a `{ server, _meta }` record.
const serverOf = (r: unknown) => ((r as { server?: unknown }).server ?? r) as { name: string; version: string }
const get = (path: string) => catalog.app.handle(new Request(`http://localhost${path}`))
const servedNames = async () =>
  ((await (await get('/v0.1/servers?limit=100')).json()) as { servers: { server: { name: string } }[] }).servers.map(
    (s) => s.server.name,
  )

describe('the demo catalog', () => {
  test('loads into an empty catalog as origin demo, shown in the detail and Markdown, not served by /v0.1', async () => {
    await catalog.loadDemoIfEmpty()
    const rows = await database.db.select({ id: listings.id, origin: listings.origin }).from(listings)
    expect(rows.length).toBe(DEMO_CATALOG.length)
    expect(new Set(rows.map((r) => r.origin))).toEqual(new Set(['demo']))
    const detail = (await (await get(`/api/v1/servers/${rows[0].id}`)).json()) as { server: { origin: string } }
    expect(detail.server.origin).toBe('demo')
    expect(await (await get(`/api/v1/mcp/${rows[0].id}/markdown`)).text()).toContain('**Origin:** demo')
    await catalog.flush()
    expect(await servedNames()).toEqual([])
    // Loaded again (a restart): nothing changes, since the catalog is not empty.
    await catalog.loadDemoIfEmpty()
    const [{ n }] = await database.db.select({ n: count() }).from(listings)
    expect(n).toBe(DEMO_CATALOG.length)
  })

  test('the first import of real data removes it whole: listings, versions and facts, with one log line', async () => {
    const demoIds = (await database.db.select({ id: listings.id }).from(listings)).map((r) => r.id)
    expect(
      (await database.db.select().from(serverVersions).where(inArray(serverVersions.listingId, demoIds))).length,
    ).toBeGreaterThan(0)
    const real = (await loadSharedData<unknown[]>('servers-official.json')).slice(0, 300)
    lines.length = 0
    const s = await catalog.importDocument(real)
    expect(s.conflicts).toEqual([]) // real servers the demo also named are imported as themselves
    const removedLines = lines.filter((l) => l.includes('demo catalog removed'))
    expect(removedLines.length).toBe(1)
    expect(JSON.parse(removedLines[0]).removed).toBe(DEMO_CATALOG.length)
    const origins = await database.db
      .select({ origin: listings.origin, n: count() })
      .from(listings)
      .groupBy(listings.origin)
    expect(origins).toEqual([{ origin: 'import', n: s.created }])
    // Demo-only listings are gone; no real server keeps a demo version: each has its registry records' versions only.
    const [{ left }] = await database.db.select({ left: count() }).from(listings).where(eq(listings.origin, 'demo'))
    expect(left).toBe(0)
    const shared = DEMO_CATALOG.map((d) => d.name).filter((n) => real.some((r) => serverOf(r).name === n))
    expect(shared.length).toBeGreaterThanOrEqual(5)
    for (const name of shared) {
      const versions = await database.db
        .select({ version: serverVersions.version })
        .from(serverVersions)
        .where(eq(serverVersions.serverName, name))
      const own = real
        .map(serverOf)
        .filter((r) => r.name === name)
        .map((r) => r.version)
      expect(versions.map((v) => v.version).sort()).toEqual([...new Set(own)].sort())
    }
    await catalog.flush()
    const served = await servedNames()
    expect(served.length).toBeGreaterThan(0)
    for (const name of served) expect(real.some((r) => serverOf(r).name === name)).toBe(true)
  }, 120_000)
})
