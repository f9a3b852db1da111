// A hostile upstream registry, served over real HTTP on loopback, tries to rewrite listings it did not create, to
// slip a look-alike twin in, and to flood or exhaust the directory: each attempt leaves the listings as their
// origin or owner wrote them, is kept as a conflict for the operator, or stops the sync, logged and visible.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CatalogService } from '@mcp-directory/catalog'
import { catalogOutbox, count, eq, listings, serverVersions, type Database } from '@mcp-directory/shared/db'
import { catalogUnderTest, type CatalogUnderTest, record } from './catalog-under-test'

const TOKEN = 'hostile-operator-token'
const GITHUB = 'io.github.github/github-mcp-server'
const OWNED = 'io.github.acme/owned-server'

const github = {
  name: GITHUB,
  description: "GitHub's official MCP server",
  version: '0.20.0',
  repository: { url: 'https://github.com/github/github-mcp-server', source: 'github' },
  packages: [
    {
      registryType: 'oci',
      identifier: 'ghcr.io/github/github-mcp-server',
      version: '0.20.0',
      transport: { type: 'stdio' },
    },
  ],
}

let under: CatalogUnderTest
let database: Database
let catalog: CatalogService
const servers: ReturnType<typeof Bun.serve>[] = []

beforeAll(async () => {
  under = await catalogUnderTest(
    { PUBLIC_BASE_URL: 'https://directory.example', REGISTRY_SYNC_MAX_PAGES: '12', REGISTRY_SYNC_MAX_NEW: '150' },
    TOKEN,
  )
  ;({ database, catalog } = under)
  // The operator imported GitHub's server from a file; an owner submitted theirs and proved it.
  await catalog.importDocument([github])
  const created = await call('POST', '/internal/listings', {
    name: OWNED,
    url: 'https://github.com/acme/owned-server',
    description: 'A server its owner submitted and claimed',
    category: 'Developer Tools',
  })
  expect(created.status).toBe(201)
  const { listing } = (await created.json()) as { listing: { id: string } }
  const claimed = await call('POST', `/internal/listings/${listing.id}/claims`, {
    claimId: 'claim-owned-1',
    claimant: 'owner',
    method: 'readme',
  })
  expect(claimed.status).toBe(200)
}, 120_000)

afterAll(async () => {
  for (const s of servers) s.stop(true)
  await under?.close()
})

const call = (method: string, path: string, body?: unknown, token?: string) => under.call(method, path, body, token)

/** A registry stand-in on loopback: `page(cursor)` answers each `/v0.1/servers` request. */
function upstream(page: (cursor: string | null, url: URL) => Response): string {
  const s = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => {
      const url = new URL(req.url)
      return page(url.searchParams.get('cursor'), url)
    },
  })
  servers.push(s)
  return `http://127.0.0.1:${s.port}`
}

const pageOf = (servers: Record<string, unknown>[], nextCursor?: string) =>
  Response.json({ servers: servers.map(record), metadata: nextCursor ? { nextCursor, count: servers.length } : {} })

const row = async (name: string) => (await database.db.select().from(listings).where(eq(listings.name, name)))[0]

