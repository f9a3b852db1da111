// Publishing as the official registry accepts it, against real stand-ins: Ed25519 keys from node:crypto, the
// loopback DNS server, an owner's website over HTTP, an npm registry and the GitHub API. A DNS-proven and an
// HTTP-proven publisher publish a server and a second version; names outside the token's namespaces (403), a
// package that does not name the server (400 naming it), GitHub users and organisations, status changes, and the
// published listing in /v0.1 and search with publisherVerified.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from '@mcp-directory/shared/db'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'
import { freshTimestamp, publisherKey, rfc3339, startPublisherWorld, type PublisherWorld } from './publisher-world'

let world: PublisherWorld
let cut: CatalogUnderTest
const dnsKey = publisherKey()
const httpKey = publisherKey()

const serverJson = (name: string, version: string, pkg?: string) => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name,
  description: `Forecasts for ${name}`,
  version,
  ...(pkg
    ? { packages: [{ registryType: 'npm', identifier: pkg, version, transport: { type: 'stdio' } }] }
    : { remotes: [{ type: 'streamable-http', url: `https://mcp.example.net/${name.split('/')[1]}` }] }),
})

async function login(method: 'dns' | 'http', domain: string, key = method === 'dns' ? dnsKey : httpKey) {
  const timestamp = freshTimestamp()
  const res = await cut.call('POST', `/v0.1/auth/${method}`, {
    domain,
    timestamp,
    signed_timestamp: key.signed(timestamp),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const tokenOf = async (method: 'dns' | 'http', domain: string) =>
  (await login(method, domain)).body.registry_token as string

beforeAll(async () => {
  world = await startPublisherWorld()
  world.dns.setTxt('dnsowner.example', ['google-site-verification=abc', dnsKey.record])
  world.dns.setA('httpowner.example', ['127.0.0.1'])
  world.sites.set('httpowner.example', `${httpKey.record}\n`)
  world.github.set('gho_alice', {
    login: 'alice',
    orgs: [
      { login: 'acme', role: 'admin' },
      { login: 'bigco', role: 'member' },
    ],
  })
  world.addNpm('@dnsowner/weather', '1.0.0', 'example.dnsowner/weather')
  world.addNpm('@dnsowner/weather', '1.1.0', 'example.dnsowner/weather')
  world.addNpm('@dnsowner/unlinked', '1.0.0')
  world.addNpm('alice-tools', '0.1.0', 'io.github.alice/tools')
  cut = await catalogUnderTest(
    {
      PUBLIC_BASE_URL: 'https://dir.example',
      DNS_SERVERS: world.dns.address,
      OUTBOUND_ALLOW_PRIVATE: '1',
      NPM_REGISTRY_URL: world.npmUrl,
      GITHUB_API_URL: world.githubUrl,
      DEMO_CATALOG: '0',
    },
    'op-token',
    {
      secret: 'test-secret-for-registry-tokens',
      publishing: { wellKnownUrl: (d) => `http://${d}:${world.sitePort}/.well-known/mcp-registry-auth` },
    },
  )
})

afterAll(async () => {
  await cut?.close()
  await world?.close()
})

describe('proofs exchanged for a registry token', () => {
  test('a DNS TXT record proves the domain and its sub-namespaces', async () => {
    const { status, body } = await login('dns', 'dnsowner.example')
    expect(status).toBe(200)
    expect(typeof body.registry_token).toBe('string')
    expect(body.expires_at as number).toBeGreaterThan(Date.now() / 1000)
    expect(body.expires_at as number).toBeLessThanOrEqual(Date.now() / 1000 + 301)
    expect(body.permissions).toEqual([
      { action: 'publish', resource: 'example.dnsowner/*' },
      { action: 'publish', resource: 'example.dnsowner.*' },
    ])
  })

  test('the well-known key file proves the domain only', async () => {
    const { status, body } = await login('http', 'httpowner.example')
    expect(status).toBe(200)
    expect(body.permissions).toEqual([{ action: 'publish', resource: 'example.httpowner/*' }])
  })

  test('a key the domain does not publish, an old timestamp, or a domain without a record is refused', async () => {
    expect((await login('dns', 'dnsowner.example', httpKey)).status).toBe(401)
    expect((await login('dns', 'nothing.example')).status).toBe(401)
    const old = rfc3339(Date.now() - 60_000)
    const res = await cut.call('POST', '/v0.1/auth/dns', {
      domain: 'dnsowner.example',
      timestamp: old,
      signed_timestamp: dnsKey.signed(old),
    })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: string }).error).toContain('timestamp outside valid window')
    expect((await login('http', '127.0.0.1')).status).toBe(401)
  })

  test('a GitHub token grants its user and the organisations they own, not those they only belong to', async () => {
    const res = await cut.call('POST', '/v0.1/auth/github-at', { github_token: 'gho_alice' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { permissions: { resource: string }[] }
    expect(body.permissions.map((p) => p.resource)).toEqual(['io.github.alice/*', 'io.github.acme/*'])
    expect(world.seen.some((s) => s.path.startsWith('/user/memberships/orgs'))).toBe(true)
    expect((await cut.call('POST', '/v0.1/auth/github-at', { github_token: 'gho_nobody' })).status).toBe(401)
  })

  test('a domain proof never grants a GitHub namespace: a Pages site of an organisation one only belongs to', async () => {
    // Any member who may push to bigco's Pages repository serves the key file on bigco.github.io; GitHub says alice
    // does not own bigco, so neither proof may grant io.github.bigco/*.
    world.dns.setA('bigco.github.io', ['127.0.0.1'])
    world.sites.set('bigco.github.io', `${httpKey.record}\n`)
    world.dns.setTxt('bigco.github.io', [dnsKey.record])
    world.dns.setTxt('bigco.github.com', [dnsKey.record])
    for (const [method, domain] of [
      ['http', 'bigco.github.io'],
      ['dns', 'bigco.github.io'],
      ['dns', 'bigco.github.com'],
      ['http', 'BigCo.GitHub.io'],
    ] as const) {
      const { status, body } = await login(method, domain)
      expect({ method, domain, status, permissions: body.permissions }).toEqual({
        method,
        domain,
        status: 401,
        permissions: undefined,
      })
    }
  })

  test('anonymous tokens are off unless the operator turns them on', async () => {
    expect((await cut.call('POST', '/v0.1/auth/none')).status).toBe(404)
  })
})

describe('publish', () => {
  test('a DNS-proven publisher publishes a server and a second version', async () => {
    const token = await tokenOf('dns', 'dnsowner.example')
    const first = await cut.call(
      'POST',
      '/v0.1/publish',
      serverJson('example.dnsowner/weather', '1.0.0', '@dnsowner/weather'),
      token,
    )
    expect(first.status).toBe(200)
    const one = (await first.json()) as {
      server: { name: string; version: string }
      _meta: Record<string, { status: string; isLatest: boolean }>
    }
    expect(one.server).toMatchObject({ name: 'example.dnsowner/weather', version: '1.0.0' })
    expect(one._meta['io.modelcontextprotocol.registry/official']).toMatchObject({ status: 'active', isLatest: true })
    const second = await cut.call(
      'POST',
      '/v0.1/publish',
      serverJson('example.dnsowner/weather', '1.1.0', '@dnsowner/weather'),
      token,
    )
    expect(second.status).toBe(200)
    const versions = (await (await cut.call('GET', '/v0.1/servers/example.dnsowner%2Fweather/versions')).json()) as {
      servers: { server: { version: string }; _meta: Record<string, { isLatest: boolean }> }[]
    }
    expect(versions.servers.map((s) => s.server.version).sort()).toEqual(['1.0.0', '1.1.0'])
    const latest = versions.servers.find((s) => s._meta['io.modelcontextprotocol.registry/official'].isLatest)
    expect(latest?.server.version).toBe('1.1.0')
  })

  test('the same version twice is refused', async () => {
    const token = await tokenOf('dns', 'dnsowner.example')
    const again = await cut.call(
      'POST',
      '/v0.1/publish',
      serverJson('example.dnsowner/weather', '1.1.0', '@dnsowner/weather'),
      token,
    )
    expect(again.status).toBe(400)
    expect(((await again.json()) as { error: string }).error).toContain('duplicate version')
    const latest = await cut.call('POST', '/v0.1/publish', serverJson('example.dnsowner/weather', 'latest'), token)
    expect(latest.status).toBe(400)
  })

  test('an HTTP-proven publisher publishes a server and a second version', async () => {
    const token = await tokenOf('http', 'httpowner.example')
    for (const v of ['2.0.0', '2.1.0']) {
      const res = await cut.call('POST', '/v0.1/publish', serverJson('example.httpowner/remote', v), token)
      expect(res.status).toBe(200)
    }
    const latest = (await (
      await cut.call('GET', '/v0.1/servers/example.httpowner%2Fremote/versions/latest')
    ).json()) as {
      server: { version: string }
    }
    expect(latest.server.version).toBe('2.1.0')
  })

  test('a name outside the granted namespace is refused with 403', async () => {
    const token = await tokenOf('http', 'httpowner.example')
    const res = await cut.call('POST', '/v0.1/publish', serverJson('example.dnsowner/stolen', '1.0.0'), token)
    expect(res.status).toBe(403)
    // HTTP proves the domain only, not its sub-namespaces.
    const sub = await cut.call('POST', '/v0.1/publish', serverJson('example.httpowner.sub/x', '1.0.0'), token)
    expect(sub.status).toBe(403)
  })

  test('a package whose npm entry does not name the server is refused with 400 naming the package', async () => {
    const token = await tokenOf('dns', 'dnsowner.example')
    const res = await cut.call(
      'POST',
      '/v0.1/publish',
      serverJson('example.dnsowner/unlinked', '1.0.0', '@dnsowner/unlinked'),
      token,
    )
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string }
    expect(body.error).toContain('@dnsowner/unlinked')
    expect(body.error).toContain('mcpName')
    expect((await cut.call('GET', '/v0.1/servers/example.dnsowner%2Funlinked/versions')).status).toBe(404)
  })

  test('a server.json outside the schema is refused with 400', async () => {
    const token = await tokenOf('dns', 'dnsowner.example')
    const res = await cut.call('POST', '/v0.1/publish', { name: 'example.dnsowner/bad', version: '1.0.0' }, token)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toContain('description')
  })

  test('GitHub user alice publishes under io.github.alice/* and is refused io.github.bob/*', async () => {
    const res = await cut.call('POST', '/v0.1/auth/github-at', { github_token: 'gho_alice' })
    const token = ((await res.json()) as { registry_token: string }).registry_token
    const ok = await cut.call(
      'POST',
      '/v0.1/publish',
      serverJson('io.github.alice/tools', '0.1.0', 'alice-tools'),
      token,
    )
    expect(ok.status).toBe(200)
    const bob = await cut.call('POST', '/v0.1/publish', serverJson('io.github.bob/tools', '0.1.0'), token)
    expect(bob.status).toBe(403)
  })

  test('no token, a forged token and an expired token are 401', async () => {
    const body = serverJson('example.dnsowner/x', '1.0.0')
    expect((await cut.call('POST', '/v0.1/publish', body)).status).toBe(401)
    const token = await tokenOf('dns', 'dnsowner.example')
    const [h, p] = token.split('.')
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString())
    const wider = Buffer.from(
      JSON.stringify({ ...claims, permissions: [{ action: 'publish', resource: '*' }] }),
    ).toString('base64url')
    expect((await cut.call('POST', '/v0.1/publish', body, `${h}.${wider}.${token.split('.')[2]}`)).status).toBe(401)
    const expired = Buffer.from(JSON.stringify({ ...claims, exp: claims.iat - 1 })).toString('base64url')
    expect((await cut.call('POST', '/v0.1/publish', body, `${h}.${expired}.${token.split('.')[2]}`)).status).toBe(401)
  })

  test('the published listing is in search and its detail with publisherVerified, origin the publisher', async () => {
    await cut.catalog.flush()
    const hits = (await (await cut.call('GET', '/api/v1/search?q=weather')).json()) as {
      servers: { id: string; name: string; publisherVerified: boolean; publisherEvidence: string | null }[]
    }
    const hit = hits.servers.find((s) => s.name === 'example.dnsowner/weather')
    expect(hit?.publisherVerified).toBe(true)
    expect(hit?.publisherEvidence).toContain('example.dnsowner')
    const detail = (await (await cut.call('GET', `/api/v1/servers/${hit?.id}`)).json()) as {
      server: { origin: string; publisherVerified: boolean; version: string }
    }
    expect(detail.server).toMatchObject({
      origin: 'publisher:example.dnsowner',
      publisherVerified: true,
      version: '1.1.0',
    })
    const list = (await (await cut.call('GET', '/v0.1/servers?search=example.dnsowner&version=latest')).json()) as {
      servers: { server: { name: string; version: string }; _meta: Record<string, { publisherVerified?: boolean }> }[]
    }
    expect(list.servers.map((s) => `${s.server.name}@${s.server.version}`)).toEqual(['example.dnsowner/weather@1.1.0'])
    expect(list.servers[0]._meta['example.dir/directory']?.publisherVerified).toBe(true)
  })

  test('one version sent four times at once: published once, the others refused as duplicates, never a 500', async () => {
    const token = await tokenOf('dns', 'dnsowner.example')
    const name = 'example.dnsowner/raced'
    const race = async (version: string) => {
      const answers = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          cut.call('POST', '/v0.1/publish', { ...serverJson(name, version), description: `copy ${i}` }, token),
        ),
      )
      const statuses = answers.map((r) => r.status)
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.filter((s) => s !== 200)).toEqual([400, 400, 400])
      // The version served is the one whose publish was acknowledged, not a later copy written over it.
      const won = answers.findIndex((r) => r.status === 200)
      const served = await cut.call('GET', `/v0.1/servers/${encodeURIComponent(name)}/versions/${version}`)
      expect(((await served.json()) as { server: { description: string } }).server.description).toBe(`copy ${won + 1}`)
    }
    await race('1.0.0') // a server not listed yet
    await race('2.0.0') // a new version of a listed one
  })
})

