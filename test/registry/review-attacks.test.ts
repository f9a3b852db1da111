// Attacks from a security review of the running directory, each refused on the real catalog, PostgreSQL and Redis:
// installs pointing at the user's own machine (publish, an owner's edit, an import), the public status lookup
// naming the operator's followed upstream, a signed timestamp used twice (also on another replica), and one
// anonymous publisher changing another's publish. OUTBOUND_ALLOW_PRIVATE is unset, as in production.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from '@mcp-directory/shared/db'
import { createRedisStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import { dropRun, runToken, TEST_SERVICES } from '@mcp-directory/shared/testing'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'
import { publisherKey, rfc3339, startPublisherWorld, type PublisherWorld } from './publisher-world'

const run = runToken()
let world: PublisherWorld
let cut: CatalogUnderTest
let replica: CatalogUnderTest
let kv: KeyValueStore
const key = publisherKey()
const UPSTREAM = 'https://mirror.corp.internal:8443/registry'

const serverJson = (name: string, version: string, remote: string) => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name,
  description: `The ${name} server`,
  version,
  remotes: [{ type: 'streamable-http', url: remote }],
})
const anonToken = async (c: CatalogUnderTest) =>
  ((await (await c.call('POST', '/v0.1/auth/none')).json()) as { registry_token: string }).registry_token
const idOf = async (name: string) =>
  (await cut.database.rows<{ id: string }>(sql`select id from catalog.listings where name = ${name}`))[0]?.id

beforeAll(async () => {
  world = await startPublisherWorld()
  world.dns.setTxt('replay.example', [key.record])
  // Remotes' names resolve through this server too: public ones, and ones that mean the user's machine or network.
  for (const host of ['mcp.example.net', 'a.example']) world.dns.setA(host, ['93.184.215.14'])
  world.dns.setA('localtest.me', ['127.0.0.1'])
  world.dns.setA('intranet.example.net', ['10.20.30.40'])
  world.dns.setAaaa('v6.example.net', ['fd00::7'])
  world.dns.setA('split.example.net', ['93.184.215.14', '192.168.1.9'])
  kv = createRedisStore({ url: TEST_SERVICES.redis, keyPrefix: `test:${run}:` })
  const env = { PUBLIC_BASE_URL: 'https://dir.example', DNS_SERVERS: world.dns.address, DEMO_CATALOG: '0' }
  const extra = { secret: 'review-attacks-secret', kv, publishing: { allowAnonymous: true } }
  cut = await catalogUnderTest(env, 'op-token', extra)
  // A second replica: its own database does not matter here, only the store both share (Redis).
  replica = await catalogUnderTest(env, 'op-token', extra)
})

afterAll(async () => {
  await cut?.close()
  await replica?.close()
  await kv?.close()
  await world?.close()
  await dropRun(run)
})