describe('a hostile upstream cannot rewrite listings it did not create', () => {
  let url: string
  beforeAll(() => {
    url = upstream(() =>
      pageOf([
        {
          name: OWNED,
          description: 'hijacked',
          version: '9.9.9',
          repository: { url: 'https://github.com/evil-upstream/hijack', source: 'github' },
          packages: [
            { registryType: 'npm', identifier: 'evil-hijack', version: '9.9.9', transport: { type: 'stdio' } },
          ],
        },
        {
          ...github,
          version: '1.0.0',
          packages: [
            { registryType: 'npm', identifier: 'evil-gh-mcp', version: '1.0.0', transport: { type: 'stdio' } },
          ],
        },
        {
          name: 'ｇｉｔｈｕｂ-ｍｃｐ-ｓｅｒｖｅｒ',
          description: 'A twin',
          version: '1.0.0',
          repository: { url: 'https://github.com/github/github-mcp-server', source: 'github' },
          packages: [{ registryType: 'npm', identifier: 'evil-twin', version: '1.0.0', transport: { type: 'stdio' } }],
        },
        { name: 'io.github.hostile/own-server', description: 'Its own listing', version: '1.0.0' },
        {
          name: 'io.github.hostile/gh-copy',
          description: "GitHub's repository under another name",
          version: '1.0.0',
          repository: { url: 'https://github.com/GitHub/github-mcp-server.git', source: 'github' },
        },
      ]),
    )
  })

  test('the claimed listing keeps its repository, packages and isOfficial; GitHub keeps its install; no twin', async () => {
    const before = await row(OWNED)
    const s = await catalog.syncFromRegistry(url)
    expect(s.created).toBe(1) // only the upstream's own new entry
    expect(s.updated).toBe(0)
    const owned = await row(OWNED)
    expect(owned.repositoryUrl).toBe('https://github.com/acme/owned-server')
    expect(owned.packages).toEqual(before.packages)
    expect(owned.description).toBe('A server its owner submitted and claimed')
    expect(owned.isOfficial).toBe(true)
    expect(owned.origin).toBe('submission')
    const gh = await row(GITHUB)
    expect(gh.packages.map((p) => p.identifier)).toEqual(['ghcr.io/github/github-mcp-server'])
    expect(gh.origin).toBe('import')
    // The install line every client reads, and the versions the registry API serves, are GitHub's own.
    const detail = await call('GET', `/api/v1/servers/${gh.id}`)
    expect(detail.status).toBe(200)
    const text = await detail.text()
    expect(text).toContain('ghcr.io/github/github-mcp-server')
    expect(text).not.toContain('evil')
    const versions = await database.db.select().from(serverVersions).where(eq(serverVersions.listingId, gh.id))
    expect(versions.map((v) => v.version)).toEqual(['0.20.0'])
    expect(await row('ｇｉｔｈｕｂ-ｍｃｐ-ｓｅｒｖｅｒ')).toBeUndefined()
    expect(s.skipped.find((k) => k.name === 'ｇｉｔｈｕｂ-ｍｃｐ-ｓｅｒｖｅｒ')?.reason).toMatch(
      /compatibility characters/,
    )
    expect((await row('io.github.hostile/own-server')).origin).toBe(`registry:${url}`)
  }, 60_000)

  test('each refused entry is listed for the operator, with its event', async () => {
    const res = await call('GET', '/api/v1/admin/import-conflicts', undefined, TOKEN)
    expect(res.status).toBe(200)
    const { conflicts } = (await res.json()) as {
      conflicts: { id: number; name: string; reason: string; origin: string }[]
    }
    const byName = new Map(conflicts.map((c) => [c.name, c]))
    expect(byName.get(OWNED)?.reason).toBe('name')
    expect(byName.get(GITHUB)?.reason).toBe('name')
    expect(byName.get('io.github.hostile/gh-copy')?.reason).toBe('repository')

    for (const c of conflicts) expect(c.origin).toBe(`registry:${url}`)
    const events = await database.db
      .select({ n: count() })
      .from(catalogOutbox)
      .where(eq(catalogOutbox.subject, 'listing.import_conflict'))
    expect(events[0].n).toBe(3)
    // Unauthenticated: refused.
    expect((await call('GET', '/api/v1/admin/import-conflicts')).status).toBe(401)
    // Synced again: the same conflicts, not new ones.
    await catalog.syncFromRegistry(url, { full: true })
    const again = (await (await call('GET', '/api/v1/admin/import-conflicts', undefined, TOKEN)).json()) as {
      total: number
    }
    expect(again.total).toBe(3)
  }, 60_000)

  test('the operator dismisses one (it is not raised again) and accepts another as the replacement', async () => {
    const { conflicts } = (await (await call('GET', '/api/v1/admin/import-conflicts', undefined, TOKEN)).json()) as {
      conflicts: { id: number; name: string }[]
    }
    const twin = conflicts.find((c) => c.name === 'io.github.hostile/gh-copy')!
    const hijack = conflicts.find((c) => c.name === OWNED)!
    expect((await call('POST', `/api/v1/admin/import-conflicts/${twin.id}/dismiss`, undefined, TOKEN)).status).toBe(200)
    expect((await call('POST', `/api/v1/admin/import-conflicts/${twin.id}/dismiss`, undefined, TOKEN)).status).toBe(409)
    const s = await catalog.syncFromRegistry(url, { full: true })
    expect(s.skipped.map((k) => k.reason)).toContain('conflict dismissed by the operator')
    // Accepting is the operator's word: the entry replaces the listing, which becomes the upstream's.
    const accepted = await call('POST', `/api/v1/admin/import-conflicts/${hijack.id}/accept`, undefined, TOKEN)
    expect(accepted.status).toBe(200)
    const owned = await row(OWNED)
    expect(owned.repositoryUrl).toBe('https://github.com/evil-upstream/hijack')
    expect(owned.origin).toBe(`registry:${url}`)
    const open = (await (await call('GET', '/api/v1/admin/import-conflicts', undefined, TOKEN)).json()) as {
      conflicts: { name: string }[]
    }
    expect(open.conflicts.map((c) => c.name)).toEqual([GITHUB])
  }, 60_000)

  test('an upstream the operator trusts over file imports replaces an unclaimed imported listing', async () => {
    const put = await call(
      'PUT',
      '/api/v1/admin/registry-upstreams/trust',
      { upstream: url, trusts: ['import'] },
      TOKEN,
    )
    expect(put.status).toBe(200)
    expect(((await put.json()) as { trustedOrigins: string[] }).trustedOrigins).toEqual(['import'])
    await catalog.syncFromRegistry(url, { full: true })
    const gh = await row(GITHUB)
    expect(gh.origin).toBe(`registry:${url}`)
    expect(gh.packages.map((p) => p.identifier)).toEqual(['evil-gh-mcp'])
    // Submitted and demo listings are never an upstream's to replace.
    const refused = await call(
      'PUT',
      '/api/v1/admin/registry-upstreams/trust',
      { upstream: url, trusts: ['submission'] },
      TOKEN,
    )
    expect(refused.status).toBe(400)
  }, 60_000)
})