describe('status changes', () => {
  test('status changes of every version while new versions are published: none fails', async () => {
    const token = await tokenOf('dns', 'dnsowner.example')
    const name = 'example.dnsowner/busy'
    expect((await cut.call('POST', '/v0.1/publish', serverJson(name, '1.0.0'), token)).status).toBe(200)
    // A status change writes the versions and the listing in one transaction, a publish its listing and then its
    // versions: however they interleave on real PostgreSQL, each answers 200 (no lock wait ends in an aborted one).
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => [
        cut.call('POST', '/v0.1/publish', serverJson(name, `1.${i + 1}.0`), token),
        cut.call(
          'PATCH',
          `/v0.1/servers/${encodeURIComponent(name)}/status`,
          { status: i % 2 ? 'active' : 'deprecated', statusMessage: `round ${i}` },
          token,
        ),
      ]).flat(),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s >= 500)).toEqual([])
    expect(statuses.every((s) => s === 200)).toBe(true)
  })

  test('a version is deprecated with a message, then all versions deleted, by the same namespace only', async () => {
    const token = await tokenOf('dns', 'dnsowner.example')
    const path = '/v0.1/servers/example.dnsowner%2Fweather/versions/1.0.0/status'
    const stranger = await tokenOf('http', 'httpowner.example')
    expect((await cut.call('PATCH', path, { status: 'deprecated' }, stranger)).status).toBe(403)
    const res = await cut.call('PATCH', path, { status: 'deprecated', statusMessage: 'Use 1.1.0' }, token)
    expect(res.status).toBe(200)
    const v = (await res.json()) as { _meta: Record<string, { status: string; statusMessage: string }> }
    expect(v._meta['io.modelcontextprotocol.registry/official']).toMatchObject({
      status: 'deprecated',
      statusMessage: 'Use 1.1.0',
    })
    expect((await cut.call('PATCH', path, { status: 'deprecated', statusMessage: 'Use 1.1.0' }, token)).status).toBe(
      400,
    )
    const all = await cut.call(
      'PATCH',
      '/v0.1/servers/example.dnsowner%2Fweather/status',
      { status: 'deleted', statusMessage: 'Retired' },
      token,
    )
    expect(all.status).toBe(200)
    expect(((await all.json()) as { updatedCount: number }).updatedCount).toBe(2)
    expect((await cut.call('GET', '/v0.1/servers/example.dnsowner%2Fweather/versions')).status).toBe(404)
    await cut.catalog.flush()
    const hits = (await (await cut.call('GET', '/api/v1/search?q=weather')).json()) as { servers: { name: string }[] }
    expect(hits.servers.some((s) => s.name === 'example.dnsowner/weather')).toBe(false)
    // A new version brings the server back.
    world.addNpm('@dnsowner/weather', '2.0.0', 'example.dnsowner/weather')
    const back = await cut.call(
      'POST',
      '/v0.1/publish',
      serverJson('example.dnsowner/weather', '2.0.0', '@dnsowner/weather'),
      token,
    )
    expect(back.status).toBe(200)
    const served = (await (await cut.call('GET', '/v0.1/servers/example.dnsowner%2Fweather/versions')).json()) as {
      servers: { server: { version: string } }[]
    }
    expect(served.servers.map((s) => s.server.version)).toEqual(['2.0.0'])
  })
})

