// Compressed answers over real HTTP through the gateway (served by `serve`, as in production) in front of a stand-in
// service: coded bodies decompress to exactly the answer, Vary is set, small answers, event streams, HEAD and
// refused codings go as they are, and a cached answer is served from its one coded copy.
import { afterAll, describe, expect, test } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { publicApiClient } from '@mcp-directory/shared/public-api'
import { serve } from '@mcp-directory/shared/runtime'
import { testConfig } from '@mcp-directory/shared/testing'
import { httpUpstream } from '@mcp-directory/shared/upstream'
import { negotiate } from '../src/compression'
import { createGatewayApp } from '../src/app'

const log = createLogger('test', 'silent')
const hits = new Map<string, number>()

// A page of about 20 KiB and a search answer of ten hits, as the web and catalog services send them.
const PAGE = `<!doctype html><html><body>${Array.from({ length: 200 }, (_, i) => `<li><a href="/servers/s${i}">Server ${i}</a> does things</li>`).join('')}</body></html>`
const SEARCH = JSON.stringify({
  results: Array.from({ length: 10 }, (_, i) => ({
    id: `io.github.someone/server-${i}`,
    description: `A Model Context Protocol server number ${i} that searches things for agents`,
    tools: ['search', 'fetch'],
  })),
})

const service = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (req) => {
    const url = new URL(req.url)
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1)
    if (url.pathname === '/')
      return new Response(PAGE, {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
      })
    if (url.pathname === '/api/v1/search')
      return new Response(SEARCH, {
        headers: { 'content-type': 'application/json', 'cache-control': 'public, max-age=10', etag: '"s1"' },
      })
    if (url.pathname === '/api/v1/categories')
      return Response.json({ categories: ['a', 'b'] }, { headers: { 'cache-control': 'public, max-age=300' } })
    if (url.pathname === '/api/mcp')
      return new Response(`data: ${'x'.repeat(4000)}\n\n`, { headers: { 'content-type': 'text/event-stream' } })
    return new Response('not found', { status: 404 })
  },
})

const base = `http://127.0.0.1:${service.port}`
const gateway = createGatewayApp({
  config: testConfig({ RATE_LIMIT_PER_MINUTE: '1000' }),
  log,
  kv: createMemoryStore(),
  operatorToken: 'operator-secret-token-123',
  microCache: { log, storeAfter: 1 },
  upstreams: {
    catalog: httpUpstream('catalog', [base], log),
    web: httpUpstream('web', [base], log),
    mcp: httpUpstream('mcp', [base], log),
  },
})
const server = serve({
  port: 0,
  host: '127.0.0.1',
  log,
  name: 'compression-test',
  close: async () => {},
  handler: { fetch: (r) => gateway.fetch(r), answerNow: (r) => gateway.answerNow(r) },
})
const origin = `http://127.0.0.1:${server.port}`

afterAll(async () => {
  server.stop(true)
  service.stop(true)
  await gateway.close()
})

/** The raw answer (fetch told not to decompress) and its body's bytes. */
async function raw(path: string, acceptEncoding: string | null, method = 'GET') {
  const headers: Record<string, string> = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }
  const res = await fetch(origin + path, { method, headers, decompress: false } as RequestInit)
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}

/** The bytes decoded as their Content-Encoding says. */
function decoded(res: Response, bytes: Uint8Array): string {
  const coding = res.headers.get('content-encoding')
  const out = coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes
  return new TextDecoder().decode(out)
}