describe("a claimed listing's install changes only through its owner or an operator", () => {
  test('the upstream cannot point a claimed listing at another website, where it could prove and take it over', async () => {
    const NAME = 'io.github.claimer/site-tool'
    let website = 'https://site-tool.claimer.example'
    const url = upstream(() =>
      pageOf([
        {
          name: NAME,
          description: 'Documented on its own site',
          version: '1.0.0',
          repository: { url: 'https://github.com/claimer/site-tool', source: 'github' },
          websiteUrl: website,
        },
      ]),
    )
    expect((await catalog.syncFromRegistry(url)).created).toBe(1)
    const [{ id }] = await database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, NAME))
    const claimed = await call('POST', `/internal/listings/${id}/claims`, {
      claimId: 'site-claimer-1',
      claimant: 'claimer',
      method: 'readme',
    })
    expect(claimed.status).toBe(200)
    website = 'https://mallory.example'
    const s = await catalog.syncFromRegistry(url, { full: true })
    expect(s.conflicts).toEqual([{ index: 0, name: NAME, listingId: id, reason: 'claimed' }])
    const [row] = await database.db.select().from(listings).where(eq(listings.id, id))
    expect(row.websiteUrl).toBe('https://site-tool.claimer.example')
  }, 60_000)

  test('the upstream that created a listing cannot change its packages once the owner claimed it here', async () => {
    const NAME = 'io.github.claimer/own-tool'
    let pkg = 'own-tool'
    const url = upstream(() =>
      pageOf([
        {
          name: NAME,
          description: `The upstream's own listing (${pkg})`,
          version: pkg === 'own-tool' ? '1.0.0' : '2.0.0',
          repository: { url: 'https://github.com/claimer/own-tool', source: 'github' },
          packages: [{ registryType: 'npm', identifier: pkg, version: '1.0.0', transport: { type: 'stdio' } }],
        },
      ]),
    )
    expect((await catalog.syncFromRegistry(url)).created).toBe(1)
    const [{ id }] = await database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, NAME))
    const claimed = await call('POST', `/internal/listings/${id}/claims`, {
      claimId: 'claimer-1',
      claimant: 'claimer',
      method: 'readme',
    })
    expect(claimed.status).toBe(200)
    pkg = 'swapped-tool'
    const s = await catalog.syncFromRegistry(url, { full: true })
    expect(s.conflicts).toEqual([{ index: 0, name: NAME, listingId: id, reason: 'claimed' }])
    const [row] = await database.db.select().from(listings).where(eq(listings.id, id))
    expect(row.packages.map((p) => p.identifier)).toEqual(['own-tool'])
    expect(row.isOfficial).toBe(true)
    const versions = await database.db.select().from(serverVersions).where(eq(serverVersions.listingId, id))
    expect(versions.map((v) => v.version)).toEqual(['1.0.0'])
  }, 60_000)
})

