// The official MCP registry read API (/v0.1) of a directory holding ../shared/data/servers.json, through the
// gateway, on the real PostgreSQL: every answer is validated against the registry's openapi.yaml (JSON Schema
// 2020-12) and every served server.json against server.schema.json, with ajv.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { count, eq, listings, openDatabase, runMigrations, type Database } from '@mcp-directory/shared/db'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { createFreshDatabase, loadSharedData, testConfig, type FreshDatabase } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import Ajv from 'ajv'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { parse as parseYaml } from 'yaml'
import { createGatewayApp } from '../../gateway/src/app'

const SPEC = new URL('../../../shared/spec/registry/', import.meta.url)
const OFFICIAL = 'io.modelcontextprotocol.registry/official'
const ENRICHMENT = 'example.dir/directory'
const log = createLogger('test', 'silent')

type Json = Record<string, unknown>
type ServerResponse = {
  server: Json & { name: string; version: string }
  _meta: Json & { [OFFICIAL]: Json & { status: string; isLatest: boolean; updatedAt: string } }
}

let fresh: FreshDatabase
let database: Database
let catalog: CatalogService
let gateway: ReturnType<typeof createGatewayApp>
let validate: Record<'list' | 'one' | 'error' | 'serverJson', (v: unknown) => boolean>
let validationErrors: () => string

beforeAll(async () => {
  const openapi = parseYaml(await Bun.file(new URL('openapi.yaml', SPEC)).text()) as Json & {
    $id: string
    paths: Record<string, Record<string, Json>>
  }
  const ajv2020 = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv2020)
  ajv2020.addSchema(openapi)
  const draft7 = new Ajv({ strict: false, allErrors: true })
  addFormats(draft7)
  const serverSchema = await Bun.file(new URL('server.schema.json', SPEC)).json()
  const errorSchema = (
    openapi.paths['/v0.1/servers/{serverName}/versions'].get as {
      responses: { 404: { content: { 'application/json': { schema: Json } } } }
    }
  ).responses[404].content['application/json'].schema
  const list = ajv2020.getSchema(`${openapi.$id}#/components/schemas/ServerList`)!
  const one = ajv2020.getSchema(`${openapi.$id}#/components/schemas/ServerResponse`)!
  const error = ajv2020.compile(errorSchema)
  const serverJson = draft7.compile(serverSchema)
  validate = { list, one, error, serverJson }
  validationErrors = () =>
    JSON.stringify([list.errors, one.errors, error.errors, serverJson.errors].filter(Boolean)).slice(0, 2000)

  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  const config = testConfig({
    PUBLIC_BASE_URL: 'https://dir.example',
    RATE_LIMIT_REGISTRY_PER_MINUTE: '1000000',
    VIEW_FLUSH_MS: '60000',
  })
  catalog = createCatalogApp({
    config,
    database,
    bus: createMemoryBus(),
    log,
    operatorToken: 'conformance-operator-token',
  })
  gateway = createGatewayApp({
    config,
    log,
    kv: createMemoryStore(),
    operatorToken: 'conformance-operator-token',
    upstreams: { catalog: inProcessUpstream('catalog', (r) => catalog.app.handle(r)) },
  })
  // Loaded once for the whole file: 5,047 entries.
  await catalog.importDocument(await loadSharedData('servers.json'))
  // Three versions of one server, imported in turn: each becomes the latest; one has build metadata.
  for (const version of ['1.0.0', '1.1.0', '2.0.0+build.7']) {
    await catalog.importDocument([
      {
        name: 'io.example.conformance/multi',
        description: `Multi-version test server ${version}`,
        version,
        packages: [
          {
            registryType: 'npm',
            identifier: '@example/multi',
            version: version.replace(/\+.*/, ''),
            transport: { type: 'stdio' },
          },
        ],
      },
    ])
  }
  // A listing submitted to the directory and approved, and one an operator flagged.
  const created = await catalog.app.handle(
    new Request('http://localhost/internal/listings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Conformance Submitted Server',
        url: 'https://github.com/example/conformance-submitted',
        description: 'A server submitted to the directory for the conformance test',
        category: 'databases',
      }),
    }),
  )
  const { listing } = (await created.json()) as { listing: { id: string } }
  await setStatus(listing.id, 'active')
  submittedId = listing.id
  const [victim] = await database.db
    .select({ id: listings.id, name: listings.name })
    .from(listings)
    .where(eq(listings.name, 'ai.aliengiraffe/spotdb'))
  flaggedName = victim.name
  beforeFlag = new Date().toISOString()
  await Bun.sleep(5)
  await setStatus(victim.id, 'flagged')
  await catalog.flush()
}, 600_000)