describe('compressed answers', () => {
  test('a client taking gzip and br gets a coded body that decompresses to exactly the answer, with Vary and a right length', async () => {
    // An answer coded as it passes is gzip when both are taken alike (the cheaper), br when the client prefers it.
    const { res, bytes } = await raw('/', 'gzip, br')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(decoded(res, bytes)).toBe(PAGE)
    expect(bytes.byteLength).toBeLessThan(PAGE.length * 0.3)
    const length = res.headers.get('content-length')
    if (length !== null) expect(Number(length)).toBe(bytes.byteLength)
    for (const ae of ['br', 'gzip;q=0.5, br']) {
      const br = await raw('/', ae)
      expect(br.res.headers.get('content-encoding')).toBe('br')
      expect(decoded(br.res, br.bytes)).toBe(PAGE)
      expect(br.bytes.byteLength).toBeLessThan(PAGE.length * 0.3)
    }
    // Nothing asked gets the answer as it is, still marked as varying.
    const plain = await raw('/', null)
    expect(plain.res.headers.get('content-encoding')).toBeNull()
    expect(plain.res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(new TextDecoder().decode(plain.bytes)).toBe(PAGE)
  })

  test('q-values are honoured: br;q=0 gives gzip, identity and q=0 for all give the answer as it is', async () => {
    const noBr = await raw('/', 'br;q=0, gzip;q=0.5')
    expect(noBr.res.headers.get('content-encoding')).toBe('gzip')
    expect(decoded(noBr.res, noBr.bytes)).toBe(PAGE)
    for (const ae of ['identity', 'gzip;q=0, br;q=0', '*;q=0, identity']) {
      const { res, bytes } = await raw('/', ae)
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(new TextDecoder().decode(bytes)).toBe(PAGE)
    }
    expect(negotiate('gzip;q=1, br;q=0.8').encoding).toBe('gzip')
    expect(negotiate('identity;q=0, gzip')).toEqual({ encoding: 'gzip', fastEncoding: 'gzip', identityRefused: true })
    expect(negotiate('*')).toEqual({ encoding: 'br', fastEncoding: 'gzip', identityRefused: false })
    expect(negotiate('br;q=0.9, gzip;q=0.8').fastEncoding).toBe('br')
  })

  test('small answers, event streams and HEAD go as they are', async () => {
    const small = await raw('/api/v1/categories', 'gzip, br')
    expect(small.res.headers.get('content-encoding')).toBeNull()
    expect(JSON.parse(new TextDecoder().decode(small.bytes))).toEqual({ categories: ['a', 'b'] })
    const stream = await raw('/api/mcp', 'gzip, br')
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream')
    expect(stream.res.headers.get('content-encoding')).toBeNull()
    expect(new TextDecoder().decode(stream.bytes)).toStartWith('data: xxx')
    const head = await raw('/', 'gzip, br', 'HEAD')
    expect(head.res.headers.get('content-encoding')).toBeNull()
    expect(head.bytes.byteLength).toBe(0)
  })

  test('a cached search is served from its one coded copy: decoded as the answer, a weak ETag, a 304 on it', async () => {
    const path = '/api/v1/search?q=cached'
    const storedBefore = gateway.cache!.size()
    const first = await raw(path, 'gzip, br')
    const second = await raw(path, 'gzip, br')
    const third = await raw(path, 'gzip')
    expect(hits.get('/api/v1/search')).toBe(1)
    for (const { res, bytes } of [first, second, third]) {
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
      expect(decoded(res, bytes)).toBe(SEARCH)
    }
    expect(second.res.headers.get('age')).not.toBeNull()
    expect(second.res.headers.get('content-encoding')).toBe('br')
    expect(third.res.headers.get('content-encoding')).toBe('gzip')
    expect(second.bytes).toEqual(first.bytes)
    expect(second.bytes.byteLength).toBeLessThan(SEARCH.length * 0.3)
    expect(second.res.headers.get('etag')).toBe('W/"s1"')
    const plain = await raw(path, null)
    expect(plain.res.headers.get('content-encoding')).toBeNull()
    expect(plain.res.headers.get('etag')).toBe('"s1"')
    expect(new TextDecoder().decode(plain.bytes)).toBe(SEARCH)
    const notModified = await fetch(origin + path, {
      headers: { 'accept-encoding': 'br', 'if-none-match': 'W/"s1"' },
      decompress: false,
    } as RequestInit)
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('etag')).toBe('W/"s1"')
    expect(hits.get('/api/v1/search')).toBe(1)
    // One entry, holding the answer and one copy per coding (counted in the cache's bytes): hits compress nothing.
    const stored = gateway.cache!.size()
    expect(stored.entries).toBe(storedBefore.entries + 1)
    expect(stored.bytes - storedBefore.bytes).toBe(SEARCH.length + first.bytes.byteLength + third.bytes.byteLength)
  })

  test('a service calling the gateway (public-api client) asks for the answer as it is: no coding on internal hops', async () => {
    const call = publicApiClient({ gatewayUrl: origin, secret: 'x'.repeat(32) })
    const res = await call('/')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toBe(PAGE)
  })
})
