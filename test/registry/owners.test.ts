// Owners in charge of their listings: the agent whose claim proved a listing (or a publisher whose registry token
// grants its namespace) edits it, replaces its packages (re-checked against an npm registry stand-in), deprecates
// it, hands it to another agent who accepts, and merges a duplicate into it; every change is kept in the listing's
// history and shown in its detail. A stranger's agent or registry token can do none of it (403). The status
// lookup answers for names and addresses without saying who submitted them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from '@mcp-directory/shared/db'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'
import { freshTimestamp, publisherKey, startPublisherWorld, type PublisherWorld } from './publisher-world'

let world: PublisherWorld
const ids: Record<string, string> = {}
let cut: CatalogUnderTest
const key = publisherKey()
const OWNER = 'ag_owner'
const STRANGER = 'ag_stranger'
const HEIR = 'ag_heir'

const asAgent = (agent: string | null, method: string, path: string, body?: unknown) =>
  cut.asAgent(agent, method, path, body)
const detail = async (id: string) =>
  (await (await cut.call('GET', `/api/v1/servers/${id}`)).json()) as {
    server: Record<string, unknown> & { history: { kind: string; actor: string; details: Record<string, unknown> }[] }
  }

async function registryToken(domain: string) {
  const timestamp = freshTimestamp()
  const res = await cut.call('POST', '/v0.1/auth/dns', { domain, timestamp, signed_timestamp: key.signed(timestamp) })
  return ((await res.json()) as { registry_token: string }).registry_token
}

const claim = (id: string, agent: string) => cut.claim(id, agent)

beforeAll(async () => {
  world = await startPublisherWorld()
  world.dns.setTxt('owned.example', [key.record])
  world.dns.setTxt('stranger.example', [key.record])
  world.addNpm('owned-tool', '2.0.0', 'example.owned/tool')
  world.addNpm('someone-else', '1.0.0', 'example.other/thing')
  cut = await catalogUnderTest(
    {
      PUBLIC_BASE_URL: 'https://dir.example',
      DNS_SERVERS: world.dns.address,
      NPM_REGISTRY_URL: world.npmUrl,
      DEMO_CATALOG: '0',
    },
    'op-token',
    { secret: 'owners-test-secret' },
  )
  const imported = await cut.call(
    'POST',
    '/api/v1/admin/import',
    [
      {
        name: 'example.owned/tool',
        description: 'A tool',
        version: '1.0.0',
        repository: { url: 'https://github.com/owned/tool', source: 'github' },
      },
      {
        name: 'owned-tool-copy',
        description: 'The same tool again',
        version: '1.0.0',
        repository: { url: 'https://github.com/owned/tool', source: 'github' },
      },
      {
        name: 'unrelated',
        description: 'Another tool',
        version: '1.0.0',
        repository: { url: 'https://github.com/other/unrelated', source: 'github' },
      },
    ],
    'op-token',
  )
  expect(imported.status).toBe(200)
  const rows = await cut.database.rows<{ id: string; name: string }>(sql`select id, name from catalog.listings`)
  for (const r of rows) ids[r.name] = r.id
  for (const name of ['example.owned/tool', 'owned-tool-copy', 'unrelated']) await claim(ids[name], OWNER)
})

afterAll(async () => {
  await cut?.close()
  await world?.close()
})

describe('a stranger can do nothing', () => {
  test('another agent, a registry token of another namespace, and no token at all', async () => {
    const id = ids['example.owned/tool']
    const strangerToken = await registryToken('stranger.example')
    const attempts: [string, string, unknown][] = [
      ['PATCH', `/api/v1/servers/${id}`, { description: 'pwned' }],
      ['POST', `/api/v1/servers/${id}/status`, { status: 'archived' }],
      ['POST', `/api/v1/servers/${id}/transfer`, { toAgent: STRANGER }],
      ['POST', `/api/v1/servers/${ids['owned-tool-copy']}/merge`, { into: id }],
    ]
    for (const [method, path, body] of attempts) {
      expect((await asAgent(STRANGER, method, path, body)).status).toBe(403)
      expect((await cut.call(method, path, body, strangerToken)).status).toBe(403)
      expect((await asAgent(null, method, path, body)).status).toBe(401)
    }
    expect((await asAgent(STRANGER, 'POST', `/api/v1/servers/${id}/transfer/accept`)).status).toBe(403)
    expect((await detail(id)).server.description).toBe('A tool')
  })
})

