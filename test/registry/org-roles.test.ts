// Rights that follow the role that granted them, against the GitHub API stand-in: an admin of an organisation
// publishes under its namespace with a GitHub login, and is then demoted to member. Every later use of what the admin
// role granted is refused with a 403 Error object (a publish, a status change, an owner's edit, an offer), the
// listing's publisher mark lapses, and an offer the admin made before the demotion lapses when it is accepted. A
// current admin's publish brings the mark back; an offer by an admin who still holds the role goes through. And a
// stranger's pending submission of a name does not block the namespace's proven owner: the owner's publish goes
// through and the submission is rejected as superseded, with a reason its submitter reads in the status lookup.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from '@mcp-directory/shared/db'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'
import { DIRECTORY_GITHUB_TOKEN, startPublisherWorld, type PublisherWorld } from './publisher-world'

let world: PublisherWorld
let cut: CatalogUnderTest

const serverJson = (name: string, version: string) => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name,
  description: `A tool of ${name}`,
  version,
  remotes: [{ type: 'streamable-http', url: `https://mcp.victimorg.example/${name.split('/')[1]}` }],
})

/** Sets alice's role in victimorg as GitHub would answer it from now on. */
const setAliceRole = (role: 'admin' | 'member') =>
  world.github.set('gho_alice', { login: 'alice', orgs: [{ login: 'victimorg', role }] })

