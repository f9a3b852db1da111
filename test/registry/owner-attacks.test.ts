// Attacks on who may change a listing, each on the real catalog and PostgreSQL: a transfer offer that outlived its
// sender's ownership, an anonymous registry token taken for a proof, and a publisher undoing the operator's
// moderation by deleting and re-activating its versions.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from '@mcp-directory/shared/db'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'
import { startPublisherWorld, type PublisherWorld } from './publisher-world'

let world: PublisherWorld
let cut: CatalogUnderTest
const ids: Record<string, string> = {}

const asAgent = (agent: string | null, method: string, path: string, body?: unknown) =>
  cut.asAgent(agent, method, path, body)
const ownerOf = async (id: string) =>
  (
    await cut.database.rows<{ owner_agent: string | null }>(
      sql`select owner_agent from catalog.listings where id = ${id}`,
    )
  )[0]?.owner_agent

const claim = (id: string, agent: string, claimId: string) => cut.claim(id, agent, claimId)

// Remotes' names are resolved where they are written: through the world's DNS server, to a public address.
const envOf = (w: PublisherWorld) => {
  for (const host of ['mcp.attacker.example', 'mcp.elsewhere.example']) w.dns.setA(host, ['93.184.215.14'])
  return { PUBLIC_BASE_URL: 'https://dir.example', NPM_REGISTRY_URL: w.npmUrl, DNS_SERVERS: w.dns.address }
}

beforeAll(async () => {
  world = await startPublisherWorld()
  cut = await catalogUnderTest({ ...envOf(world), DEMO_CATALOG: '0' }, 'op-token', {
    secret: 'review-secret',
    publishing: { allowAnonymous: true },
  })
  const entries = ['one', 'two'].map((n) => ({
    name: `io.github.realowner/${n}`,
    description: `Tool ${n}`,
    version: '1.0.0',
    repository: { url: `https://github.com/realowner/${n}`, source: 'github' },
  }))
  expect((await cut.call('POST', '/api/v1/admin/import', entries, 'op-token')).status).toBe(200)
  for (const r of await cut.database.rows<{ id: string; name: string }>(sql`select id, name from catalog.listings`))
    ids[r.name] = r.id
})

afterAll(async () => {
  await cut?.close()
  await world?.close()
})

describe('a transfer offer lapses when its sender no longer owns the listing', () => {
  test('offered, then the real owner proves ownership by a claim: the old offer hands nothing over', async () => {
    const id = ids['io.github.realowner/one']
    // A squatter's agent claimed first (or owned it once), and parks an offer to a second agent of its own.
    await claim(id, 'ag_squatter', 'claim-squatter')
    expect(
      (await asAgent('ag_squatter', 'POST', `/api/v1/servers/${id}/transfer`, { toAgent: 'ag_sock' })).status,
    ).toBe(202)
    // The real owner proves ownership: the listing is now theirs.
    await claim(id, 'ag_real', 'claim-real')
    expect(await ownerOf(id)).toBe('ag_real')
    // The sock puppet accepts the stale offer: refused, and it cannot point the official listing's remote elsewhere.
    const res = await asAgent('ag_sock', 'POST', `/api/v1/servers/${id}/transfer/accept`)
    expect(res.status).toBe(403)
    expect(((await res.json()) as { message: string }).message).toContain('changed hands')
    expect(await ownerOf(id)).toBe('ag_real')
    const edit = await asAgent('ag_sock', 'PATCH', `/api/v1/servers/${id}`, {
      remotes: [{ type: 'streamable-http', url: 'https://mcp.attacker.example/mcp' }],
    })
    expect(edit.status).toBe(403)
    // The real owner's own offer still goes through.
    expect((await asAgent('ag_real', 'POST', `/api/v1/servers/${id}/transfer`, { toAgent: 'ag_heir' })).status).toBe(
      202,
    )
    expect((await asAgent('ag_heir', 'POST', `/api/v1/servers/${id}/transfer/accept`)).status).toBe(200)
    expect(await ownerOf(id)).toBe('ag_heir')
  })

  test('offered, then the sender’s claim is revoked: the offer hands nothing over', async () => {
    const id = ids['io.github.realowner/two']
    await claim(id, 'ag_former', 'claim-former')
    expect((await asAgent('ag_former', 'POST', `/api/v1/servers/${id}/transfer`, { toAgent: 'ag_sock2' })).status).toBe(
      202,
    )
    // The claim fails its re-checks for the whole grace period (7 days): time is moved by setting failing_since back.
    const fail = { proofOk: false, reciprocalReadme: false, reciprocalSite: false }
    expect((await cut.call('POST', '/internal/claims/claim-former/rechecks', fail)).status).toBe(200)
    await cut.database.rows(
      sql`update catalog.listing_claims set failing_since = now() - interval '8 days' where claim_id = 'claim-former'`,
    )
    const revoked = (await (await cut.call('POST', '/internal/claims/claim-former/rechecks', fail)).json()) as {
      claim: { revoked: boolean }
    }
    expect(revoked.claim.revoked).toBe(true)
    expect(await ownerOf(id)).toBe(null)
    const res = await asAgent('ag_sock2', 'POST', `/api/v1/servers/${id}/transfer/accept`)
    expect(res.status).toBe(403)
    expect(await ownerOf(id)).toBe(null)
  })
})