afterAll(async () => {
  await catalog?.close()
  await gateway?.close()
  await database?.close()
  await fresh?.drop()
})

let submittedId = ''
let flaggedName = ''
let beforeFlag = ''

async function setStatus(id: string, status: string) {
  const res = await catalog.app.handle(
    new Request(`http://localhost/internal/listings/${id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    }),
  )
  expect(res.status).toBe(200)
}

const call = (path: string, init?: RequestInit) => gateway.app.handle(new Request(`http://localhost${path}`, init))
const enc = encodeURIComponent

/** GETs a registry path, checks status, CORS and the schema of the body, and returns the body. */
async function get<T>(path: string, status: number, kind: 'list' | 'one' | 'error'): Promise<T> {
  const res = await call(path)
  const body = await res.json()
  if (res.status !== status) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`)
  expect(res.headers.get('access-control-allow-origin')).toBe('*')
  expect(res.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS')
  expect(res.headers.get('content-type')).toContain('application/json')
  if (!validate[kind](body)) throw new Error(`${path}: not a ${kind} of the registry API: ${validationErrors()}`)
  if (kind === 'error') expect(typeof (body as { error: unknown }).error).toBe('string')
  const servers =
    kind === 'list' ? (body as { servers: ServerResponse[] }).servers : kind === 'one' ? [body as ServerResponse] : []
  for (const s of servers) {
    if (!validate.serverJson(s.server))
      throw new Error(`${path}: ${s.server.name} is not a valid server.json: ${validationErrors()}`)
  }
  return body as T
}

type Page = { servers: ServerResponse[]; metadata: { count: number; nextCursor?: string } }

async function pageAll(query: string): Promise<ServerResponse[]> {
  const all: ServerResponse[] = []
  let cursor: string | undefined
  for (let n = 0; n < 1000; n++) {
    const page = await get<Page>(
      `/v0.1/servers?limit=100${query}${cursor ? `&cursor=${enc(cursor)}` : ''}`,
      200,
      'list',
    )
    expect(page.metadata.count).toBe(page.servers.length)
    all.push(...page.servers)
    cursor = page.metadata.nextCursor
    if (!cursor) return all
  }
  throw new Error('paging did not end')
}

describe('registry read API: listing', () => {
  test('version=latest pages to the end: every active listing exactly once, each valid, each latest', async () => {
    const all = await pageAll('&version=latest')
    const [{ n }] = await database.db.select({ n: count() }).from(listings).where(eq(listings.status, 'active'))
    const names = all.map((s) => s.server.name)
    expect(new Set(names).size).toBe(names.length)
    expect(all.length).toBe(n)
    expect(n).toBeGreaterThan(4900)
    for (const s of all) {
      expect(s._meta[OFFICIAL].isLatest).toBe(true)
      expect(s._meta[OFFICIAL].status).not.toBe('deleted')
    }
    // Names in byte order: what cursors page by.
    expect([...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))).toEqual(names)
  }, 300_000)

  test('without a version filter every version is served once, the three of the multi-version server among them', async () => {
    const all = await pageAll('')
    const keys = all.map((s) => `${s.server.name}@${s.server.version}`)
    expect(new Set(keys).size).toBe(keys.length)
    const multi = all.filter((s) => s.server.name === 'io.example.conformance/multi')
    expect(multi.map((s) => s.server.version).sort()).toEqual(['1.0.0', '1.1.0', '2.0.0+build.7'])
    expect(multi.filter((s) => s._meta[OFFICIAL].isLatest).map((s) => s.server.version)).toEqual(['2.0.0+build.7'])
  }, 300_000)

  test("the publisher's server.json is served with the official _meta and the directory's enrichment", async () => {
    const official = (await loadSharedData<Json[]>('servers-official.json'))[1] as Json & {
      name: string
      version: string
      description: string
    }
    const body = await get<ServerResponse>(`/v0.1/servers/${enc(official.name)}/versions/latest`, 200, 'one')
    expect(body.server.name).toBe(official.name)
    expect(body.server.version).toBe(official.version)
    expect(body.server.description).toBe(official.description)
    expect(body.server.packages ?? []).toEqual(official.packages ?? [])
    const meta = body._meta[OFFICIAL]
    expect(meta.status).toBe('active')
    expect(meta.isLatest).toBe(true)
    const mine = body._meta[ENRICHMENT] as Json
    expect(Object.keys(mine).sort()).toEqual(
      [
        'category',
        'configs',
        'detailUrl',
        'health',
        'id',
        'installConfidence',
        'markdownUrl',
        'official',
        'origin',
        'publisher',
        'publisherVerified',
        'transports',
        'verified',
      ].sort(),
    )
    expect(mine.detailUrl).toBe(`https://dir.example/servers/${mine.id}`)
    expect(mine.markdownUrl).toBe(`https://dir.example/api/v1/mcp/${mine.id}/markdown`)
    // Who made it, with its evidence: the official registry granted the namespace after its proof.
    const publisher = mine.publisher as { verified: boolean; evidence: { kind: string; source: string }[] }
    expect(publisher.evidence[0]).toMatchObject({ kind: 'registry-namespace', source: 'official-registry' })
  })

  test('a loose community entry and a submitted listing are served as valid server.json under a registry name', async () => {
    const page = await get<Page>(`/v0.1/servers?search=${enc('example.dir/')}&version=latest&limit=100`, 200, 'list')
    expect(page.servers.length).toBeGreaterThan(0)
    const submitted = await get<ServerResponse>(
      `/v0.1/servers/${enc(`example.dir/${submittedId}`)}/versions/latest`,
      200,
      'one',
    )
    expect(submitted.server.description).toBe('A server submitted to the directory for the conformance test')
    expect((submitted.server.repository as Json).url).toBe('https://github.com/example/conformance-submitted')
  })

  test('search is a substring of the name, case-insensitive; LIKE wildcards are literal', async () => {
    const page = await get<Page>('/v0.1/servers?search=CONFORMANCE/MULTI&version=latest', 200, 'list')
    expect(page.servers.map((s) => s.server.name)).toEqual(['io.example.conformance/multi'])
    const none = await get<Page>(`/v0.1/servers?search=${enc('%_%')}`, 200, 'list')
    expect(none.servers).toEqual([])
  })

  test('version=<exact> filters to that version', async () => {
    const page = await get<Page>(`/v0.1/servers?version=${enc('1.1.0')}&search=conformance`, 200, 'list')
    expect(page.servers.map((s) => `${s.server.name}@${s.server.version}`)).toEqual([
      'io.example.conformance/multi@1.1.0',
    ])
  })
})

