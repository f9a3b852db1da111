// One install name per server in one search answer: two listings whose names make the same install name (two
// `postgres`) get distinct ones, the first added keeping it and the other qualified by its publisher, and each hit's
// client install line uses the name its hit carries. Real PostgreSQL, the catalog's own import and search.
import { describe, expect, test } from 'bun:test'
import { eq, listings, sql } from '@mcp-directory/shared/db'
import { freshCatalog } from './fresh-catalog'

const made = freshCatalog('install-names-test-operator-token')

type Hit = { id: string; name: string; installName: string; install?: { line: string | null } | null }
const search = async (qs: string) => {
  const res = await made.catalog.app.handle(new Request(`http://localhost/api/v1/search?${qs}`))
  expect(res.status).toBe(200)
  return (await res.json()) as { servers: Hit[]; nextCursor: string | null }
}

const entry = (owner: string, repo: string) => ({
  name: `io.github.${owner}/postgres`,
  description: `Query PostgreSQL databases, by ${owner}`,
  version: '1.0.0',
  repository: { url: `https://github.com/${owner}/${repo}`, source: 'github' },
  packages: [
    { registryType: 'npm', identifier: `@${owner}/postgres-mcp`, version: '1.0.0', transport: { type: 'stdio' } },
  ],
})

/** Sets when a listing was added, then rereads it into search. */
async function addedAt(name: string, at: string) {
  await made.database.db.execute(sql`update catalog.listings set created_at = ${at} where name = ${name}`)
  const rows = await made.database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, name))
  await made.catalog.search.refresh(rows.map((r) => r.id))
}

describe('install names in one answer', () => {
  test('two hits that would share an install name get distinct ones, and their lines use them', async () => {
    await made.catalog.search.ready
    await made.catalog.importDocument([entry('acme', 'postgres-server'), entry('alice', 'pg')])
    // alice's was added first: it keeps `postgres`; acme's is qualified by its publisher.
    await addedAt('io.github.alice/postgres', '2025-01-01T00:00:00Z')
    await addedAt('io.github.acme/postgres', '2025-06-01T00:00:00Z')
    const { servers } = await search('q=postgres&client=claude-code')
    const by = Object.fromEntries(servers.map((s) => [s.name, s]))
    expect(by['io.github.alice/postgres']!.installName).toBe('postgres')
    expect(by['io.github.acme/postgres']!.installName).toBe('postgres-acme')
    expect(new Set(servers.map((s) => s.installName)).size).toBe(servers.length)
    const line = (n: string) => by[n]!.install!.line!
    expect(line('io.github.acme/postgres')).toContain('postgres-acme')
    expect(line('io.github.acme/postgres')).toContain('@acme/postgres-mcp')
    expect(line('io.github.alice/postgres')).toMatch(/ postgres /)
    expect(line('io.github.alice/postgres')).not.toContain('postgres-acme')
  })

  test('a name is the same on every page of a walk, and without a client', async () => {
    const whole = Object.fromEntries((await search('q=postgres')).servers.map((s) => [s.id, s.installName]))
    const walked: Record<string, string> = {}
    let cursor: string | null = null
    do {
      const page: { servers: Hit[]; nextCursor: string | null } = await search(
        `q=postgres&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      )
      for (const s of page.servers) walked[s.id] = s.installName
      cursor = page.nextCursor
    } while (cursor)
    expect(walked).toEqual(whole)
    expect(Object.values(whole).sort()).toEqual(['postgres', 'postgres-acme'])
  })

  test("the detail and the Markdown key their configs by the hit's name", async () => {
    const { servers } = await search('q=postgres')
    const acme = servers.find((s) => s.name === 'io.github.acme/postgres')!
    const res = await made.catalog.app.handle(new Request(`http://localhost/api/v1/servers/${acme.id}`))
    const { server } = (await res.json()) as { server: { installName: string; configs: { snippet: string }[] } }
    expect(server.installName).toBe('postgres-acme')
    for (const c of server.configs) expect(c.snippet).toContain('postgres-acme')
    const md = await made.catalog.app.handle(new Request(`http://localhost/api/v1/mcp/${acme.id}/markdown`))
    expect(await md.text()).toContain('"postgres-acme": {')
  })

  test('when the first holder leaves the catalog, the other gets the name back', async () => {
    await made.database.db.execute(
      sql`update catalog.listings set status = 'flagged' where name = 'io.github.alice/postgres'`,
    )
    const rows = await made.database.db
      .select({ id: listings.id })
      .from(listings)
      .where(sql`${listings.name} like '%/postgres'`)
    await made.catalog.search.refresh(rows.map((r) => r.id))
    const { servers } = await search('q=postgres&client=claude-code')
    expect(servers.map((s) => [s.name, s.installName])).toEqual([['io.github.acme/postgres', 'postgres']])
    expect(servers[0]!.install!.line).not.toContain('postgres-acme')
    // Its kept detail is built again under the name it has now.
    const res = await made.catalog.app.handle(new Request(`http://localhost/api/v1/servers/${servers[0]!.id}`))
    expect(((await res.json()) as { server: { installName: string } }).server.installName).toBe('postgres')
  })
})