describe('a revoked claim takes its owner’s rights with it', () => {
  test('two claims stand; the owner’s is revoked: the other claim’s agent owns the listing, the revoked one nothing', async () => {
    const entry = {
      name: 'io.github.realowner/three',
      description: 'Tool three',
      version: '1.0.0',
      repository: { url: 'https://github.com/realowner/three', source: 'github' },
    }
    expect((await cut.call('POST', '/api/v1/admin/import', [entry], 'op-token')).status).toBe(200)
    const [row] = await cut.database.rows<{ id: string }>(
      sql`select id from catalog.listings where name = 'io.github.realowner/three'`,
    )
    await claim(row.id, 'ag_first', 'claim-first')
    await claim(row.id, 'ag_second', 'claim-second')
    expect(await ownerOf(row.id)).toBe('ag_second')
    const fail = { proofOk: false, reciprocalReadme: false, reciprocalSite: false }
    expect((await cut.call('POST', '/internal/claims/claim-second/rechecks', fail)).status).toBe(200)
    await cut.database.rows(
      sql`update catalog.listing_claims set failing_since = now() - interval '8 days' where claim_id = 'claim-second'`,
    )
    expect((await cut.call('POST', '/internal/claims/claim-second/rechecks', fail)).status).toBe(200)
    expect(await ownerOf(row.id)).toBe('ag_first')
    const edit = await asAgent('ag_second', 'PATCH', `/api/v1/servers/${row.id}`, { description: 'Still mine?' })
    expect(edit.status).toBe(403)
  })
})

describe('an anonymous registry token proves nothing', () => {
  test('POST /v0.1/auth/none then /v0.1/publish: no publisher mark, and no owner’s rights over another anonymous listing', async () => {
    const token = ((await (await cut.call('POST', '/v0.1/auth/none')).json()) as { registry_token: string })
      .registry_token
    const name = 'io.modelcontextprotocol.anonymous/anything'
    const server = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name,
      description: 'Published with no proof at all',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'https://mcp.attacker.example/mcp' }],
    }
    const pub = await cut.call('POST', '/v0.1/publish', server, token)
    expect(pub.status).toBe(200)
    const [row] = await cut.database.rows<{ id: string }>(sql`select id from catalog.listings where name = ${name}`)
    const detail = (await (await cut.call('GET', `/api/v1/servers/${row.id}`)).json()) as {
      server: { publisherVerified: boolean; publisherEvidence: string | null }
    }
    expect(detail.server.publisherVerified).toBe(false)
    // Another anonymous caller's token is the same grant: it owns nothing, so it edits and hands over nothing.
    const other = ((await (await cut.call('POST', '/v0.1/auth/none')).json()) as { registry_token: string })
      .registry_token
    const edit = await cut.call('PATCH', `/api/v1/servers/${row.id}`, { description: 'Taken over' }, other)
    expect(edit.status).toBe(403)
    const offer = await cut.call('POST', `/api/v1/servers/${row.id}/transfer`, { toAgent: 'ag_thief' }, other)
    expect(offer.status).toBe(403)
  })
})

