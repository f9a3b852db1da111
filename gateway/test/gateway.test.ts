// The gateway against real HTTP upstreams on loopback: routing, headers, rate limits, failures, OpenAPI.
import { afterAll, describe, expect, test } from 'bun:test'
import { createMemoryStore, createRedisStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { testConfig } from '@mcp-directory/shared/testing'
import { createGatewayApp } from '../src/app'
import { ROUTES } from '../src/routes'
import { httpUpstream, inProcessUpstream, type Upstream } from '@mcp-directory/shared/upstream'

const log = createLogger('test', 'silent')
const servers: { stop(force?: boolean): void }[] = []
afterAll(() => {
  for (const s of servers) s.stop(true)
})

/** A stand-in service that echoes what it received (or sleeps first). */
function echoServer(name: string, delayMs = 0) {
  const s = Bun.serve({
    port: 0,
    fetch: async (req) => {
      if (delayMs) await Bun.sleep(delayMs)
      const headers: Record<string, string> = {}
      req.headers.forEach((v, k) => {
        headers[k] = v
      })
      return Response.json(
        { served: name, path: new URL(req.url).pathname + new URL(req.url).search, method: req.method, headers },
        { headers: { connection: 'keep-alive', 'keep-alive': 'timeout=5', 'x-upstream': name } },
      )
    },
  })
  servers.push(s)
  return `http://127.0.0.1:${s.port}`
}

function gateway(opts: { upstream?: Upstream; env?: Record<string, string>; kv?: KeyValueStore } = {}) {
  const config = testConfig({
    RATE_LIMIT_PER_MINUTE: '5',
    RATE_LIMIT_WRITE_PER_HOUR: '2',
    UPSTREAM_TIMEOUT_MS: '300',
    ...opts.env,
  })
  const upstream = opts.upstream ?? httpUpstream('catalog', [echoServer('catalog')], log)
  return createGatewayApp({
    config,
    log,
    kv: opts.kv ?? createMemoryStore(),
    operatorToken: 'operator-secret-token-123',
    upstreams: { catalog: upstream },
  }).app
}
const get = (app: ReturnType<typeof gateway>, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.handle(new Request(`http://localhost${path}`, { method, headers }))

describe('routing', () => {
  const app = gateway()
  test('forwards a public route with its path and query', async () => {
    const res = await get(app, '/api/v1/search?q=github&limit=3')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.path).toBe('/api/v1/search?q=github&limit=3')
  })
  test('unknown route → 404 Error object; wrong method → 405 with Allow', async () => {
    const r404 = await get(app, '/api/v1/nope')
    expect(r404.status).toBe(404)
    expect(await r404.json()).toMatchObject({
      error: 'not_found',
      status: 404,
      message: expect.any(String),
      docs: expect.stringContaining('/docs/errors#not_found'),
    })
    const r405 = await get(app, '/api/v1/search', {}, 'DELETE')
    expect(r405.status).toBe(405)
    expect(r405.headers.get('allow')).toBe('GET')
    expect((await r405.json()).error).toBe('method_not_allowed')
  })
  test('strips hop-by-hop and client-sent internal headers, passes the request id in and out', async () => {
    const res = await get(app, '/api/v1/categories', {
      connection: 'x-drop-me',
      'x-drop-me': '1',
      'x-directory-identity': 'operator',
      'proxy-authorization': 'x',
      'x-request-id': 'abc-123',
    })
    const { headers } = await res.json()
    expect(headers['x-drop-me']).toBeUndefined()
    expect(headers['proxy-authorization']).toBeUndefined()
    expect(headers['x-directory-identity']).toBeUndefined()
    expect(headers['x-request-id']).toBe('abc-123')
    expect(res.headers.get('x-request-id')).toBe('abc-123')
    expect(res.headers.get('keep-alive')).toBeNull()
    expect(res.headers.get('x-upstream')).toBe('catalog')
    const fresh = await get(app, '/api/v1/categories', { 'x-request-id': 'bad id with spaces' })
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
  test('CORS for browsers', async () => {
    const pre = await get(
      app,
      '/api/v1/search',
      { origin: 'https://x.example', 'access-control-request-method': 'GET' },
      'OPTIONS',
    )
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect((await get(app, '/api/v1/health')).headers.get('access-control-allow-origin')).toBe('*')
  })
  test('the operator API needs the operator token and never says which part was wrong', async () => {
    for (const auth of [undefined, 'Bearer wrong', 'Basic abc', 'Bearer ']) {
      const res = await app.handle(
        new Request('http://localhost/api/v1/admin/import', {
          method: 'POST',
          headers: auth ? { authorization: auth } : {},
          body: '[]',
        }),
      )
      expect(res.status).toBe(401)
      expect((await res.json()).message).toBe('Operator authentication required')
    }
    const ok = await app.handle(
      new Request('http://localhost/api/v1/admin/import', {
        method: 'POST',
        headers: { authorization: 'Bearer operator-secret-token-123', 'content-type': 'application/json' },
        body: '[]',
      }),
    )
    expect(ok.status).toBe(200)
  })
})

describe('rate limits', () => {
  test('headers on 200s, then 429 with Retry-After and no-store', async () => {
    const app = gateway()
    const h = { 'x-forwarded-for': '1.2.3.4' }
    for (let i = 1; i <= 5; i++) {
      const res = await get(app, '/api/v1/search', h)
      expect(res.status).toBe(200)
      expect(res.headers.get('ratelimit-limit')).toBe('5')
      expect(res.headers.get('ratelimit-remaining')).toBe(String(5 - i))
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0)
    }
    const res = await get(app, '/api/v1/servers/x', h)
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toMatchObject({ error: 'rate_limited', status: 429 })
    // Health is not limited.
    expect((await get(app, '/api/v1/health')).status).toBe(200)
  })
  test('clients are told apart by the trusted X-Forwarded-For hop only', async () => {
    const app = gateway({ env: { TRUST_PROXY_HOPS: '1', RATE_LIMIT_PER_MINUTE: '1' } })
    expect((await get(app, '/api/v1/search', { 'x-forwarded-for': '9.9.9.1' })).status).toBe(200)
    expect((await get(app, '/api/v1/search', { 'x-forwarded-for': '9.9.9.2' })).status).toBe(200)
    expect((await get(app, '/api/v1/search', { 'x-forwarded-for': 'spoof, 9.9.9.2' })).status).toBe(429)
  })
  test('an IPv6 client is counted as its /64: rotating addresses inside it buys no new budget', async () => {
    const app = gateway({ env: { TRUST_PROXY_HOPS: '1', RATE_LIMIT_PER_MINUTE: '3' } })
    const statuses = []
    for (let i = 1; i <= 5; i++)
      statuses.push((await get(app, '/api/v1/search', { 'x-forwarded-for': `2001:db8:1:2::${i}` })).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    // Another /64 is another client.
    expect((await get(app, '/api/v1/search', { 'x-forwarded-for': '2001:db8:1:3::1' })).status).toBe(200)
  })
  test('a trusted hop written with its port (as some proxies write it) is its address: new connections buy no budget', async () => {
    const app = gateway({ env: { TRUST_PROXY_HOPS: '1', RATE_LIMIT_PER_MINUTE: '2' } })
    // One client over three connections: each source port once, then without one.
    const hops = ['203.0.113.7:40001', '203.0.113.7:40002', '203.0.113.7']
    const statuses = []
    for (const hop of hops) statuses.push((await get(app, '/api/v1/search', { 'x-forwarded-for': hop })).status)
    expect(statuses).toEqual([200, 200, 429])
    // The service is told the address, so what it counts per client (installs) is counted per address too.
    const other = await get(app, '/api/v1/search', { 'x-forwarded-for': 'spoof, 198.51.100.9:5000' })
    expect((await other.json()).headers['x-directory-client-ip']).toBe('198.51.100.9')
    // Bracketed IPv6 with a port: each /64 is its own client, not one bucket shared by everyone behind the proxy.
    const v6 = []
    for (const hop of ['[2001:db8:1::1]:40001', '[2001:db8:1::2]:40002', '[2001:db8:1::3]:40003', '[2001:db8:2::1]:1'])
      v6.push((await get(app, '/api/v1/search', { 'x-forwarded-for': hop })).status)
    expect(v6).toEqual([200, 200, 429, 200])
  })
  test('with Redis down a local limiter takes over at once', async () => {
    const app = gateway({ kv: createRedisStore({ url: 'redis://127.0.0.1:1', commandTimeoutMs: 100 }) })
    const started = performance.now()
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await get(app, '/api/v1/search')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    expect(performance.now() - started).toBeLessThan(5000)
  })
})

describe('upstream failures', () => {
  test('a slow upstream → 504 Error object in bounded time', async () => {
    const app = gateway({ upstream: httpUpstream('catalog', [echoServer('slow', 2000)], log) })
    const started = performance.now()
    const res = await get(app, '/api/v1/search')
    expect(res.status).toBe(504)
    expect((await res.json()).error).toBe('gateway_timeout')
    expect(performance.now() - started).toBeLessThan(1500)
  })
  test('an unreachable upstream → 503 Error object', async () => {
    const app = gateway({ upstream: httpUpstream('catalog', ['http://127.0.0.1:1'], log) })
    const res = await get(app, '/api/v1/search')
    expect(res.status).toBe(503)
    expect((await res.json()).error).toBe('service_unavailable')
  })
  test('replicas share the requests and a dead one is skipped', async () => {
    const a = echoServer('a')
    const b = echoServer('b')
    const app = gateway({
      env: { RATE_LIMIT_PER_MINUTE: '1000' },
      upstream: httpUpstream('catalog', [a, b, 'http://127.0.0.1:1'], log),
    })
    const seen: string[] = []
    for (let i = 0; i < 12; i++) {
      const res = await get(app, '/api/v1/categories')
      expect(res.status).toBe(200)
      seen.push((await res.json()).served)
    }
    expect(seen.filter((s) => s === 'a').length).toBeGreaterThan(2)
    expect(seen.filter((s) => s === 'b').length).toBeGreaterThan(2)
  })
  test('a thrown in-process service becomes an Error object, not a crash', async () => {
    const app = gateway({ upstream: inProcessUpstream('catalog', () => new Promise(() => {})) })
    const res = await get(app, '/api/v1/search')
    expect(res.status).toBe(504)
  })
})

describe('who may empty the cache', () => {
  test('only routes that change listings drop cached answers: a registry token exchange (anyone can make one) does not', () => {
    const dropping = ROUTES.filter((r) => r.changesListings).map((r) => `${r.method} ${r.path}`)
    expect(dropping.filter((r) => r.includes('/auth/'))).toEqual([])
    // Publishing and status changes do change listings.
    expect(dropping).toContain('POST /v0.1/publish')
  })
})

describe('OpenAPI', () => {
  test('/docs/json documents every public route, /docs is a reference page', async () => {
    const app = gateway()
    const doc = await (await get(app, '/docs/json')).json()
    for (const r of ROUTES) {
      const path = r.path.replace(/:([A-Za-z]+)/g, '{$1}')
      // Pages for people (hidden) are routes but not API operations.
      if (r.hidden) {
        expect(doc.paths[path]?.[r.method.toLowerCase()]).toBeUndefined()
        continue
      }
      expect(doc.paths[path]?.[r.method.toLowerCase()]?.operationId).toBe(r.operationId)
    }
    expect(Object.keys(doc.paths).sort()).toEqual(
      [...new Set(ROUTES.filter((r) => !r.hidden).map((r) => r.path.replace(/:([A-Za-z]+)/g, '{$1}')))].sort(),
    )
    const search = doc.paths['/api/v1/search'].get
    expect(search.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'category',
      'claimed',
      'client',
      'cursor',
      'explain',
      'limit',
      'q',
      'ready',
      'sort',
      'transport',
      'verified',
    ])
    const page = await get(app, '/docs')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
  })
})