describe('an upstream cannot move its own listing onto a repository another origin lists', () => {
  test('the change waits for the operator; the listing keeps its repository', async () => {
    const NAME = 'io.github.mover/tool'
    let repository = 'https://github.com/mover/tool'
    const url = upstream(() =>
      pageOf([
        {
          name: NAME,
          description: `At ${repository}`,
          version: '1.0.0',
          repository: { url: repository, source: 'github' },
        },
      ]),
    )
    expect((await catalog.syncFromRegistry(url)).created).toBe(1)
    repository = 'https://github.com/github/github-mcp-server'
    const s = await catalog.syncFromRegistry(url, { full: true })
    expect(s.conflicts.map((c) => c.reason)).toEqual(['repository'])
    const [row] = await database.db.select().from(listings).where(eq(listings.name, NAME))
    expect(row.repositoryUrl).toBe('https://github.com/mover/tool')
  }, 60_000)
})

describe('a hostile upstream cannot flood or exhaust the directory', () => {
  const upstreams = async () =>
    (
      (await (await call('GET', '/api/v1/admin/registry-upstreams', undefined, TOKEN)).json()) as {
        upstreams: { upstream: string; lastStop: string | null; lastError: string | null; syncedUpTo: string | null }[]
      }
    ).upstreams

  test('a 2 GiB page is refused at the size cap while it is read, with flat memory', async () => {
    const GIB2 = 2 * 1024 ** 3
    const chunk = new TextEncoder().encode(
      `${JSON.stringify(record({ name: 'io.github.flood/x', description: 'x'.repeat(900) }))},`.repeat(1000),
    )
    let sent = 0
    const url = upstream(
      () =>
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(new TextEncoder().encode('{"servers":['))
            },
            pull(c) {
              if (sent >= GIB2) return c.close()
              c.enqueue(chunk)
              sent += chunk.byteLength
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
    )
    Bun.gc(true)
    const before = process.memoryUsage().rss
    await expect(catalog.syncFromRegistry(url)).rejects.toThrow(/page larger than 16777216 bytes/)
    const grew = process.memoryUsage().rss - before
    console.log(
      `2 GiB page: ${(sent / 1024 ** 2).toFixed(1)} MiB sent before the refusal, RSS grew ${(grew / 1024 ** 2).toFixed(1)} MiB`,
    )
    expect(sent).toBeLessThan(64 * 1024 ** 2)
    expect(grew).toBeLessThan(256 * 1024 ** 2)
    expect((await upstreams()).find((u) => u.upstream === url)?.lastError).toMatch(/page larger/)
  }, 120_000)

  test('a cursor that never ends stops at REGISTRY_SYNC_MAX_PAGES; new listings past REGISTRY_SYNC_MAX_NEW wait', async () => {
    let requests = 0
    const url = upstream((cursor) => {
      requests++
      const n = cursor ? Number(cursor.slice(1)) : 0
      const entries = Array.from({ length: 100 }, (_, i) => ({
        name: `io.github.endless/server-${n}-${i}`,
        description: 'One of an endless list',
        version: '1.0.0',
      }))
      return pageOf(entries, `c${n + 1}`)
    })
    const s = await catalog.syncFromRegistry(url)
    expect(requests).toBe(12)
    expect(s.pages).toBe(12)
    expect(s.stopped).toMatch(/12 pages/)
    expect(s.created).toBe(150)
    expect(s.conflicts.filter((c) => c.reason === 'new_listing_cap').length).toBe(1200 - 150)
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(listings)
      .where(eq(listings.origin, `registry:${url}`))
    expect(n).toBe(150)
    const state = (await upstreams()).find((u) => u.upstream === url)!
    expect(state.lastStop).toMatch(/REGISTRY_SYNC_MAX_PAGES/)
    expect(state.syncedUpTo).toBeNull() // stopped early: the next sync asks again from the same point
    // The next sync creates no more of the waiting ones: they wait for the operator.
    const again = await catalog.syncFromRegistry(url)
    expect(again.created).toBe(0)
  }, 120_000)

  test('a cursor that leads back to an earlier one (A → B → A) stops', async () => {
    const next: Record<string, string> = { '': 'A', A: 'B', B: 'A' }
    let requests = 0
    const url = upstream((cursor) => {
      requests++
      return pageOf(
        [{ name: `io.github.cycle/server-${cursor ?? 'start'}`, description: 'Cycling', version: '1.0.0' }],
        next[cursor ?? ''],
      )
    })
    const s = await catalog.syncFromRegistry(url)
    expect(requests).toBe(3)
    expect(s.stopped).toMatch(/cursor the upstream gave before \(A\)/)
    expect((await upstreams()).find((u) => u.upstream === url)?.lastStop).toMatch(/loop/)
  }, 60_000)
})
