// More of what a hostile upstream registry or a crafted import document tries: aiming the directory's fetches at
// another address by a redirect, flooding a sync with oversized pages or cursors, passing its own trust marks off as
// the directory's, slipping a look-alike name or a version with hidden characters in, making the command line read
// an endless document, leaving an import or an accepted conflict half-applied, wiping the demo catalog with an
// import that brings nothing, and being trusted over a publisher's own listing. Each leaves the catalog as its
// origins and owners wrote it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CatalogService } from '@mcp-directory/catalog'
import { count, eq, importConflicts, listings, serverVersions, type Database } from '@mcp-directory/shared/db'
import { catalogUnderTest, type CatalogUnderTest, record } from './catalog-under-test'

const ROOT = join(import.meta.dir, '..', '..')
const TOKEN = 'upstream-attacks-token'
// The enrichment key of https://directory.example: the directory's own `_meta` namespace.
const DIRECTORY_META = 'example.directory/directory'
const OWNED = 'io.github.acme/owned-server'

let under: CatalogUnderTest
let database: Database
let catalog: CatalogService
const servers: ReturnType<typeof Bun.serve>[] = []

beforeAll(async () => {
  under = await catalogUnderTest({ PUBLIC_BASE_URL: 'https://directory.example' }, TOKEN)
  ;({ database, catalog } = under)
}, 120_000)

afterAll(async () => {
  for (const s of servers) s.stop(true)
  await under?.close()
})

/** A pending listing as the submission service creates it. */
const submitted = (name: string, url: string, description: string) =>
  under.call('POST', '/internal/listings', { name, url, description, category: 'Developer Tools' })

function serve(answer: (req: Request) => Response | Promise<Response>, hostname = '127.0.0.1') {
  const s = Bun.serve({ port: 0, hostname, fetch: answer })
  servers.push(s)
  return s
}

const upstreamOf = (entries: Record<string, unknown>[]) => {
  const s = serve(() => Response.json({ servers: entries.map(record), metadata: {} }))
  return `http://127.0.0.1:${s.port}`
}
const row = async (name: string) => (await database.db.select().from(listings).where(eq(listings.name, name)))[0]
const served = async (name: string) =>
  (await (await under.call('GET', `/v0.1/servers/${encodeURIComponent(name)}/versions`)).json()) as {
    servers?: { server: Record<string, unknown> }[]
  }