describe('the owner in charge', () => {
  test('edits descriptive fields; the history shows it', async () => {
    const res = await asAgent(OWNER, 'PATCH', `/api/v1/servers/${ids['example.owned/tool']}`, {
      description: 'A better description',
      tags: ['weather', 'weather', 'forecast'],
      websiteUrl: 'https://owned.example/tool',
      title: 'Owned Tool',
    })
    expect(res.status).toBe(200)
    const d = await detail(ids['example.owned/tool'])
    expect(d.server.description).toBe('A better description')
    expect(d.server.history.at(-1)).toMatchObject({ kind: 'edited', actor: `agent:${OWNER}` })
  })

  test('replaces packages only with packages whose registry entry names the listing', async () => {
    const path = `/api/v1/servers/${ids['example.owned/tool']}`
    const bad = await asAgent(OWNER, 'PATCH', path, {
      packages: [{ registryType: 'npm', identifier: 'someone-else', version: '1.0.0' }],
    })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toContain('someone-else')
    const good = await asAgent(OWNER, 'PATCH', path, {
      packages: [{ registryType: 'npm', identifier: 'owned-tool', version: '2.0.0' }],
    })
    expect(good.status).toBe(200)
    const d = await detail(ids['example.owned/tool'])
    expect(JSON.stringify(d.server)).toContain('owned-tool')
    expect(d.server.history.at(-1)?.kind).toBe('packages_replaced')
  })

  test('a publisher token for the namespace may act as owner too', async () => {
    const token = await registryToken('owned.example')
    const res = await cut.call(
      'POST',
      `/api/v1/servers/${ids['example.owned/tool']}/status`,
      { status: 'deprecated', message: 'Use v2' },
      token,
    )
    expect(res.status).toBe(200)
    const d = await detail(ids['example.owned/tool'])
    expect(d.server.history.at(-1)).toMatchObject({
      kind: 'deprecated',
      actor: 'publisher:dns:owned.example',
      details: { message: 'Use v2' },
    })
  })

  test('a publisher’s offer is withdrawn when an agent proves ownership after it: it hands nothing over', async () => {
    const entry = {
      name: 'example.owned/handed-over',
      description: 'A tool its publisher hands over',
      version: '1.0.0',
      repository: { url: 'https://github.com/owned/handed-over', source: 'github' },
    }
    expect((await cut.call('POST', '/api/v1/admin/import', [entry], 'op-token')).status).toBe(200)
    const [listing] = await cut.database.rows<{ id: string }>(
      sql`select id from catalog.listings where name = ${entry.name}`,
    )
    const id = listing.id
    const token = await registryToken('owned.example')
    const offered = await cut.call('POST', `/api/v1/servers/${id}/transfer`, { toAgent: 'ag_publisher_pick' }, token)
    expect(offered.status).toBe(202)
    await cut.claim(id, 'ag_prover', 'claim-prover')
    const res = await asAgent('ag_publisher_pick', 'POST', `/api/v1/servers/${id}/transfer/accept`)
    expect(res.status).toBe(403)
    const [row] = await cut.database.rows<{ owner_agent: string }>(
      sql`select owner_agent from catalog.listings where id = ${id}`,
    )
    expect(row.owner_agent).toBe('ag_prover')
    // The publisher may offer it again, now knowing who owns it; that offer goes through.
    const again = await cut.call('POST', `/api/v1/servers/${id}/transfer`, { toAgent: 'ag_publisher_pick' }, token)
    expect(again.status).toBe(202)
    expect((await asAgent('ag_publisher_pick', 'POST', `/api/v1/servers/${id}/transfer/accept`)).status).toBe(200)
  })

  test('hands the listing to another agent, who accepts; both recorded', async () => {
    const id = ids.unrelated
    expect((await asAgent(OWNER, 'POST', `/api/v1/servers/${id}/transfer`, { toAgent: HEIR })).status).toBe(202)
    // Offered is not yet handed over: the old owner still acts, the heir does not.
    expect((await asAgent(HEIR, 'PATCH', `/api/v1/servers/${id}`, { title: 'Mine' })).status).toBe(403)
    expect((await asAgent(STRANGER, 'POST', `/api/v1/servers/${id}/transfer/accept`)).status).toBe(403)
    expect((await asAgent(HEIR, 'POST', `/api/v1/servers/${id}/transfer/accept`)).status).toBe(200)
    expect((await asAgent(HEIR, 'PATCH', `/api/v1/servers/${id}`, { title: 'Mine' })).status).toBe(200)
    expect((await asAgent(OWNER, 'PATCH', `/api/v1/servers/${id}`, { title: 'Back' })).status).toBe(403)
    const kinds = (await detail(id)).server.history.map((h) => [h.kind, h.actor])
    expect(kinds).toContainEqual(['transfer_offered', `agent:${OWNER}`])
    expect(kinds).toContainEqual(['transferred', `agent:${HEIR}`])
  })

  test('merges a duplicate it owns; the merged id redirects to the survivor', async () => {
    const other = await asAgent(OWNER, 'POST', `/api/v1/servers/${ids['owned-tool-copy']}/merge`, {
      into: ids.unrelated,
    })
    expect(other.status).toBe(403) // the survivor is the heir's now
    const res = await asAgent(OWNER, 'POST', `/api/v1/servers/${ids['owned-tool-copy']}/merge`, {
      into: ids['example.owned/tool'],
    })
    expect(res.status).toBe(200)
    const gone = await cut.call('GET', `/api/v1/servers/${ids['owned-tool-copy']}`)
    expect(gone.status).toBe(308)
    expect(gone.headers.get('location')).toBe(`https://dir.example/api/v1/servers/${ids['example.owned/tool']}`)
    expect((await detail(ids['example.owned/tool'])).server.history.at(-1)).toMatchObject({ kind: 'merged_from' })
  })
})