async function githubToken(token: string) {
  const res = await cut.call('POST', '/v0.1/auth/github-at', { github_token: token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { registry_token: string }).registry_token
}

async function publish(token: string, name: string, version: string) {
  return cut.call('POST', '/v0.1/publish', serverJson(name, version), token)
}

const idOf = async (name: string) =>
  (await cut.database.rows<{ id: string }>(sql`select id from catalog.listings where name = ${name}`))[0].id

const detail = async (id: string) =>
  ((await (await cut.call('GET', `/api/v1/servers/${id}`)).json()) as { server: Record<string, unknown> }).server

const ownerOf = async (id: string) =>
  (
    await cut.database.rows<{ owner_agent: string | null }>(
      sql`select owner_agent from catalog.listings where id = ${id}`,
    )
  )[0].owner_agent

/** A refusal as the directory's Error object: status, code and a message naming the organisation. */
async function expectRoleRefusal(res: Response) {
  expect(res.status).toBe(403)
  const body = (await res.json()) as Record<string, unknown>
  expect(JSON.stringify(body)).toContain('victimorg')
  return body
}

beforeAll(async () => {
  world = await startPublisherWorld()
  setAliceRole('admin')
  world.github.set('gho_victim', { login: 'victim', orgs: [] })
  world.github.set('gho_bob', { login: 'bob', orgs: [{ login: 'victimorg', role: 'admin' }] })
  // Published remotes must resolve to public addresses; these do, so what is refused is the role.
  for (const host of ['mcp.victimorg.example', 'evil.example']) world.dns.setA(host, ['93.184.215.14'])
  cut = await catalogUnderTest(
    {
      PUBLIC_BASE_URL: 'https://dir.example',
      DNS_SERVERS: world.dns.address,
      NPM_REGISTRY_URL: world.npmUrl,
      GITHUB_API_URL: world.githubUrl,
      GITHUB_TOKEN: DIRECTORY_GITHUB_TOKEN,
      DEMO_CATALOG: '0',
    },
    'op-token',
    { secret: 'org-roles-test-secret' },
  )
})

afterAll(async () => {
  await cut?.close()
  await world?.close()
})

describe('a demoted admin keeps nothing of the role', () => {
  test('edits, status changes, offers and publishes are refused, and the publisher mark lapses', async () => {
    setAliceRole('admin')
    const token = await githubToken('gho_alice')
    expect((await publish(token, 'io.github.victimorg/orgtool', '1.0.0')).status).toBe(200)
    const id = await idOf('io.github.victimorg/orgtool')
    expect((await detail(id)).publisherVerified).toBe(true)
    // While the role stands, the grant works for an owner's change.
    const ok = await cut.call('PATCH', `/api/v1/servers/${id}`, { description: 'Still ours' }, token)
    expect(ok.status).toBe(200)

    setAliceRole('member')
    // The same registry token, still within its five minutes: what it was granted by the role is gone.
    const edit = await cut.call(
      'PATCH',
      `/api/v1/servers/${id}`,
      { remotes: [{ type: 'streamable-http', url: 'https://evil.example/mcp' }] },
      token,
    )
    const body = await expectRoleRefusal(edit)
    expect(body.error).toBe('forbidden')
    expect(String(body.message)).toContain('no longer')
    await expectRoleRefusal(await cut.call('POST', `/api/v1/servers/${id}/status`, { status: 'archived' }, token))
    await expectRoleRefusal(await cut.call('POST', `/api/v1/servers/${id}/transfer`, { toAgent: 'ag_alice' }, token))
    const status = await cut.call(
      'PATCH',
      `/v0.1/servers/${encodeURIComponent('io.github.victimorg/orgtool')}/versions/1.0.0/status`,
      { status: 'deleted' },
      token,
    )
    expect(status.status).toBe(403)
    expect((await publish(token, 'io.github.victimorg/orgtool', '1.0.1')).status).toBe(403)

    const d = await detail(id)
    expect(d.publisherVerified).toBe(false)
    expect(d.description).toBe('Still ours')
    expect(JSON.stringify(d.remotes)).not.toContain('evil.example')
    expect(d.maintenanceStatus ?? null).toBeNull()
    const [lapse] = await cut.database.rows<{ kind: string; actor: string }>(
      sql`select kind, actor from catalog.listing_history where listing_id = ${id} order by id desc limit 1`,
    )
    expect(lapse).toEqual({ kind: 'publisher_lapsed', actor: 'github:alice' })
    // A fresh login no longer grants the namespace at all.
    const fresh = await cut.call('POST', '/v0.1/auth/github-at', { github_token: 'gho_alice' })
    expect(JSON.stringify(await fresh.json())).not.toContain('victimorg')
  })

  test("a current admin's publish brings the mark back", async () => {
    const id = await idOf('io.github.victimorg/orgtool')
    const bob = await githubToken('gho_bob')
    expect((await publish(bob, 'io.github.victimorg/orgtool', '1.1.0')).status).toBe(200)
    expect((await detail(id)).publisherVerified).toBe(true)
  })

  test('a demoted admin cannot strip the mark from a listing whose publisher is not recorded', async () => {
    setAliceRole('admin')
    const bob = await githubToken('gho_bob')
    expect((await publish(bob, 'io.github.victimorg/older', '1.0.0')).status).toBe(200)
    const id = await idOf('io.github.victimorg/older')
    // Published before publishers were recorded (or on a proof that names no login).
    await cut.database.db.execute(sql`update catalog.listings set published_by = null where id = ${id}`)
    const alice = await githubToken('gho_alice')
    setAliceRole('member')
    await expectRoleRefusal(await cut.call('POST', `/api/v1/servers/${id}/status`, { status: 'archived' }, alice))
    expect((await detail(id)).publisherVerified).toBe(true)
  })
})

describe('GitHub\'s "not found" for a membership', () => {
  const lapses = async (id: string) =>
    cut.database.rows<{ n: number }>(
      sql`select count(*)::int as n from catalog.listing_history where listing_id = ${id} and kind = 'publisher_lapsed'`,
    )

  test('when the directory cannot see the organisation, it is no demotion: the right waits (503, saying why)', async () => {
    setAliceRole('admin')
    const token = await githubToken('gho_alice')
    expect((await publish(token, 'io.github.victimorg/hidden', '1.0.0')).status).toBe(200)
    const id = await idOf('io.github.victimorg/hidden')
    // The directory's own token loses its view of the organisation: every membership in it is "not found" now.
    world.hiddenOrgs.add('victimorg')
    try {
      const edit = await cut.call('PATCH', `/api/v1/servers/${id}`, { description: 'Edited unseen' }, token)
      expect(edit.status).toBe(503)
      const body = (await edit.json()) as Record<string, unknown>
      expect(String(body.message)).toContain('cannot verify roles in the GitHub organisation victimorg')
      expect((await publish(token, 'io.github.victimorg/hidden', '1.0.1')).status).toBe(503)
      const d = await detail(id)
      expect(d.publisherVerified).toBe(true)
      expect(d.description).not.toBe('Edited unseen')
      expect((await lapses(id))[0]?.n).toBe(0)
    } finally {
      world.hiddenOrgs.delete('victimorg')
    }
    // In sight again, the role still stands: the same token acts.
    const edit = await cut.call('PATCH', `/api/v1/servers/${id}`, { description: 'Edited in sight' }, token)
    expect(edit.status).toBe(200)
  })

  test('when the directory sees the organisation, it is a removal: refused, and the mark lapses', async () => {
    setAliceRole('admin')
    const token = await githubToken('gho_alice')
    expect((await publish(token, 'io.github.victimorg/removed', '1.0.0')).status).toBe(200)
    const id = await idOf('io.github.victimorg/removed')
    world.github.set('gho_alice', { login: 'alice', orgs: [] })
    const asked = world.seen.length
    await expectRoleRefusal(await cut.call('PATCH', `/api/v1/servers/${id}`, { description: 'Gone' }, token))
    expect((await detail(id)).publisherVerified).toBe(false)
    expect((await lapses(id))[0]?.n).toBe(1)
    // Read as a removal only once the directory saw that its own token is a member of the organisation.
    const since = world.seen.slice(asked).map((x) => x.path)
    expect(since).toContain('/orgs/victimorg/memberships/alice')
    expect(since).toContain('/user/memberships/orgs/victimorg')
  })
})

describe('the daily re-check of publisher roles', () => {
  test('a mark lapses when its role ends, without waiting for a use; an unverifiable role is left standing', async () => {
    setAliceRole('admin')
    const token = await githubToken('gho_alice')
    expect((await publish(token, 'io.github.victimorg/quiet', '1.0.0')).status).toBe(200)
    const id = await idOf('io.github.victimorg/quiet')
    // Alice leaves the organisation; the directory cannot see it: nothing lapses, the operator is told.
    world.github.set('gho_alice', { login: 'alice', orgs: [] })
    world.hiddenOrgs.add('victimorg')
    try {
      const unknown = await cut.catalog.recheckRoles()
      expect(unknown.lapsed).toBe(0)
      expect(unknown.unknown).toBeGreaterThan(0)
      expect((await detail(id)).publisherVerified).toBe(true)
      expect(cut.lines.some((l) => l.includes('organisation role cannot be verified') && l.includes('victimorg'))).toBe(
        true,
      )
    } finally {
      world.hiddenOrgs.delete('victimorg')
    }
    // In sight, alice is no member: her mark lapses now, with no request from anyone.
    const seen = await cut.catalog.recheckRoles()
    expect(seen.lapsed).toBeGreaterThan(0)
    expect((await detail(id)).publisherVerified).toBe(false)
  })
})

describe('an offer made on a role lapses with the role', () => {
  test('demoted after offering: the agent accepts nothing, and the offer is withdrawn', async () => {
    setAliceRole('admin')
    const token = await githubToken('gho_alice')
    expect((await publish(token, 'io.github.victimorg/handover', '1.0.0')).status).toBe(200)
    const id = await idOf('io.github.victimorg/handover')
    const offered = await cut.call('POST', `/api/v1/servers/${id}/transfer`, { toAgent: 'ag_alice' }, token)
    expect(offered.status).toBe(202)

    setAliceRole('member')
    const accept = await cut.asAgent('ag_alice', 'POST', `/api/v1/servers/${id}/transfer/accept`)
    const body = await expectRoleRefusal(accept)
    expect(String(body.message)).toContain('lapsed')
    expect(await ownerOf(id)).toBeNull()
    expect((await detail(id)).publisherVerified).toBe(false)
    // The agent holds nothing to act with.
    const edit = await cut.asAgent('ag_alice', 'PATCH', `/api/v1/servers/${id}`, {
      remotes: [{ type: 'streamable-http', url: 'https://evil.example/mcp' }],
    })
    expect(edit.status).toBe(403)

    // The offer is gone: a later promotion does not revive it.
    setAliceRole('admin')
    expect((await cut.asAgent('ag_alice', 'POST', `/api/v1/servers/${id}/transfer/accept`)).status).toBe(403)
    expect(await ownerOf(id)).toBeNull()
  })

  test('an offer by an admin who still holds the role is accepted', async () => {
    setAliceRole('admin')
    const token = await githubToken('gho_alice')
    expect((await publish(token, 'io.github.victimorg/kept', '1.0.0')).status).toBe(200)
    const id = await idOf('io.github.victimorg/kept')
    expect((await cut.call('POST', `/api/v1/servers/${id}/transfer`, { toAgent: 'ag_team' }, token)).status).toBe(202)
    expect((await cut.asAgent('ag_team', 'POST', `/api/v1/servers/${id}/transfer/accept`)).status).toBe(200)
    expect(await ownerOf(id)).toBe('ag_team')
  })
})

describe("a stranger's pending submission gives way to the namespace owner", () => {
  const submit = (name: string, url: string) =>
    cut.call('POST', '/internal/listings', { name, url, description: `Submitted ${name}`, category: 'Developer Tools' })
  const withRepository = (name: string, version: string) => ({
    ...serverJson(name, version),
    repository: { url: `https://github.com/victim/${name.split('/')[1]}`, source: 'github' },
  })

  test("the owner's publish succeeds and the submission is superseded, with a reason its submitter is told", async () => {
    const submitted = await submit('io.github.victim/tool-x', 'https://github.com/victim/tool-x')
    expect(submitted.status).toBe(201)
    const strangers = ((await submitted.json()) as { listing: { id: string } }).listing.id

    const token = await githubToken('gho_victim')
    const res = await cut.call('POST', '/v0.1/publish', withRepository('io.github.victim/tool-x', '1.0.0'), token)
    expect(res.status).toBe(200)
    const id = await idOf('io.github.victim/tool-x')
    expect(id).not.toBe(strangers)
    const d = await detail(id)
    expect(d.publisherVerified).toBe(true)
    expect(d.origin).toBe('publisher:io.github.victim')

    const [old] = await cut.database.rows<{ status: string; moderation_reason: string; name: string }>(
      sql`select status, moderation_reason, name from catalog.listings where id = ${strangers}`,
    )
    expect(old.status).toBe('rejected')
    expect(old.name).not.toBe('io.github.victim/tool-x')
    expect(old.moderation_reason).toContain('Superseded')
    // The submitter asks by the address they submitted: their listing, rejected, and why.
    const lookup = await cut.call(
      'GET',
      `/api/v1/listings/status?url=${encodeURIComponent('https://github.com/victim/tool-x')}`,
    )
    const answer = (await lookup.json()) as { listings: { id: string; state: string; reason?: string }[] }
    const theirs = answer.listings.find((l) => l.id === strangers)
    expect(theirs?.state).toBe('rejected')
    expect(theirs?.reason).toContain('io.github.victim')
  })

  test('a look-alike of the name (its skeleton) is superseded too', async () => {
    const submitted = await submit('io.github.victim/TOOL-Z', 'https://github.com/victim/tool-z')
    expect(submitted.status).toBe(201)
    const strangers = ((await submitted.json()) as { listing: { id: string } }).listing.id
    const token = await githubToken('gho_victim')
    const res = await cut.call('POST', '/v0.1/publish', withRepository('io.github.victim/tool-z', '1.0.0'), token)
    expect(res.status).toBe(200)
    const [old] = await cut.database.rows<{ status: string; moderation_reason: string }>(
      sql`select status, moderation_reason from catalog.listings where id = ${strangers}`,
    )
    expect(old.status).toBe('rejected')
    expect(old.moderation_reason).toContain('Superseded')
  })

  test('an approved submission of the name still waits for the operator (409)', async () => {
    const submitted = await submit('io.github.victim/tool-y', 'https://github.com/victim/tool-y')
    const strangers = ((await submitted.json()) as { listing: { id: string } }).listing.id
    const approved = await cut.call('POST', `/internal/listings/${strangers}/status`, {
      status: 'active',
      reason: null,
    })
    expect(approved.status).toBe(200)
    const token = await githubToken('gho_victim')
    const res = await cut.call('POST', '/v0.1/publish', withRepository('io.github.victim/tool-y', '1.0.0'), token)
    expect(res.status).toBe(409)
    expect(await idOf('io.github.victim/tool-y')).toBe(strangers)
  })
})
