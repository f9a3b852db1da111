// mcp-publisher (the official registry's Go CLI) cannot be built here (no Go module proxy), so this test sends its
// exact requests, as its source sends them, to the directory through the gateway: `login dns --domain …
// --private-key <hex seed>` (POST /v0/auth/dns, the keys marshalled in Go's sorted order, the seed's Ed25519 key
// signing time.RFC3339 UTC), `login github --token …` (POST /v0/auth/github-at), `publish` (POST /v0/publish,
// Bearer, 200 or 201 accepted, `server.name`/`server.version` read back) and `status` (GET the version with
// include_deleted=true and read `_meta[official].status`, then PATCH …/status; `--all-versions` reads
// `updatedCount`). Names are url.PathEscape'd, which escapes the slash.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createPrivateKey, randomBytes } from 'node:crypto'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { testConfig } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createGatewayApp } from '../../gateway/src/app'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'
import { rfc3339, signTimestamp, startPublisherWorld, type PublisherWorld } from './publisher-world'

const REGISTRY = 'http://directory.test'
const OFFICIAL = 'io.modelcontextprotocol.registry/official'
let world: PublisherWorld
let cut: CatalogUnderTest
let gateway: ReturnType<typeof createGatewayApp>

// `--private-key` is the hex Ed25519 seed (32 bytes); the DNS record is what mcp-publisher prints for it.
const seed = randomBytes(32)
const privateKey = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
  format: 'der',
  type: 'pkcs8',
})
const publicRaw = Buffer.from((privateKey.export({ format: 'jwk' }) as { x: string }).x, 'base64url')

/** One request as Go's net/http client sends it. */
async function goRequest(method: string, url: string, headers: Record<string, string>, body?: string) {
  const u = new URL(url)
  return gateway.app.handle(
    new Request(`http://localhost${u.pathname}${u.search}`, {
      method,
      headers: { 'user-agent': 'Go-http-client/1.1', 'accept-encoding': 'gzip', ...headers },
      body,
    }),
  )
}

beforeAll(async () => {
  world = await startPublisherWorld()
  world.dns.setTxt('publisher.example', [`v=MCPv1; k=ed25519; p=${publicRaw.toString('base64')}`])
  world.dns.setA('mcp.publisher.example', ['93.184.215.14']) // a remote's name is resolved where it is published
  world.github.set('ghp_carol', { login: 'carol', orgs: [] })
  world.addNpm('@publisher/tool', '1.0.0', 'example.publisher/tool')
  world.addNpm('@publisher/tool', '1.0.1', 'example.publisher/tool')
  const env = {
    PUBLIC_BASE_URL: 'https://dir.example',
    DNS_SERVERS: world.dns.address,
    NPM_REGISTRY_URL: world.npmUrl,
    GITHUB_API_URL: world.githubUrl,
    DEMO_CATALOG: '0',
    RATE_LIMIT_WRITE_PER_HOUR: '1000',
  }
  cut = await catalogUnderTest(env, 'op-token', { secret: 'mcp-publisher-test-secret' })
  gateway = createGatewayApp({
    config: testConfig(env),
    log: createLogger('test', 'silent'),
    kv: createMemoryStore(),
    operatorToken: 'op-token',
    upstreams: { catalog: inProcessUpstream('catalog', (r) => cut.catalog.app.handle(r)) },
  })
})

afterAll(async () => {
  await gateway?.close()
  await cut?.close()
  await world?.close()
})

/** `mcp-publisher login dns --domain publisher.example --private-key <seed>`: the registry token it saves. */
let lastLogin = ''
async function loginDns(): Promise<string> {
  // mcp-publisher signs the time to the second, and a signed timestamp proves its holder once: a second login in the
  // same second waits for the next, as a person running the command again would.
  let timestamp = rfc3339()
  while (timestamp === lastLogin) {
    await Bun.sleep(50)
    timestamp = rfc3339()
  }
  lastLogin = timestamp
  // json.Marshal of a map[string]string: keys in sorted order.
  const payload = `{"domain":"publisher.example","signed_timestamp":"${signTimestamp(privateKey, timestamp)}","timestamp":"${timestamp}"}`
  const res = await goRequest(
    'POST',
    `${REGISTRY}/v0/auth/dns`,
    { 'content-type': 'application/json', accept: 'application/json' },
    payload,
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as { registry_token: string }).registry_token
}