describe('a crafted import document', () => {
  test('an import with no usable entry leaves the demo catalog in place', async () => {
    await catalog.loadDemoIfEmpty()
    const [{ n: demo }] = await database.db.select({ n: count() }).from(listings).where(eq(listings.origin, 'demo'))
    expect(demo).toBeGreaterThan(0)
    const res = await under.call('POST', '/api/v1/admin/import', [{ nope: 1 }, { name: 42 }], TOKEN)
    expect(res.status).toBe(200)
    const s = (await res.json()) as { created: number; skipped: unknown[] }
    expect(s.created).toBe(0)
    expect(s.skipped.length).toBe(2)
    const [{ n }] = await database.db.select({ n: count() }).from(listings).where(eq(listings.origin, 'demo'))
    expect(n).toBe(demo)
  }, 60_000)

  test('bun run import of an endless document stops reading at its size bound', async () => {
    const MIB = 1024 * 1024
    const chunk = new Uint8Array(MIB).fill(0x20)
    let sent = 0
    const s = serve(
      () =>
        new Response(
          new ReadableStream({
            pull(c) {
              // Never announced: no content-length, so only reading it tells how large it is.
              if (sent >= 160 * MIB) return c.close()
              c.enqueue(chunk)
              sent += chunk.byteLength
            },
          }),
        ),
    )
    const dataDir = mkdtempSync(join(tmpdir(), 'import-endless-'))
    try {
      const child = Bun.spawn(['bun', 'scripts/import.ts', `http://127.0.0.1:${s.port}/servers.json`], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '', LOG_LEVEL: 'warn' },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited])
      expect(code).not.toBe(0)
      expect(stderr).toMatch(/larger than 67108864 bytes/)
      expect(sent).toBeLessThan(100 * MIB)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe('a crafted import file (bun run import reads it with JSON.parse, nothing else)', () => {
  const parsedFile = (text: string) => JSON.parse(text) as unknown

  test('a NUL in a title and a _meta nested 100,000 deep: imported whole, with its version, or not at all', async () => {
    const NAME = 'io.github.crafted/file-entry'
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const doc = parsedFile(
      `[{"name":"${NAME}","title":"A\\u0000title","description":"From a file","version":"1.0.0","_meta":{"io.example/x":${deep}}}]`,
    )
    const s = await catalog.importDocument(doc)
    expect(s.created).toBe(1)
    const listing = await row(NAME)
    const versions = await database.db
      .select({ version: serverVersions.version, server: serverVersions.server })
      .from(serverVersions)
      .where(eq(serverVersions.listingId, listing.id))
    expect(versions.map((v) => v.version)).toEqual(['1.0.0'])
    expect(JSON.stringify(versions[0].server)).not.toContain('\\u0000')
  }, 60_000)
})

describe('a hostile upstream', () => {
  test('a redirect off the upstream’s origin is not followed: nothing is read from the other address', async () => {
    let elsewhere = 0
    const other = serve(() => {
      elsewhere++
      return Response.json({
        servers: [record({ name: 'io.github.internal/admin', description: 'An internal service', version: '1.0.0' })],
      })
    }, 'localhost')
    const s = serve(
      () => new Response(null, { status: 302, headers: { location: `http://localhost:${other.port}/v0.1/servers` } }),
    )
    await expect(catalog.syncFromRegistry(`http://127.0.0.1:${s.port}`)).rejects.toThrow(/redirect/)
    expect(elsewhere).toBe(0)
    expect(await row('io.github.internal/admin')).toBeUndefined()
    // The control: a redirect on the upstream's own origin is followed.
    const moved = serve((req) => {
      const u = new URL(req.url)
      if (u.pathname.startsWith('/moved/'))
        return Response.json({
          servers: [record({ name: 'io.github.moved/tool', description: 'Moved', version: '1.0.0' })],
        })
      return new Response(null, { status: 301, headers: { location: `/moved${u.pathname}${u.search}` } })
    })
    expect((await catalog.syncFromRegistry(`http://127.0.0.1:${moved.port}`)).created).toBe(1)
  }, 60_000)

  test('a page of 5,000 records when 100 were asked is refused whole: nothing of it written', async () => {
    const s = serve(() =>
      Response.json({
        servers: Array.from({ length: 5_000 }, (_, i) =>
          record({ name: `io.github.flood/page-${i}`, description: 'One of too many', version: '1.0.0' }),
        ),
        metadata: {},
      }),
    )
    const url = `http://127.0.0.1:${s.port}`
    await expect(catalog.syncFromRegistry(url)).rejects.toThrow(/5000 records; at most 100 were asked/)
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(listings)
      .where(eq(listings.origin, `registry:${url}`))
    expect(n).toBe(0)
    const [{ c }] = await database.db
      .select({ c: count() })
      .from(importConflicts)
      .where(eq(importConflicts.origin, `registry:${url}`))
    expect(c).toBe(0)
  }, 120_000)

  test('a cursor of 8 KiB is refused: never kept, never sent back', async () => {
    const cursors: string[] = []
    const s = serve((req) => {
      const cursor = new URL(req.url).searchParams.get('cursor')
      if (cursor) cursors.push(cursor)
      return Response.json({
        servers: [record({ name: 'io.github.cursor/tool', description: 'A long cursor', version: '1.0.0' })],
        metadata: cursor ? {} : { nextCursor: 'c'.repeat(8 * 1024) },
      })
    })
    await expect(catalog.syncFromRegistry(`http://127.0.0.1:${s.port}`)).rejects.toThrow(/nextCursor longer than/)
    expect(cursors).toEqual([])
  }, 60_000)

  test('its server.json cannot carry the directory’s own _meta key: only the directory’s enrichment is served', async () => {
    const NAME = 'io.github.meta/self-marked'
    const url = upstreamOf([
      {
        name: NAME,
        description: 'Marks itself official',
        version: '1.0.0',
        _meta: {
          [DIRECTORY_META]: { official: true, verified: true, publisherVerified: true, installConfidence: 'high' },
          'io.modelcontextprotocol.registry/publisher-provided': { tool: 'publisher-cli' },
        },
      },
    ])
    expect((await catalog.syncFromRegistry(url)).created).toBe(1)
    await catalog.flush()
    const [v] = (await served(NAME)).servers ?? []
    expect(v.server._meta).toEqual({ 'io.modelcontextprotocol.registry/publisher-provided': { tool: 'publisher-cli' } })
    const [stored] = await database.db
      .select({ server: serverVersions.server })
      .from(serverVersions)
      .where(eq(serverVersions.serverName, NAME))
    expect(JSON.stringify(stored.server)).not.toContain(DIRECTORY_META)
  }, 60_000)

  test('a name with a character a submission may not hold (a Braille blank) is skipped: no twin of a listing', async () => {
    expect(
      (await submitted(OWNED, 'https://github.com/acme/owned-server', 'A server its owner submitted')).status,
    ).toBe(201)
    const twin = `${OWNED}\u2800`
    const url = upstreamOf([
      {
        name: twin,
        description: 'Looks like the owner’s listing',
        version: '1.0.0',
        packages: [{ registryType: 'npm', identifier: 'evil-twin', version: '1.0.0', transport: { type: 'stdio' } }],
      },
    ])
    const s = await catalog.syncFromRegistry(url)
    expect(s.created).toBe(0)
    expect(s.skipped.find((k) => k.name === twin)?.reason).toMatch(/U\+2800/)
    expect(await row(twin)).toBeUndefined()
  }, 60_000)

  test('a version with a bidi override or a control character is refused: no listing, no served version', async () => {
    const NAME = 'io.github.versions/hidden'
    const url = upstreamOf([
      { name: NAME, description: 'A reversed version', version: '1.0.0\u202E9.9.9' },
      { name: `${NAME}-ansi`, description: 'A version a terminal reads', version: '1.0.0\u001b[2J' },
    ])
    const s = await catalog.syncFromRegistry(url)
    expect(s.created).toBe(0)
    expect(s.skipped.map((k) => k.reason)).toEqual([
      'version contains control, invisible or bidi control characters',
      'version contains control, invisible or bidi control characters',
    ])
    expect(await row(NAME)).toBeUndefined()
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(serverVersions)
      .where(eq(serverVersions.serverName, NAME))
    expect(n).toBe(0)
  }, 60_000)
})

describe('the operator’s trust in an upstream', () => {
  test('never reaches a publisher’s own listing: only imported origins may be trusted', async () => {
    const NAME = 'io.github.pub/own-tool'
    const origin = 'publisher:io.github.pub'
    // As a publish with a registry token for io.github.pub writes it.
    const published = await catalog.importDocument(
      { servers: [{ name: NAME, description: 'Published by its namespace owner', version: '1.0.0' }] },
      undefined,
      { origin },
    )
    expect(published.created).toBe(1)
    const url = upstreamOf([
      {
        name: NAME,
        description: 'Taken over',
        version: '2.0.0',
        packages: [{ registryType: 'npm', identifier: 'evil-pub', version: '2.0.0', transport: { type: 'stdio' } }],
      },
    ])
    const put = await under.call(
      'PUT',
      '/api/v1/admin/registry-upstreams/trust',
      { upstream: url, trusts: [origin] },
      TOKEN,
    )
    expect(put.status).toBe(400)
    const s = await catalog.syncFromRegistry(url)
    expect(s.conflicts.map((c) => c.reason)).toEqual(['name'])
    const listing = await row(NAME)
    expect(listing.origin).toBe(origin)
    expect(listing.packages).toEqual([])
  }, 60_000)
})

describe('accepting a conflict', () => {
  test('a waiting new entry whose name was taken since is not half-accepted: 409, and the conflict stays open', async () => {
    const NAME = 'io.github.late/tool'
    const origin = 'registry:https://late.example'
    const entry = { name: NAME, description: 'Waited past the cap', version: '1.0.0' }
    const s = await catalog.importDocument([entry], undefined, { origin, newBudget: { left: 0 } })
    expect(s.conflicts.map((c) => c.reason)).toEqual(['new_listing_cap'])
    expect((await submitted(NAME, 'https://github.com/late/tool', 'Submitted meanwhile')).status).toBe(201)
    const { conflicts } = (await (
      await under.call('GET', '/api/v1/admin/import-conflicts', undefined, TOKEN)
    ).json()) as {
      conflicts: { id: number; name: string }[]
    }
    const c = conflicts.find((x) => x.name === NAME)!
    const res = await under.call('POST', `/api/v1/admin/import-conflicts/${c.id}/accept`, undefined, TOKEN)
    expect(res.status).toBe(409)
    expect(((await res.json()) as { message: string }).message).toMatch(/the name is held by/)
    const open = (await (await under.call('GET', '/api/v1/admin/import-conflicts', undefined, TOKEN)).json()) as {
      conflicts: { id: number }[]
    }
    expect(open.conflicts.some((x) => x.id === c.id)).toBe(true)
    expect((await row(NAME)).origin).toBe('submission')
  }, 60_000)
})