describe('installs that point at the user’s own machine are refused', () => {
  test('a publish with a remote on http://127.0.0.1:8080/mcp (or localhost, or a private address) is a 400 saying why', async () => {
    const token = await anonToken(cut)
    for (const [i, remote] of [
      'http://127.0.0.1:8080/mcp',
      'http://localhost:3000/mcp',
      'https://[::1]:8443/mcp',
      'http://10.1.2.3/mcp',
      'http://[fd00::1]/mcp',
      'http://169.254.10.1/mcp',
      'http://0x7f.1/mcp',
    ].entries()) {
      const name = `io.modelcontextprotocol.anonymous/loopback-${i}`
      const res = await cut.call('POST', '/v0.1/publish', serverJson(name, '1.0.0', remote), token)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: string }).error).toContain('remotes[0]')
      expect(await idOf(name)).toBeUndefined()
    }
    // A public address is published as before.
    const ok = serverJson('io.modelcontextprotocol.anonymous/public', '1.0.0', 'https://mcp.example.net/mcp')
    expect((await cut.call('POST', '/v0.1/publish', ok, token)).status).toBe(200)
  })

  test('a publish whose remote’s name resolves only there (localtest.me → 127.0.0.1, 10.x, fd00::) is a 400 saying so', async () => {
    const token = await anonToken(cut)
    const cases = [
      ['http://localtest.me/mcp', 'localtest.me resolves to 127.0.0.1 is a loopback address'],
      ['https://intranet.example.net/mcp', 'resolves to 10.20.30.40 is a private address'],
      ['https://v6.example.net/sse', 'resolves to fd00::7 is a unique-local (private) address'],
      ['https://split.example.net/mcp', 'resolves to 192.168.1.9 is a private address'],
      ['https://nowhere.example.net/mcp', 'nowhere.example.net does not resolve'],
    ]
    for (const [i, [remote, why]] of cases.entries()) {
      const name = `io.modelcontextprotocol.anonymous/resolves-private-${i}`
      const res = await cut.call('POST', '/v0.1/publish', serverJson(name, '1.0.0', remote!), token)
      expect(res.status).toBe(400)
      const error = ((await res.json()) as { error: string }).error
      expect(error).toContain(`${name} refused: remotes[0]: `)
      expect(error).toContain(why!)
      expect(await idOf(name)).toBeUndefined()
    }
  })

  test('an owner’s edit to a name that resolves to 10.x is a 400 naming the remotes; the listing keeps its remote', async () => {
    const entry = {
      name: `io.github.owner-${run}/resolved`,
      description: 'A hosted tool',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'https://mcp.example.net/mcp' }],
    }
    expect((await cut.call('POST', '/api/v1/admin/import', [entry], 'op-token')).status).toBe(200)
    const id = (await idOf(entry.name))!
    await cut.claim(id, 'ag_resolver', `claim-resolved-${run}`)
    const res = await cut.asAgent('ag_resolver', 'PATCH', `/api/v1/servers/${id}`, {
      remotes: [{ type: 'streamable-http', url: 'https://intranet.example.net/mcp' }],
    })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toContain('remotes[0]: intranet.example.net resolves to 10.20.30.40')
    const [row] = await cut.database.rows<{ remotes: { url: string }[] }>(
      sql`select remotes from catalog.listings where id = ${id}`,
    )
    expect(row!.remotes.map((r) => r.url)).toEqual(['https://mcp.example.net/mcp'])
    // A public name is taken.
    const ok = await cut.asAgent('ag_resolver', 'PATCH', `/api/v1/servers/${id}`, {
      remotes: [{ type: 'streamable-http', url: 'https://a.example/mcp' }],
    })
    expect(ok.status).toBe(200)
  })

  test('an owner’s edit to https://[::1]:… is a 400 naming the remotes; the listing keeps its remote', async () => {
    const entry = {
      name: `io.github.owner-${run}/hosted`,
      description: 'A hosted tool',
      version: '1.0.0',
      repository: { url: `https://github.com/owner-${run}/hosted`, source: 'github' },
      remotes: [{ type: 'streamable-http', url: 'https://mcp.owner.example/mcp' }],
    }
    expect((await cut.call('POST', '/api/v1/admin/import', [entry], 'op-token')).status).toBe(200)
    const id = (await idOf(entry.name))!
    await cut.claim(id, 'ag_owner', `claim-${run}`)
    for (const url of ['https://[::1]:8443/mcp', 'https://localhost/mcp', 'https://192.168.1.20/mcp']) {
      const res = await cut.asAgent('ag_owner', 'PATCH', `/api/v1/servers/${id}`, {
        remotes: [{ type: 'streamable-http', url }],
      })
      expect(res.status).toBe(400)
      expect(JSON.stringify(await res.json())).toContain('remotes')
    }
    const [row] = await cut.database.rows<{ remotes: { url: string }[] }>(
      sql`select remotes from catalog.listings where id = ${id}`,
    )
    expect(row.remotes.map((r) => r.url)).toEqual(['https://mcp.owner.example/mcp'])
  })

  test('an import entry with such a remote is skipped with its reason, and nothing of it is written', async () => {
    const name = `io.github.importer-${run}/local`
    const res = await cut.call(
      'POST',
      '/api/v1/admin/import',
      [
        {
          name,
          description: 'Points at the user’s machine',
          version: '1.0.0',
          remotes: [
            { type: 'streamable-http', url: 'https://mcp.fine.example/mcp' },
            { type: 'sse', url: 'http://127.0.0.1:8080/sse' },
          ],
        },
      ],
      'op-token',
    )
    expect(res.status).toBe(200)
    const summary = (await res.json()) as { created: number; skipped: { name: string; reason: string }[] }
    expect(summary.created).toBe(0)
    expect(summary.skipped).toEqual([expect.objectContaining({ name, reason: expect.stringContaining('remotes[1]') })])
    expect(await idOf(name)).toBeUndefined()
    const versions = await cut.database.rows(sql`select 1 from catalog.server_versions where server_name = ${name}`)
    expect(versions).toHaveLength(0)
  })
})

