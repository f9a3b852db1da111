// The gateway's micro-cache against a real HTTP stand-in service on loopback and the real NATS: what is stored, how
// it is keyed, what is never stored, per-client rate-limit headers on cache hits, and drops by listing events.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createNatsBus, type EventBus } from '@mcp-directory/shared/bus'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { deleteStream, runToken, testConfig, TEST_SERVICES } from '@mcp-directory/shared/testing'
import { createGatewayApp } from '../src/app'
import { MicroCache } from '../src/plugins/micro-cache'
import { httpUpstream } from '@mcp-directory/shared/upstream'

const log = createLogger('test', 'silent')
const token = runToken()
let bus: EventBus
const hits = new Map<string, number>()
const seen = (path: string) => hits.get(path) ?? 0
const reported: Record<string, number>[] = []
const reportedViews: Record<string, number>[] = []

/** A stand-in badge and catalog service: each path answers with its own caching headers and counts its requests. */
const service = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: async (req) => {
    const url = new URL(req.url)
    if (req.method === 'POST' && url.pathname === '/internal/impressions') {
      reported.push(((await req.json()) as { counts: Record<string, number> }).counts)
      return Response.json({ ok: true })
    }
    if (req.method === 'POST' && url.pathname === '/internal/views') {
      reportedViews.push(((await req.json()) as { counts: Record<string, number> }).counts)
      return Response.json({ ok: true })
    }
    const key = url.pathname + url.search
    hits.set(key, seen(key) + 1)
    const n = seen(key)
    const id = url.pathname.split('/')[3] ?? ''
    const body = `${key} #${n} accept=${req.headers.get('accept') ?? ''}`
    if (id === 'private') return new Response(body, { headers: { 'cache-control': 'private, max-age=120' } })
    if (id === 'nostore') return new Response(body, { headers: { 'cache-control': 'no-store' } })
    if (id === 'plain') return new Response(body)
    if (id === 'cookie')
      return new Response(body, { headers: { 'cache-control': 'public, max-age=120', 'set-cookie': 'a=b' } })
    if (id === 'missing')
      return Response.json({ error: 'not_found' }, { status: 404, headers: { 'cache-control': 'public, max-age=120' } })
    if (id === 'broken')
      return Response.json({ error: 'internal' }, { status: 500, headers: { 'cache-control': 'public, max-age=120' } })
    if (id === 'varies')
      return new Response(body, { headers: { 'cache-control': 'public, max-age=120', vary: 'Accept' } })
    if (id === 'star') return new Response(body, { headers: { 'cache-control': 'public, max-age=120', vary: '*' } })
    if (url.pathname === '/api/v1/categories')
      return new Response(body, {
        headers: { 'cache-control': 'public, max-age=300', 'content-type': 'application/json' },
      })
    return new Response(body, {
      headers: { 'cache-control': 'public, max-age=120', 'content-type': 'image/svg+xml', etag: `"${id}"` },
    })
  },
})

function gateway(env: Record<string, string> = {}, microCache?: { maxEntries?: number; storeAfter?: number }) {
  const config = testConfig({ RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY_HOPS: '1', ...env })
  const base = `http://127.0.0.1:${service.port}`
  return createGatewayApp({
    config,
    log,
    kv: createMemoryStore(),
    operatorToken: 'operator-secret-token-123',
    bus,
    // Every cacheable answer stored at once, as these tests ask of the storing rules (the second-ask rule has its own).
    microCache: { log, bus, storeAfter: 1, ...microCache },
    upstreams: {
      badge: httpUpstream('badge', [base], log),
      catalog: httpUpstream('catalog', [base], log),
      submission: httpUpstream('submission', [base], log),
    },
  })
}
type Gateway = ReturnType<typeof gateway>
/** As `serve` asks the gateway: an answer given at once when there is one, else the handler's. */
const get = (g: Gateway, path: string, headers: Record<string, string> = {}) => {
  const request = new Request(`http://localhost${path}`, { headers })
  return Promise.resolve(g.answerNow(request)?.response ?? g.fetch(request))
}