describe('a publisher cannot undo the operator’s moderation by deleting and re-activating its versions', () => {
  const anonToken = async (c: CatalogUnderTest) =>
    ((await (await c.call('POST', '/v0.1/auth/none')).json()) as { registry_token: string }).registry_token
  const serverJson = (name: string, version: string) => ({
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name,
    description: 'Moderation test',
    version,
    remotes: [{ type: 'streamable-http', url: 'https://mcp.attacker.example/mcp' }],
  })
  const statusOf = async (c: CatalogUnderTest, name: string) =>
    (
      await c.database.rows<{ status: string; moderation_reason: string | null }>(
        sql`select status, moderation_reason from catalog.listings where name = ${name}`,
      )
    )[0]

  test('rejected by the operator: PATCH …/status deleted, then active, leaves it rejected with the operator’s reason', async () => {
    const token = await anonToken(cut)
    const name = 'io.modelcontextprotocol.anonymous/rejected-by-operator'
    expect((await cut.call('POST', '/v0.1/publish', serverJson(name, '1.0.0'), token)).status).toBe(200)
    const [row] = await cut.database.rows<{ id: string }>(sql`select id from catalog.listings where name = ${name}`)
    const rejected = await cut.call('POST', `/internal/listings/${row.id}/status`, {
      status: 'rejected',
      reason: 'Malware: exfiltrates credentials',
    })
    expect(rejected.status).toBe(200)
    expect(await statusOf(cut, name)).toEqual({
      status: 'rejected',
      moderation_reason: 'Malware: exfiltrates credentials',
    })
    const path = `/v0.1/servers/${encodeURIComponent(name)}/status`
    const del = await cut.call('PATCH', path, { status: 'deleted' }, token)
    const act = await cut.call('PATCH', path, { status: 'active' }, token)
    expect(await statusOf(cut, name)).toEqual({
      status: 'rejected',
      moderation_reason: 'Malware: exfiltrates credentials',
    })
  })

  test('PUBLISH_MODERATION=1: a publish waiting for moderation stays waiting the same way', async () => {
    const other = await catalogUnderTest({ ...envOf(world), DEMO_CATALOG: '0' }, 'op-token', {
      secret: 'review-secret-2',
      publishing: { allowAnonymous: true, moderate: true },
    })
    try {
      const token = await anonToken(other)
      const name = 'io.modelcontextprotocol.anonymous/waiting'
      expect((await other.call('POST', '/v0.1/publish', serverJson(name, '1.0.0'), token)).status).toBe(200)
      expect((await statusOf(other, name)).status).toBe('flagged')
      const path = `/v0.1/servers/${encodeURIComponent(name)}/status`
      const del = await other.call('PATCH', path, { status: 'deleted' }, token)
      const act = await other.call('PATCH', path, { status: 'active' }, token)
      expect((await statusOf(other, name)).status).toBe('flagged')
    } finally {
      await other.close()
    }
  })
})

describe('an owner’s edit earns no mark', () => {
  test('an imported listing’s owner points its website at the namespace’s domain: publisherVerified stays false', async () => {
    // A loose entry names a namespace its repository does not prove; its owner proved only the repository.
    const entry = {
      name: 'com.victim/tool',
      description: 'Names a namespace it has not proven',
      version: '1.0.0',
      repository: { url: 'https://github.com/mallory/tool', source: 'github' },
    }
    expect((await cut.call('POST', '/api/v1/admin/import', [entry], 'op-token')).status).toBe(200)
    const [row] = await cut.database.rows<{ id: string }>(
      sql`select id from catalog.listings where name = 'com.victim/tool'`,
    )
    await claim(row.id, 'ag_mallory', 'claim-mallory')
    const mark = async () =>
      ((await (await cut.call('GET', `/api/v1/servers/${row.id}`)).json()) as { server: Record<string, unknown> })
        .server
    expect((await mark()).publisherVerified).toBe(false)
    const edit = await asAgent('ag_mallory', 'PATCH', `/api/v1/servers/${row.id}`, {
      websiteUrl: 'https://victim.com/',
    })
    expect(edit.status).toBe(200)
    const after = await mark()
    expect(after.websiteUrl).toBe('https://victim.com/')
    expect(after.publisherVerified).toBe(false)
    expect(after.publisherEvidence).toBe(null)
    // Search shows what the detail shows.
    const search = (await (await cut.call('GET', '/api/v1/search?q=victim')).json()) as {
      servers: { name: string; publisherVerified: boolean }[]
    }
    expect(search.servers.find((h) => h.name === 'com.victim/tool')?.publisherVerified).toBe(false)
  })
})