describe('the public status lookup names no upstream address', () => {
  test('a listing of a followed upstream, and an entry of it waiting as a conflict, are named `registry`', async () => {
    const listed = {
      name: `io.github.upstream-${run}/listed`,
      description: 'From a private mirror',
      version: '1.0.0',
      repository: { url: `https://github.com/upstream-${run}/listed`, source: 'github' },
    }
    expect((await cut.catalog.importDocument([listed], undefined, { origin: `registry:${UPSTREAM}` })).created).toBe(1)
    const status = await cut.call('GET', `/api/v1/listings/status?name=${encodeURIComponent(listed.name)}`)
    const text = await status.text()
    expect(JSON.parse(text)).toMatchObject({ state: 'listed', origin: 'registry' })
    expect(text).not.toContain('mirror.corp.internal')
    // The operator's own import holds a name; the upstream's entry of it waits for the operator.
    const held = {
      ...listed,
      name: `io.github.upstream-${run}/held`,
      description: 'Imported by the operator',
      repository: { url: `https://github.com/upstream-${run}/held`, source: 'github' },
    }
    expect((await cut.catalog.importDocument([held])).created).toBe(1)
    const waiting = { ...held, description: 'The upstream’s copy' }
    const s = await cut.catalog.importDocument([waiting], undefined, { origin: `registry:${UPSTREAM}` })
    expect(s.conflicts).toHaveLength(1)
    const conflict = await cut.call('GET', `/api/v1/listings/status?name=${encodeURIComponent(held.name)}`)
    const conflictText = await conflict.text()
    expect(JSON.parse(conflictText)).toMatchObject({ state: 'conflicting', origin: 'registry' })
    expect(conflictText).not.toContain('mirror.corp.internal')
  })
})

describe('a signed timestamp proves its holder once', () => {
  test('the same signed timestamp sent twice within its ±15 s: the second is a 401, on this replica and on another', async () => {
    const timestamp = rfc3339()
    const body = { domain: 'replay.example', timestamp, signed_timestamp: key.signed(timestamp) }
    const first = await cut.call('POST', '/v0.1/auth/dns', body)
    expect(first.status).toBe(200)
    const again = await cut.call('POST', '/v0.1/auth/dns', body)
    expect(again.status).toBe(401)
    expect(((await again.json()) as { error: string }).error).toContain('already used')
    // Upper-case hex is the same signature.
    const shouted = await replica.call('POST', '/v0.1/auth/dns', {
      ...body,
      signed_timestamp: body.signed_timestamp.toUpperCase(),
    })
    expect(shouted.status).toBe(401)
    // A copy sent to another replica at once: exactly one of them is accepted.
    const fresh = new Date(Date.now() + 1).toISOString()
    const copy = { ...body, timestamp: fresh, signed_timestamp: key.signed(fresh) }
    const both = await Promise.all([cut, replica].map((c) => c.call('POST', '/v0.1/auth/dns', copy)))
    expect(both.map((r) => r.status).sort()).toEqual([200, 401])
  })
})

describe('one anonymous publisher cannot change another’s publish (PUBLISH_AUTH_NONE=1)', () => {
  test('each anonymous token is its own subject: another deletes, deprecates or republishes nothing of it', async () => {
    const alice = await anonToken(cut)
    const mallory = await anonToken(cut)
    const name = 'io.modelcontextprotocol.anonymous/alices-server'
    expect(
      (await cut.call('POST', '/v0.1/publish', serverJson(name, '1.0.0', 'https://a.example/mcp'), alice)).status,
    ).toBe(200)
    const path = `/v0.1/servers/${encodeURIComponent(name)}`
    expect((await cut.call('PATCH', `${path}/status`, { status: 'deleted' }, mallory)).status).toBe(403)
    expect((await cut.call('PATCH', `${path}/versions/1.0.0/status`, { status: 'deprecated' }, mallory)).status).toBe(
      403,
    )
    const over = await cut.call('POST', '/v0.1/publish', serverJson(name, '2.0.0', 'https://evil.example/mcp'), mallory)
    expect(over.status).toBe(409)
    const [row] = await cut.database.rows<{ status: string; remotes: { url: string }[] }>(
      sql`select status, remotes from catalog.listings where name = ${name}`,
    )
    expect(row).toEqual({ status: 'active', remotes: [expect.objectContaining({ url: 'https://a.example/mcp' })] })
    // Its own token still changes it.
    expect((await cut.call('PATCH', `${path}/status`, { status: 'deleted' }, alice)).status).toBe(200)
  })
})