beforeAll(() => {
  bus = createNatsBus({
    url: TEST_SERVICES.nats,
    stream: `TEST_${token}`,
    subjectPrefix: `test_${token}.directory`,
    log,
  })
})
afterAll(async () => {
  await bus.close()
  await deleteStream(`TEST_${token}`)
  service.stop(true)
})

describe('micro-cache', () => {
  test('a cacheable badge is answered once by the service, then from the gateway (same bytes, an Age, a fresh request id)', async () => {
    const g = gateway()
    const a = await get(g, '/api/badge/one', { 'x-request-id': 'first-request' })
    const b = await get(g, '/api/badge/one', { 'x-request-id': 'second-request' })
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(await b.text()).toBe(await a.text())
    expect(seen('/api/badge/one')).toBe(1)
    expect(b.headers.get('age')).toMatch(/^\d+$/)
    expect(b.headers.get('content-type')).toBe('image/svg+xml')
    expect(b.headers.get('x-request-id')).toBe('second-request')
    expect(b.headers.get('access-control-allow-origin')).toBe('*')
    // A conditional request is answered 304 from the cache hit.
    const c = await get(g, '/api/badge/one', { 'if-none-match': '"one"' })
    expect(c.status).toBe(304)
    expect(c.headers.get('etag')).toBe('"one"')
    expect(seen('/api/badge/one')).toBe(1)
    await g.close()
  })

  test('by default an answer is stored on its second ask: one asked once is passed on unread and pushes out none', async () => {
    const plain = new MicroCache({ log })
    // Stored on the second ask, and at once on any ask after (its answer expired or was dropped).
    const asks = [1, 2, 3].map(() => plain.admits('/x', '', false))
    expect(asks).toEqual([false, true, true])
    expect(plain.admits('/x', 'other variant', false)).toBe(false)
    await plain.close()
    const g = gateway({ RATE_LIMIT_PER_MINUTE: '1000' }, { storeAfter: 2, maxEntries: 4 })
    for (let i = 0; i < 3; i++) await get(g, '/api/badge/twice')
    // The first two reach the service; the second is stored, the third answered from it.
    expect(seen('/api/badge/twice')).toBe(2)
    expect(g.cache!.size().entries).toBe(1)
    // Many badges asked once each: none stored, and the stored one stays.
    for (let i = 0; i < 10; i++) await get(g, `/api/badge/once-${i}`)
    expect(g.cache!.size().entries).toBe(1)
    await get(g, '/api/badge/twice')
    expect(seen('/api/badge/twice')).toBe(2)
    // Asked again after more than 4 others, a badge counts as asked for the first time.
    await get(g, '/api/badge/once-0')
    expect(g.cache!.size().entries).toBe(1)
    // Rate-limited reads are counted apart: the flood of badges above forgot no ask of theirs.
    await get(g, '/api/v1/categories?asked=2')
    for (let i = 0; i < 10; i++) await get(g, `/api/badge/burst-${i}`)
    await get(g, '/api/v1/categories?asked=2')
    await get(g, '/api/v1/categories?asked=2')
    expect(seen('/api/v1/categories?asked=2')).toBe(2)
    await g.close()
  })

  test('keyed by path, query and the headers the answer varies on', async () => {
    const g = gateway()
    await get(g, '/api/badge/two?style=flat')
    await get(g, '/api/badge/two?style=shield')
    await get(g, '/api/badge/two?style=flat')
    expect(seen('/api/badge/two?style=flat')).toBe(1)
    expect(seen('/api/badge/two?style=shield')).toBe(1)
    const html = await (await get(g, '/api/badge/varies', { accept: 'text/html' })).text()
    const md = await (await get(g, '/api/badge/varies', { accept: 'text/markdown' })).text()
    expect(html).toContain('accept=text/html')
    expect(md).toContain('accept=text/markdown')
    expect(await (await get(g, '/api/badge/varies', { accept: 'text/html' })).text()).toBe(html)
    expect(seen('/api/badge/varies')).toBe(2)
    // Vary: * can never be matched, so it is never stored.
    await get(g, '/api/badge/star')
    await get(g, '/api/badge/star')
    expect(seen('/api/badge/star')).toBe(2)
    await g.close()
  })

  test('never stores private, no-store, unmarked or cookie-setting answers, nor errors; credentials bypass it', async () => {
    const g = gateway()
    for (const id of ['private', 'nostore', 'plain', 'cookie', 'missing', 'broken']) {
      const first = await get(g, `/api/badge/${id}`)
      await first.arrayBuffer()
      await (await get(g, `/api/badge/${id}`)).arrayBuffer()
      expect({ id, requests: seen(`/api/badge/${id}`) }).toEqual({ id, requests: 2 })
    }
    await get(g, '/api/badge/three')
    await get(g, '/api/badge/three', { authorization: 'Bearer someone' })
    await get(g, '/api/badge/three', { cookie: 'session=x' })
    expect(seen('/api/badge/three')).toBe(3)
    await g.close()
  })

  test("rate-limit headers on a cache hit are the client's own, and a client past its limit gets 429", async () => {
    const g = gateway()
    const remaining = async (ip: string) => {
      const res = await get(g, '/api/v1/categories', { 'x-forwarded-for': ip })
      await res.arrayBuffer()
      return [res.status, res.headers.get('ratelimit-remaining'), res.headers.get('ratelimit-limit')]
    }
    expect(await remaining('198.51.100.1')).toEqual([200, '4', '5'])
    expect(await remaining('198.51.100.1')).toEqual([200, '3', '5'])
    expect(await remaining('198.51.100.2')).toEqual([200, '4', '5'])
    expect(await remaining('198.51.100.1')).toEqual([200, '2', '5'])
    expect(await remaining('198.51.100.1')).toEqual([200, '1', '5'])
    expect(await remaining('198.51.100.1')).toEqual([200, '0', '5'])
    expect(await remaining('198.51.100.1')).toEqual([429, '0', '5'])
    expect(await remaining('198.51.100.2')).toEqual([200, '3', '5'])
    expect(seen('/api/v1/categories')).toBe(1)
    await g.close()
  })

  test('a cache hit is given at once, as the handler gives it; a limited one only while far from the limit', async () => {
    const g = gateway()
    const at = (path: string, ip = '198.51.100.9') =>
      new Request(`http://localhost${path}`, { headers: { 'x-forwarded-for': ip } })
    expect(g.answerNow(at('/api/badge/at-once'))).toBeNull()
    await (await g.fetch(at('/api/badge/at-once'))).arrayBuffer()
    const now = g.answerNow(at('/api/badge/at-once'))!
    const handled = await g.fetch(at('/api/badge/at-once'))
    expect(now.route).toBe('/api/badge/:id')
    expect(await now.response.text()).toBe(await handled.text())
    const headersOf = (r: Response) =>
      [...r.headers].filter(([k]) => k !== 'x-request-id').sort(([a], [b]) => a.localeCompare(b))
    expect(headersOf(now.response)).toEqual(headersOf(handled))
    expect(now.response.headers.get('x-request-id')).not.toBe(handled.headers.get('x-request-id'))
    expect(seen('/api/badge/at-once')).toBe(1)
    // Categories are limited (5 a minute here): with this process's own count (no shared store), answered at once
    // while within the limit, each counted once...
    const ip = '198.51.100.10'
    await (await g.fetch(at('/api/v1/categories', ip))).arrayBuffer()
    for (const left of ['3', '2', '1', '0'])
      expect(g.answerNow(at('/api/v1/categories', ip))?.response.headers.get('ratelimit-remaining')).toBe(left)
    // ...and past it left to the handler, which refuses (the refusal to answer at once counted nothing).
    expect(g.answerNow(at('/api/v1/categories', ip))).toBeNull()
    const refused = await g.fetch(at('/api/v1/categories', ip))
    expect([refused.status, refused.headers.get('ratelimit-remaining')]).toEqual([429, '0'])
    // A credentialed request is never answered from the cache.
    const withToken = new Request('http://localhost/api/badge/at-once', { headers: { authorization: 'Bearer x' } })
    expect(g.answerNow(withToken)).toBeNull()
    await g.close()
  })

  test('bounded: the oldest answers leave first', async () => {
    // Badges (no rate limit) hold at most half of the 6 entries.
    const g = gateway({}, { maxEntries: 6 })
    for (let i = 0; i < 6; i++) await (await get(g, `/api/badge/bounded-${i}`)).arrayBuffer()
    expect(g.cache!.size().entries).toBe(3)
    await get(g, '/api/badge/bounded-0')
    expect(seen('/api/badge/bounded-0')).toBe(2)
    await get(g, '/api/badge/bounded-5')
    expect(seen('/api/badge/bounded-5')).toBe(1)
    await g.close()
  })

  test('answers of routes without a rate limit push out only each other: a flood of badges leaves the reads cached', async () => {
    const g = gateway({}, { maxEntries: 6 })
    await (await get(g, '/api/v1/categories?flood=1')).arrayBuffer()
    for (let i = 0; i < 50; i++) await (await get(g, `/api/badge/flood-${i}`)).arrayBuffer()
    expect(g.cache!.size().entries).toBe(4)
    await (await get(g, '/api/v1/categories?flood=1')).arrayBuffer()
    expect(seen('/api/v1/categories?flood=1')).toBe(1)
    // The newest badges are kept, the older ones left.
    await get(g, '/api/badge/flood-49')
    expect(seen('/api/badge/flood-49')).toBe(1)
    await get(g, '/api/badge/flood-0')
    expect(seen('/api/badge/flood-0')).toBe(2)
    await g.close()
  })

  test("a listing event on the bus drops that listing's answers (and those about no listing) within a second", async () => {
    const g = gateway({ RATE_LIMIT_PER_MINUTE: '1000' })
    await g.cache!.ready()
    // The consumer receives events published from now on: wait until one gets through.
    const warm = `warm-${runToken()}`
    await get(g, `/api/badge/${warm}`)
    for (let i = 0; i < 50 && seen(`/api/badge/${warm}`) < 2; i++) {
      await bus.publish(
        'listing.checked',
        { id: warm, name: warm, status: 'active', at: new Date().toISOString(), changed: ['health'] },
        `warm-${i}-${runToken()}`,
      )
      await Bun.sleep(100)
      await get(g, `/api/badge/${warm}`)
    }
    expect(seen(`/api/badge/${warm}`)).toBeGreaterThanOrEqual(2)

    for (const p of ['/api/badge/four', '/api/badge/four?style=flat', '/api/badge/five', '/api/v1/categories'])
      await (await get(g, p)).arrayBuffer()
    const before = (p: string) => seen(p)
    const counts = {
      four: before('/api/badge/four'),
      flat: before('/api/badge/four?style=flat'),
      five: before('/api/badge/five'),
      cats: before('/api/v1/categories'),
    }
    const sent = Date.now()
    await bus.publish(
      'listing.checked',
      { id: 'four', name: 'four', status: 'active', at: new Date().toISOString(), changed: ['health'] },
      `drop-${runToken()}`,
    )
    let dropped = false
    while (Date.now() - sent < 1000 && !dropped) {
      await Bun.sleep(25)
      await (await get(g, '/api/badge/four')).arrayBuffer()
      dropped = seen('/api/badge/four') > counts.four
    }
    expect(dropped).toBe(true)
    await (await get(g, '/api/badge/four?style=flat')).arrayBuffer()
    await (await get(g, '/api/badge/five')).arrayBuffer()
    await (await get(g, '/api/v1/categories')).arrayBuffer()
    expect(seen('/api/badge/four?style=flat')).toBe(counts.flat + 1)
    expect(seen('/api/v1/categories')).toBe(counts.cats + 1)
    // Another listing's badge stays stored.
    expect(seen('/api/badge/five')).toBe(counts.five)
    await g.close()
  })

  test('badges answered from the cache are reported to the badge service as impressions, in batches', async () => {
    const g = gateway({ VIEW_FLUSH_MS: '100' })
    for (let i = 0; i < 5; i++) await (await get(g, '/api/badge/seven')).arrayBuffer()
    await (await get(g, '/api/badge/seven', { 'if-none-match': '"seven"' })).arrayBuffer()
    expect(seen('/api/badge/seven')).toBe(1)
    const until = Date.now() + 3000
    const total = () => reported.reduce((n, c) => n + (c.seven ?? 0), 0)
    while (total() < 5 && Date.now() < until) await Bun.sleep(50)
    // Four cache hits and one 304: every badge shown after the first, which the service counted itself.
    expect(total()).toBe(5)
    await g.close()
  })

  test("an operator's write through the gateway drops at once what it may have changed; details it answers are reported as views", async () => {
    const g = gateway({ VIEW_FLUSH_MS: '100', RATE_LIMIT_PER_MINUTE: '1000' })
    const read = async (path: string) => (await get(g, path)).arrayBuffer()
    for (const path of [
      '/api/v1/servers/eight',
      '/api/v1/servers/eight',
      '/api/v1/search?q=eight',
      '/api/v1/servers/nine',
    ])
      await read(path)
    expect([seen('/api/v1/servers/eight'), seen('/api/v1/search?q=eight')]).toEqual([1, 1])
    const operator = { authorization: 'Bearer operator-secret-token-123', 'content-type': 'application/json' }
    // A public write (an install counted) drops nothing: anyone could empty the cache at will.
    const install = await g.fetch(new Request('http://localhost/api/v1/servers/eight/installs', { method: 'POST' }))
    expect(install.ok).toBe(true)
    await read('/api/v1/servers/eight')
    expect(seen('/api/v1/servers/eight')).toBe(1)
    // An operator flags listing eight: its detail and every search go; listing nine's detail stays.
    const write = await g.fetch(
      new Request('http://localhost/api/v1/admin/listings/eight/flag', {
        method: 'POST',
        headers: operator,
        body: '{}',
      }),
    )
    expect(write.ok).toBe(true)
    for (const path of ['/api/v1/servers/eight', '/api/v1/search?q=eight', '/api/v1/servers/nine']) await read(path)
    expect([seen('/api/v1/servers/eight'), seen('/api/v1/search?q=eight'), seen('/api/v1/servers/nine')]).toEqual([
      2, 2, 1,
    ])
    // A write naming no listing (an import) drops every stored answer.
    const imported = await g.fetch(
      new Request('http://localhost/api/v1/admin/import', { method: 'POST', headers: operator, body: '[]' }),
    )
    expect(imported.ok).toBe(true)
    await read('/api/v1/servers/nine')
    expect(seen('/api/v1/servers/nine')).toBe(2)
    // The details answered from the cache (eight twice, nine once) are reported to the catalog as views, each with
    // the visitor it was for ("<id>\n<client>"): the catalog counts a visitor once a day.
    const until = Date.now() + 3000
    const views = (id: string) =>
      reportedViews.reduce(
        (n, c) => n + Object.entries(c).reduce((m, [k, v]) => m + (k.split('\n')[0] === id ? v : 0), 0),
        0,
      )
    while ((views('eight') < 2 || views('nine') < 1) && Date.now() < until) await Bun.sleep(50)
    expect([views('eight'), views('nine')]).toEqual([2, 1])
    for (const k of reportedViews.flatMap((c) => Object.keys(c))) expect(k).toMatch(/^(eight|nine)\n\S+$/)
    await g.close()
  })

  test('off when asked', async () => {
    const config = testConfig({ RATE_LIMIT_PER_MINUTE: '5' })
    const base = `http://127.0.0.1:${service.port}`
    const g = createGatewayApp({
      config,
      log,
      kv: createMemoryStore(),
      operatorToken: 'operator-secret-token-123',
      microCache: false,
      upstreams: { badge: httpUpstream('badge', [base], log) },
    })
    await get(g, '/api/badge/six')
    await get(g, '/api/badge/six')
    expect(seen('/api/badge/six')).toBe(2)
    expect(g.cache).toBeNull()
    await g.close()
  })
})