describe('two merges of one pair in opposite directions at once', () => {
  test('one merges, the other finds its listing gone (404): never a 500', async () => {
    const pairs = 16
    const entries = Array.from({ length: pairs * 2 }, (_, i) => ({
      name: `mirrored-${i % pairs}-${i < pairs ? 'a' : 'b'}`,
      description: 'One server listed twice',
      version: '1.0.0',
      repository: { url: `https://github.com/owned/mirrored-${i % pairs}`, source: 'github' },
    }))
    expect((await cut.call('POST', '/api/v1/admin/import', entries, 'op-token')).status).toBe(200)
    const rows = await cut.database.rows<{ id: string; name: string }>(
      sql`select id, name from catalog.listings where name like 'mirrored-%'`,
    )
    const id = Object.fromEntries(rows.map((r) => [r.name, r.id]))
    for (const r of rows) await claim(r.id, OWNER)
    // Each request locks its own listing, then the other: unordered, the two of a pair deadlocked.
    const answers = await Promise.all(
      Array.from({ length: pairs }, (_, i) => [
        asAgent(OWNER, 'POST', `/api/v1/servers/${id[`mirrored-${i}-a`]}/merge`, { into: id[`mirrored-${i}-b`] }),
        asAgent(OWNER, 'POST', `/api/v1/servers/${id[`mirrored-${i}-b`]}/merge`, { into: id[`mirrored-${i}-a`] }),
      ]).flat(),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s >= 500)).toEqual([])
    for (let i = 0; i < pairs; i++) expect([statuses[2 * i], statuses[2 * i + 1]].sort()).toEqual([200, 404])
  })
})

describe('why is my server not listed?', () => {
  const lookup = async (q: string) =>
    (await (await cut.call('GET', `/api/v1/listings/status?${q}`)).json()) as Record<string, unknown>

  test('listed, merged, rejected, pending, conflicting and unknown, never an e-mail', async () => {
    expect(await lookup('name=example.owned%2Ftool')).toMatchObject({ state: 'listed', id: ids['example.owned/tool'] })
    expect(await lookup('name=owned-tool-copy')).toMatchObject({
      state: 'merged',
      mergedInto: ids['example.owned/tool'],
    })
    expect(await lookup(`url=${encodeURIComponent('https://github.com/owned/tool/tree/main')}`)).toMatchObject({
      state: 'listed',
    })
    expect(await lookup('name=never-heard-of-it')).toMatchObject({ state: 'unknown' })
    const submitted = await cut.call('POST', '/internal/listings', {
      name: 'Pending Server',
      url: 'https://github.com/pending/server',
      description: 'Waiting for a moderator',
      category: 'Other',
      tags: [],
      source: 'submission',
    })
    expect(submitted.status).toBeLessThan(300)
    const pending = await lookup('name=Pending%20Server')
    expect(pending.state).toBe('pending_moderation')
    expect(JSON.stringify(pending)).not.toContain('@')
    // An entry whose repository a listing of another origin holds waits for the operator: conflicting.
    const entry = { name: 'example.elsewhere/server', description: 'Same repository, other origin', version: '1.0.0' }
    const repo = { url: 'https://github.com/pending/server', source: 'github' }
    await cut.call('POST', '/api/v1/admin/import', [{ ...entry, repository: repo }], 'op-token')
    expect(await lookup('name=example.elsewhere%2Fserver')).toMatchObject({
      state: 'conflicting',
      reason: 'repository',
    })
    const rejected = await cut.call('POST', `/internal/listings/${pending.id}/status`, {
      status: 'rejected',
      reason: 'Not an MCP server',
    })
    expect(rejected.status).toBe(200)
    expect(await lookup('name=Pending%20Server')).toMatchObject({ state: 'rejected', reason: 'Not an MCP server' })
    expect(await lookup('')).toMatchObject({ state: 'unknown' })
  })
})