describe('a DNS claim proves its own domain and those under it, never its parent', () => {
  const submitAndClaimByDns = async (name: string, url: string, claimId: string, txtName: string) => {
    const submitted = await cut.call('POST', '/internal/listings', {
      name,
      url,
      description: 'A server on a subdomain',
      category: 'Other',
      tags: [],
      source: 'submission',
    })
    expect(submitted.status).toBeLessThan(300)
    const [row] = await cut.database.rows<{ id: string }>(sql`select id from catalog.listings where name = ${name}`)
    const res = await cut.call('POST', `/internal/listings/${row.id}/claims`, {
      claimId,
      claimant: 'agent:ag_tenant',
      claimantKey: 'agent:ag_tenant',
      method: 'dns',
      evidence: { checks: [{ method: 'dns', where: `TXT records at ${txtName}`, ok: true }] },
    })
    expect(res.status).toBeLessThan(300)
    return ((await (await cut.call('GET', `/api/v1/servers/${row.id}`)).json()) as { server: Record<string, unknown> })
      .server
  }

  test('a TXT record at _mcp-directory.tenant.bigcorp.com verifies com.bigcorp.tenant/…, not com.bigcorp/…', async () => {
    // Whoever runs tenant.bigcorp.com's DNS (a customer's delegated zone) is not bigcorp.com, as the official
    // registry rules it: a proof of a domain grants that domain's namespace and the ones below it.
    const parent = await submitAndClaimByDns(
      'com.bigcorp/tool',
      'https://tenant.bigcorp.com/tool',
      'claim-tenant-parent',
      '_mcp-directory.tenant.bigcorp.com',
    )
    expect(parent.isOfficial).toBe(true)
    expect(parent.publisherVerified).toBe(false)
    const own = await submitAndClaimByDns(
      'com.bigcorp.tenant/tool',
      'https://tenant.bigcorp.com/other-tool',
      'claim-tenant-own',
      '_mcp-directory.tenant.bigcorp.com',
    )
    expect(own.publisherVerified).toBe(true)
    expect(own.publisherEvidence).toBe('namespace com.bigcorp.tenant: DNS claim of tenant.bigcorp.com')
  })
})

describe('what a probe saw stays with what it probed', () => {
  test('an owner swaps a verified listing’s remote for another endpoint: it is no longer verified until probed', async () => {
    const entry = {
      name: 'io.github.realowner/hosted',
      description: 'A hosted tool',
      version: '1.0.0',
      repository: { url: 'https://github.com/realowner/hosted', source: 'github' },
      remotes: [{ type: 'streamable-http', url: 'https://mcp.realowner.example/mcp' }],
    }
    expect((await cut.call('POST', '/api/v1/admin/import', [entry], 'op-token')).status).toBe(200)
    const [row] = await cut.database.rows<{ id: string }>(
      sql`select id from catalog.listings where name = 'io.github.realowner/hosted'`,
    )
    await claim(row.id, 'ag_hosted', 'claim-hosted')
    // The prober saw the declared endpoint answer as MCP, with nothing risky: verified.
    await cut.database.rows(
      sql`update catalog.listings set is_verified_active = true, seen_running = true, health = 'active',
          health_checked_at = now(),
          mcp_protocol = '{"version":"2026-07-28","era":"modern","ttlMs":86400000,"source":"streamable-http"}'
          where id = ${row.id}`,
    )
    const detail = async () =>
      ((await (await cut.call('GET', `/api/v1/servers/${row.id}`)).json()) as { server: Record<string, unknown> })
        .server
    expect((await detail()).isVerifiedActive).toBe(true)
    const edit = await asAgent('ag_hosted', 'PATCH', `/api/v1/servers/${row.id}`, {
      remotes: [{ type: 'streamable-http', url: 'https://mcp.elsewhere.example/mcp' }],
    })
    expect(edit.status).toBe(200)
    const after = await detail()
    expect(after.remotes).toEqual([{ type: 'streamable-http', url: 'https://mcp.elsewhere.example/mcp', headers: [] }])
    expect(after.isVerifiedActive).toBe(false)
    // Its health and protocol were the old endpoint's: the new one has not been checked yet.
    expect(after.health).toBeNull()
    expect((after.checks as Record<string, unknown>).protocol).toBeNull()
    expect((after.checks as Record<string, unknown>).healthCheckedAt).toBeNull()
    const [hit] = (
      (await (await cut.call('GET', '/api/v1/search?q=hosted&verified=1')).json()) as { servers: { name: string }[] }
    ).servers.filter((h) => h.name === entry.name)
    expect(hit).toBeUndefined()
  })
})