describe('the schema publishing is checked against', () => {
  test("is the specification's server.schema.json, unchanged", async () => {
    const spec = await Bun.file(new URL('../../../shared/spec/registry/server.schema.json', import.meta.url)).json()
    const kept = await Bun.file(
      new URL('../../services/catalog/src/publish/server.schema.json', import.meta.url),
    ).json()
    expect(kept).toEqual(spec)
  })
})

describe('when the operator says so', () => {
  test('anonymous tokens publish under io.modelcontextprotocol.anonymous/*, and published listings wait for moderation', async () => {
    // Private addresses refused, as in production: the remote's name resolves (world's DNS) to a public address.
    world.dns.setA('mcp.example.net', ['93.184.215.14'])
    const env = {
      PUBLIC_BASE_URL: 'https://dir.example',
      NPM_REGISTRY_URL: world.npmUrl,
      DNS_SERVERS: world.dns.address,
      DEMO_CATALOG: '0',
    }
    const other = await catalogUnderTest(env, 'op-token', {
      secret: 'another-secret',
      publishing: { allowAnonymous: true, moderate: true },
    })
    try {
      const res = await other.call('POST', '/v0.1/auth/none')
      expect(res.status).toBe(200)
      const body = (await res.json()) as { registry_token: string; permissions: { resource: string }[] }
      expect(body.permissions.map((p) => p.resource)).toEqual(['io.modelcontextprotocol.anonymous/*'])
      // A token of another server's secret is not accepted here.
      expect(
        (
          await other.call(
            'POST',
            '/v0.1/publish',
            serverJson('example.dnsowner/x', '1.0.0'),
            await tokenOf('dns', 'dnsowner.example'),
          )
        ).status,
      ).toBe(401)
      const name = 'io.modelcontextprotocol.anonymous/try'
      expect((await other.call('POST', '/v0.1/publish', serverJson(name, '0.0.1'), body.registry_token)).status).toBe(
        200,
      )
      const [row] = await other.database.rows<{ status: string; moderation_reason: string }>(
        sql`select status, moderation_reason from catalog.listings where name = ${name}`,
      )
      expect(row).toEqual({ status: 'flagged', moderation_reason: 'published: waiting for moderation' })
      await other.catalog.flush()
      const hits = (await (await other.call('GET', '/api/v1/search?q=try')).json()) as { servers: { name: string }[] }
      expect(hits.servers.some((s) => s.name === name)).toBe(false)
    } finally {
      await other.close()
    }
  })
})