describe('registry read API: one server', () => {
  test('versions of a server, newest publication first; names URL-encoded', async () => {
    const body = await get<Page>(`/v0.1/servers/${enc('io.example.conformance/multi')}/versions`, 200, 'list')
    expect(body.servers.map((s) => s.server.version)).toEqual(['2.0.0+build.7', '1.1.0', '1.0.0'])
  })
  test('one version by its URL-encoded version, build metadata included; latest', async () => {
    const name = enc('io.example.conformance/multi')
    const build = await get<ServerResponse>(`/v0.1/servers/${name}/versions/${enc('2.0.0+build.7')}`, 200, 'one')
    expect(build.server.version).toBe('2.0.0+build.7')
    expect(build._meta[OFFICIAL].isLatest).toBe(true)
    const old = await get<ServerResponse>(`/v0.1/servers/${name}/versions/1.0.0`, 200, 'one')
    expect(old._meta[OFFICIAL].isLatest).toBe(false)
    expect((await get<ServerResponse>(`/v0.1/servers/${name}/versions/latest`, 200, 'one')).server.version).toBe(
      '2.0.0+build.7',
    )
  })
  test('404 { error } for an unknown server, an unknown version, a flagged server', async () => {
    expect((await get<{ error: string }>(`/v0.1/servers/${enc('io.example/nope')}/versions`, 404, 'error')).error).toBe(
      'Server not found',
    )
    expect(
      (await get<{ error: string }>(`/v0.1/servers/${enc('io.example/nope')}/versions/latest`, 404, 'error')).error,
    ).toBe('Server not found')
    expect(
      (
        await get<{ error: string }>(
          `/v0.1/servers/${enc('io.example.conformance/multi')}/versions/9.9.9`,
          404,
          'error',
        )
      ).error,
    ).toBe('Server version not found')
    expect(
      (await get<{ error: string }>(`/v0.1/servers/${enc(flaggedName)}/versions/latest`, 404, 'error')).error,
    ).toBe('Server not found')
    await get(`/v0.1/servers/${enc('%E0%A4%A')}/versions`, 404, 'error')
    await get('/v0.1/servers/a%00b/versions/latest', 404, 'error')
    await get('/v0.1/servers/a.b%2Fc/versions/1.0%00', 404, 'error')
  })
})