/** `mcp-publisher publish`: the server.json marshalled from its Go struct, with the saved token. */
async function publish(token: string, server: Record<string, unknown>) {
  const res = await goRequest(
    'POST',
    `${REGISTRY}/v0/publish`,
    { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    JSON.stringify(server),
  )
  return { status: res.status, body: (await res.json()) as { server: { name: string; version: string } } }
}

const serverJson = (version: string) => ({
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name: 'example.publisher/tool',
  description: 'A tool published with mcp-publisher',
  repository: { url: 'https://github.com/publisher-example/tool', source: 'github' },
  version,
  packages: [{ registryType: 'npm', identifier: '@publisher/tool', version, transport: { type: 'stdio' } }],
})

describe('mcp-publisher against the directory (--registry)', () => {
  test('login dns, publish two versions, status of one, status of all', async () => {
    const token = await loginDns()
    for (const v of ['1.0.0', '1.0.1']) {
      const r = await publish(token, serverJson(v))
      expect([200, 201]).toContain(r.status)
      expect(r.body.server).toMatchObject({ name: 'example.publisher/tool', version: v })
    }
    const name = encodeURIComponent('example.publisher/tool')
    const auth = { authorization: `Bearer ${token}` }
    // status --status deprecated --message "…" example.publisher/tool 1.0.0
    const current = await goRequest('GET', `${REGISTRY}/v0/servers/${name}/versions/1.0.0?include_deleted=true`, auth)
    expect(current.status).toBe(200)
    expect(((await current.json()) as { _meta: Record<string, { status: string }> })._meta[OFFICIAL].status).toBe(
      'active',
    )
    const one = await goRequest(
      'PATCH',
      `${REGISTRY}/v0/servers/${name}/versions/1.0.0/status`,
      { ...auth, 'content-type': 'application/json' },
      '{"status":"deprecated","statusMessage":"Upgrade to 1.0.1"}',
    )
    expect(one.status).toBe(200)
    // status --all-versions --status deleted -y example.publisher/tool
    const all = await goRequest('GET', `${REGISTRY}/v0/servers/${name}/versions?include_deleted=true`, auth)
    expect(((await all.json()) as { servers: unknown[] }).servers).toHaveLength(2)
    const bulk = await goRequest(
      'PATCH',
      `${REGISTRY}/v0/servers/${name}/status`,
      { ...auth, 'content-type': 'application/json' },
      '{"status":"deleted"}',
    )
    expect(bulk.status).toBe(200)
    expect(((await bulk.json()) as { updatedCount: number }).updatedCount).toBe(2)
  })

  test('login github --token: the exchange mcp-publisher makes, and its namespace', async () => {
    const res = await goRequest(
      'POST',
      `${REGISTRY}/v0/auth/github-at`,
      { 'content-type': 'application/json', accept: 'application/json' },
      '{"github_token":"ghp_carol"}',
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as { registry_token: string; permissions: { resource: string }[] }
    expect(body.permissions.map((p) => p.resource)).toEqual(['io.github.carol/*'])
    const refused = await publish(body.registry_token, { ...serverJson('1.0.0'), name: 'example.publisher/other' })
    expect(refused.status).toBe(403)
  })

  test('the same operations under /v0.1 and /v0 answer alike; /v0 is routed but documented once', async () => {
    expect((await goRequest('POST', `${REGISTRY}/v0.1/auth/none`, {})).status).toBe(404)
    expect((await goRequest('POST', `${REGISTRY}/v0/auth/none`, {})).status).toBe(404)
    const doc = (await (await gateway.app.handle(new Request('http://localhost/docs/json'))).json()) as {
      paths: Record<string, unknown>
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/v0/'))).toBe(false)
    expect(doc.paths['/v0.1/auth/dns']).toBeDefined()
  })

  test('through the gateway, the registry token also works as the owner of the published listing', async () => {
    const token = await loginDns()
    const server = {
      name: 'example.publisher/second',
      description: 'A remote server',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'https://mcp.publisher.example/mcp' }],
    }
    expect((await publish(token, server)).status).toBe(200)
    const found = await goRequest('GET', `${REGISTRY}/api/v1/listings/status?name=example.publisher%2Fsecond`, {})
    const status = (await found.json()) as { state: string; id: string }
    expect(status.state).toBe('listed')
    const json = { 'content-type': 'application/json' }
    const edit = await goRequest(
      'PATCH',
      `${REGISTRY}/api/v1/servers/${status.id}`,
      { ...json, authorization: `Bearer ${token}` },
      '{"description":"Edited by its publisher"}',
    )
    expect(edit.status).toBe(200)
    const forged = await goRequest(
      'PATCH',
      `${REGISTRY}/api/v1/servers/${status.id}`,
      { ...json, authorization: `Bearer ${token.slice(0, -4)}AAAA` },
      '{"description":"Edited by someone"}',
    )
    expect(forged.status).toBe(401)
    const agentShaped = await goRequest(
      'PATCH',
      `${REGISTRY}/api/v1/servers/${status.id}`,
      { ...json, authorization: 'Bearer mcpdir_notarealtoken' },
      '{"description":"x"}',
    )
    expect(agentShaped.status).toBe(401)
  })
})