describe('registry read API: syncs and deletions', () => {
  test('updated_since brings only what changed, a flagged listing as deleted', async () => {
    const page = await get<Page>(`/v0.1/servers?updated_since=${enc(beforeFlag)}`, 200, 'list')
    const flagged = page.servers.filter((s) => s.server.name === flaggedName)
    expect(flagged.length).toBe(1)
    expect(flagged[0]._meta[OFFICIAL].status).toBe('deleted')
    expect(flagged[0]._meta[ENRICHMENT]).toBeUndefined()
    // updated_since includes its own instant: the flag may land in the same millisecond as the mark taken before it.
    for (const s of page.servers)
      expect(Date.parse(s._meta[OFFICIAL].updatedAt)).toBeGreaterThanOrEqual(Date.parse(beforeFlag))
    expect(page.servers.length).toBeLessThan(10)
    const future = await get<Page>(`/v0.1/servers?updated_since=${enc('2999-01-01T00:00:00Z')}`, 200, 'list')
    expect(future).toEqual({ servers: [], metadata: { count: 0 } })
    // RFC 3339 allows year 0, which PostgreSQL does not have: everything, not a 500.
    const ancient = await get<Page>(`/v0.1/servers?updated_since=${enc('0000-01-01T00:00:00Z')}&limit=1`, 200, 'list')
    expect(ancient.servers.length).toBe(1)
  })
  test('include_deleted shows the flagged listing as deleted; without it the listing is absent', async () => {
    const shown = await get<Page>(`/v0.1/servers?search=${enc(flaggedName)}&include_deleted=true`, 200, 'list')
    expect(shown.servers.map((s) => s._meta[OFFICIAL].status)).toEqual(['deleted'])
    const hidden = await get<Page>(`/v0.1/servers?search=${enc(flaggedName)}`, 200, 'list')
    expect(hidden.servers).toEqual([])
    const one = await get<ServerResponse>(
      `/v0.1/servers/${enc(flaggedName)}/versions/latest?include_deleted=true`,
      200,
      'one',
    )
    expect(one._meta[OFFICIAL].status).toBe('deleted')
  })
})

describe('registry read API: bad requests, writes, CORS', () => {
  test('invalid parameters are 400 with error, never 500', async () => {
    for (const q of [
      'cursor=not-a-cursor!',
      `cursor=${Buffer.from('"x"').toString('base64url')}`,
      'updated_since=yesterday',
      'updated_since=2025-13-45T99:00:00Z',
      'updated_since=2025-08-07',
      `cursor=${Buffer.from('["a\\u0000b","1"]').toString('base64url')}`,
      'search=a%00b',
      'version=%00',
      'limit=0',
      'limit=101',
      'limit=ten',
      'limit=-1',
      'include_deleted=maybe',
      'limit=5&limit=6',
      `search=${'a'.repeat(201)}`,
    ]) {
      const body = await get<{ error: string; details: { parameter: string }[] }>(`/v0.1/servers?${q}`, 400, 'error')
      expect(body.details[0].parameter).toBeString()
    }
    await get(`/v0.1/servers/${enc('io.example.conformance/multi')}/versions?include_deleted=perhaps`, 400, 'error')
  })
  test('publishing and status changes need a registry token: 401 { error } without one', async () => {
    const name = enc('io.example.conformance/multi')
    for (const [method, path, body] of [
      ['POST', '/v0.1/publish', '{"name":"io.example.conformance/multi","description":"x","version":"9.0.0"}'],
      ['PATCH', `/v0.1/servers/${name}/versions/1.0.0/status`, '{"status":"deleted"}'],
      ['PATCH', `/v0.1/servers/${name}/status`, '{"status":"deleted"}'],
    ]) {
      const res = await call(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
        body,
      })
      expect(res.status).toBe(401)
      const answer = await res.json()
      expect(validate.error(answer)).toBe(true)
      expect(answer.error).toBe('Invalid or expired Registry JWT token')
    }
  })
  test('updating and deleting a version in place answer 501 { error }', async () => {
    const name = enc('io.example.conformance/multi')
    for (const [method, path] of [
      ['PUT', `/v0.1/servers/${name}/versions/1.0.0`],
      ['DELETE', `/v0.1/servers/${name}/versions/1.0.0`],
    ]) {
      const res = await call(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
        body: '{"status":"deleted"}',
      })
      expect(res.status).toBe(501)
      const body = await res.json()
      expect(validate.error(body)).toBe(true)
      expect(body.error).toContain('not supported by this registry')
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
    }
  })
  test('CORS preflight of every /v0.1 route: GET, OPTIONS; Authorization, Content-Type', async () => {
    for (const path of [
      '/v0.1/servers',
      `/v0.1/servers/${enc('a.b/c')}/versions`,
      `/v0.1/servers/${enc('a.b/c')}/versions/latest`,
      '/v0.1/publish',
    ]) {
      const res = await call(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://vscode.dev',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      })
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, OPTIONS')
      expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type')
    }
  })
  test('the registry API has its own rate-limit class', async () => {
    const res = await call('/v0.1/servers?limit=1')
    expect(res.headers.get('ratelimit-limit')).toBe('1000000')
  })
})

describe('registry read API: documentation', () => {
  test('/docs/json documents every /v0.1 operation under the registry tag, with its parameters', async () => {
    const doc = (await (await call('/docs/json')).json()) as {
      tags: { name: string }[]
      paths: Record<
        string,
        Record<string, { tags: string[]; parameters: { name: string; in: string; description?: string }[] }>
      >
    }
    expect(doc.tags.map((t) => t.name)).toContain('registry')
    const ops = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/v0.1/'))
      .flatMap(([p, m]) => Object.entries(m).map(([method, op]) => ({ p, method, op })))
    expect(ops.map((o) => `${o.method.toUpperCase()} ${o.p}`).sort()).toEqual([
      'DELETE /v0.1/servers/{serverName}/versions/{version}',
      'GET /v0.1/servers',
      'GET /v0.1/servers/{serverName}/versions',
      'GET /v0.1/servers/{serverName}/versions/{version}',
      'PATCH /v0.1/servers/{serverName}/status',
      'PATCH /v0.1/servers/{serverName}/versions/{version}/status',
      'POST /v0.1/auth/dns',
      'POST /v0.1/auth/github-at',
      'POST /v0.1/auth/http',
      'POST /v0.1/auth/none',
      'POST /v0.1/publish',
      'PUT /v0.1/servers/{serverName}/versions/{version}',
    ])
    for (const o of ops) expect(o.op.tags).toEqual(['registry'])
    const list = doc.paths['/v0.1/servers'].get
    expect(list.parameters.map((p) => p.name).sort()).toEqual([
      'cursor',
      'include_deleted',
      'limit',
      'search',
      'updated_since',
      'version',
    ])
    const one = doc.paths['/v0.1/servers/{serverName}/versions/{version}'].get
    expect(one.parameters.find((p) => p.name === 'serverName')?.description).toContain('URL-encoded')
  })
})
