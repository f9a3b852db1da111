// Long on purpose: one real catalog and badge service (started once) serve every scenario below.
// The badge service on the real PostgreSQL, Redis and NATS, reading listings from a real catalog over HTTP:
// every style × metric × theme, escaping, headers, ETag/304, event-driven cache drops, impressions, the gateway.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { BADGE_METRICS, BADGE_STYLES, BADGE_THEMES } from '@mcp-directory/shared/badges'
import { createNatsBus } from '@mcp-directory/shared/bus'
import { eq, listings, openDatabase, runMigrations, type Database } from '@mcp-directory/shared/db'
import { createRedisStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import {
  createFreshDatabase,
  deleteStream,
  runToken,
  TEST_SERVICES,
  testConfig,
  type FreshDatabase,
} from '@mcp-directory/shared/testing'
import { createGatewayApp } from '../../../gateway/src/app'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createBadgeApp, httpCatalogHandler, type BadgeService } from '../src'
import { totalImpressions } from '../src/impressions/repository'
import { allNodes, parseXml } from './xml'

const log = createLogger('test', 'silent')
const token = runToken()
const stream = `TEST_BADGE_${token}`
const subjectPrefix = `test_${token}.directory`
const XSS_NAME = '<script>alert(1)</script> & "quotes"'
const config = testConfig({ PUBLIC_BASE_URL: 'https://dir.example', VIEW_FLUSH_MS: '60000' })

let fresh: FreshDatabase
let database: Database
let catalog: CatalogService
let badge: BadgeService
let catalogServer: ReturnType<typeof Bun.serve>
const bus = createNatsBus({ url: TEST_SERVICES.nats, stream, subjectPrefix, log })
const kv = createRedisStore({ url: TEST_SERVICES.redis, keyPrefix: `test:${token}:` })
let msg = 0

const get = (path: string, headers: Record<string, string> = {}) =>
  badge.app.handle(new Request(`http://localhost${path}`, { headers }))
const setListing = (id: string, values: Partial<typeof listings.$inferInsert>) =>
  database.db.update(listings).set(values).where(eq(listings.id, id))

beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  catalog = createCatalogApp({ config, database, bus, log, operatorToken: 'badge-test-operator-token' })
  await catalog.importDocument([
    { name: 'io.example/plain', description: 'A plain server' },
    { name: 'io.example/hidden', description: 'Flagged later' },
  ])
  // A hostile name the importer may refuse: written straight into the catalog's table (test setup only).
  await database.db.insert(listings).values({
    id: 'xss',
    name: XSS_NAME,
    title: null,
    description: '<img src=x onerror=alert(1)>',
    category: 'Other',
    status: 'active',
    source: 'test',
    health: '<b onload="x">',
  })
  await setListing('plain', { health: 'healthy', upvotes: 1234, views: 3_400_000, installs: 7 })
  await setListing('hidden', { status: 'flagged' })
  catalogServer = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => catalog.app.handle(r) })
  badge = createBadgeApp({
    config,
    database,
    kv,
    bus,
    log,
    consumerName: `badge_${token}`,
    catalog: httpCatalogHandler([`http://127.0.0.1:${catalogServer.port}`], log),
  })
  await badge.ready()
}, 60_000)

afterAll(async () => {
  await badge?.close()
  await catalog?.close()
  catalogServer?.stop(true)
  await bus.close()
  await kv.close()
  await database?.close()
  await fresh?.drop()
  await deleteStream(stream)
})

const publish = (subject: 'listing.claimed' | 'listing.counters_changed', payload: unknown) =>
  bus.publish(subject, payload as never, `badge-test-${token}-${++msg}`)

/** Polls a badge until `check` holds (the event travels through NATS first). */
async function until(
  path: string,
  check: (svg: string, res: Response) => boolean,
  timeoutMs = 8000,
): Promise<{ svg: string; res: Response }> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await get(path)
    const svg = await res.text()
    if (check(svg, res)) return { svg, res }
    if (Date.now() > deadline) throw new Error(`badge never satisfied the check: ${svg.slice(0, 200)}`)
    await Bun.sleep(100)
  }
}

function expectSafeSvg(svg: string) {
  const root = parseXml(svg)
  expect(root.name).toBe('svg')
  expect(root.attrs.xmlns).toBe('http://www.w3.org/2000/svg')
  for (const n of allNodes(root)) {
    expect(n.name.toLowerCase()).not.toBe('script')
    expect(n.name.toLowerCase()).not.toBe('foreignobject')
    expect(['image', 'use', 'a', 'iframe', 'style']).not.toContain(n.name.toLowerCase())
    for (const [k, v] of Object.entries(n.attrs)) {
      expect(k.toLowerCase().startsWith('on')).toBe(false)
      expect(k.toLowerCase().endsWith('href')).toBe(false)
      // The only absolute address in a badge is the SVG namespace; url() may name only a local fragment.
      if (k !== 'xmlns') expect(v).not.toMatch(/https?:|javascript:|data:/i)
      if (/url\(/.test(v)) expect(v).toMatch(/^url\(#[\w-]+\)$/)
    }
  }
  return root
}

describe('every style × metric × theme', () => {
  test('32 combinations answer 200 with well-formed, safe SVG and the image headers', async () => {
    const bodies = new Map<string, string>()
    for (const style of BADGE_STYLES)
      for (const metric of BADGE_METRICS)
        for (const theme of BADGE_THEMES) {
          const res = await get(`/api/badge/plain?style=${style}&metric=${metric}&theme=${theme}`)
          expect(res.status).toBe(200)
          expect(res.headers.get('content-type')).toBe('image/svg+xml')
          expect(res.headers.get('x-content-type-options')).toBe('nosniff')
          expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
          expect(res.headers.get('cache-control')).toBe('public, max-age=120')
          expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/)
          const svg = await res.text()
          expectSafeSvg(svg)
          bodies.set(`${style}/${metric}/${theme}`, svg)
        }
    expect(bodies.size).toBe(32)
    expect(new Set(bodies.values()).size).toBe(32)
    for (const metric of BADGE_METRICS) {
      // Style changes the output (for a fixed metric and theme), and so does theme (for a fixed style and metric).
      expect(new Set(BADGE_STYLES.map((s) => bodies.get(`${s}/${metric}/dark`))).size).toBe(4)
      for (const style of BADGE_STYLES)
        expect(bodies.get(`${style}/${metric}/dark`)).not.toBe(bodies.get(`${style}/${metric}/light`))
    }
  })
  test('defaults are shield, status, dark; numbers are abbreviated; status shows official/listed and health', async () => {
    const plain = await (await get('/api/badge/plain')).text()
    expect(plain).toBe(await (await get('/api/badge/plain?style=shield&metric=status&theme=dark')).text())
    expect(plain).toContain('listed · healthy')
    expect(await (await get('/api/badge/plain?metric=upvotes')).text()).toContain('>1.2k<')
    expect(await (await get('/api/badge/plain?metric=views&style=featured')).text()).toContain('3.4M views')
    expect(await (await get('/api/badge/plain?metric=installs&style=directory')).text()).toContain('7 installs')
  })
})

describe('escaping', () => {
  test('a listing named <script>alert(1)</script> & "quotes" renders escaped in every style', async () => {
    for (const style of BADGE_STYLES)
      for (const metric of BADGE_METRICS)
        for (const theme of BADGE_THEMES) {
          const res = await get(`/api/badge/xss?style=${style}&metric=${metric}&theme=${theme}`)
          expect(res.status).toBe(200)
          const svg = await res.text()
          expect(svg).not.toContain('<script')
          expect(svg).not.toContain('<b ')
          const root = expectSafeSvg(svg)
          // The name is there, as text: escaped in the markup, intact once parsed.
          expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;')
          const texts = allNodes(root)
            .map((n) => `${n.text} ${Object.values(n.attrs).join(' ')}`)
            .join(' ')
          expect(texts).toContain(XSS_NAME)
        }
  })
})

describe('errors', () => {
  test('a value outside its list, or a parameter given twice, is 400 invalid_parameter naming it', async () => {
    for (const [q, parameter] of [
      ['style=plastic', 'style'],
      ['metric=stars', 'metric'],
      ['theme=blue', 'theme'],
      ['style=', 'style'],
      ['theme=dark&theme=light', 'theme'],
    ]) {
      const res = await get(`/api/badge/plain?${q}`)
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toContain('application/json')
      const body = (await res.json()) as any
      expect(body).toMatchObject({ error: 'invalid_parameter', status: 400 })
      expect(body.details[0].parameter).toBe(parameter)
    }
    // Parameters the API does not define (cache busters) are not its business.
    expect((await get('/api/badge/plain?v=2')).status).toBe(200)
  })
  test('unknown and hidden listings are 404 Error objects', async () => {
    for (const id of ['nope', 'hidden']) {
      const res = await get(`/api/badge/${id}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ error: 'not_found', status: 404 })
    }
  })
})

describe('caching', () => {
  test('a second request with the ETag gets 304 with no body', async () => {
    const first = await get('/api/badge/plain?style=featured')
    const etag = first.headers.get('etag')!
    await first.arrayBuffer()
    const again = await get('/api/badge/plain?style=featured', { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('cache-control')).toBe('public, max-age=120')
    expect(await again.text()).toBe('')
    expect((await get('/api/badge/plain?style=featured', { 'if-none-match': `W/${etag}, "other"` })).status).toBe(304)
    expect((await get('/api/badge/plain?style=featured', { 'if-none-match': '"other"' })).status).toBe(200)
  })
  test('badges are served from the cache until a listing event drops them; after a claim the badge and ETag change', async () => {
    const path = '/api/badge/plain'
    const before = await get(path)
    const oldTag = before.headers.get('etag')!
    const oldSvg = await before.text()
    expect(oldSvg).toContain('listed · healthy')
    // The claim commits in the catalog (a claim makes a listing official); until its event arrives the cached badge is served.
    await setListing('plain', { isOfficial: true })
    const cached = await get(path)
    expect(cached.headers.get('etag')).toBe(oldTag)
    await cached.arrayBuffer()
    await publish('listing.claimed', {
      id: 'plain',
      name: 'io.example/plain',
      status: 'active',
      at: new Date().toISOString(),
      method: 'dns',
    })
    const { svg, res } = await until(path, (s) => s.includes('official'))
    expect(res.headers.get('etag')).not.toBe(oldTag)
    expect(svg).toContain('official · healthy')
    expect((await get(path, { 'if-none-match': oldTag })).status).toBe(200)
  })
  test('a counters_changed event shows new counts; a redelivered event is harmless', async () => {
    const path = '/api/badge/plain?metric=upvotes&style=flat-square'
    expect(await (await get(path)).text()).toContain('>1.2k<')
    await setListing('plain', { upvotes: 56_789 })
    await publish('listing.counters_changed', { ids: ['plain', 'xss'], at: new Date().toISOString() })
    await until(path, (s) => s.includes('>57k<'))
    // The same msgId again: JetStream drops it, and dropping absent keys would change nothing anyway.
    await bus.publish(
      'listing.counters_changed',
      { ids: ['plain'], at: new Date().toISOString() },
      `badge-test-${token}-${msg}`,
    )
    expect(await (await get(path)).text()).toContain('>57k<')
  })
  test('a flagged listing disappears after its event, and comes back when approved', async () => {
    expect((await get('/api/badge/xss?style=directory')).status).toBe(200)
    await setListing('xss', { status: 'flagged' })
    await bus.publish(
      'listing.flagged',
      { id: 'xss', name: XSS_NAME, status: 'flagged', at: new Date().toISOString(), reason: null },
      `badge-test-${token}-${++msg}`,
    )
    await until('/api/badge/xss?style=directory', (_, r) => r.status === 404)
    // Approved again: the approval event drops the brief not-listed mark, so the badge is back at once.
    await setListing('xss', { status: 'active' })
    expect((await get('/api/badge/xss?style=directory')).status).toBe(404)
    await bus.publish(
      'listing.approved',
      { id: 'xss', name: XSS_NAME, status: 'active', at: new Date().toISOString() },
      `badge-test-${token}-${++msg}`,
    )
    await until('/api/badge/xss?style=directory', (_, r) => r.status === 200)
  })
})

describe('impressions', () => {
  test('counted in batches into the badge schema, apart from page views', async () => {
    await badge.flush()
    const start = await totalImpressions(database, 'plain')
    const [{ views }] = await database.db
      .select({ views: listings.views })
      .from(listings)
      .where(eq(listings.id, 'plain'))
    for (let i = 0; i < 5; i++) await (await get('/api/badge/plain?theme=light')).arrayBuffer()
    expect(await totalImpressions(database, 'plain')).toBe(start)
    await badge.flush()
    expect(await totalImpressions(database, 'plain')).toBe(start + 5)
    const [after] = await database.db.select({ views: listings.views }).from(listings).where(eq(listings.id, 'plain'))
    expect(after.views).toBe(views)
    expect(await totalImpressions(database, 'nope')).toBe(0)
  })
  test('badges the gateway answered from its cache are added as the gateway reports them; a malformed report is a 400', async () => {
    await badge.flush()
    const start = await totalImpressions(database, 'plain')
    const post = (body: unknown) =>
      badge.app.handle(
        new Request('http://badge.internal/internal/impressions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    expect((await post({ counts: { plain: 7 } })).status).toBe(200)
    for (const bad of [
      {},
      { counts: [] },
      { counts: { plain: -1 } },
      { counts: { plain: 1.5 } },
      { counts: { plain: '3' } },
      { counts: { ['x'.repeat(201)]: 1 } },
    ]) {
      const res = await post(bad)
      expect(res.status).toBe(400)
      expect((await res.json()).error).toBe('invalid_body')
    }
    await badge.flush()
    expect(await totalImpressions(database, 'plain')).toBe(start + 7)
  })
})

describe('through the gateway', () => {
  test('headers, 304 and 404 pass through; the route is not rate-limited', async () => {
    const gw = createGatewayApp({
      config: testConfig({ RATE_LIMIT_PER_MINUTE: '1' }),
      log,
      kv,
      operatorToken: 'operator-secret-token-123',
      upstreams: { badge: inProcessUpstream('badge', (r) => badge.app.handle(r)) },
    }).app
    const call = (path: string, headers: Record<string, string> = {}) =>
      gw.handle(new Request(`http://localhost${path}`, { headers }))
    const res = await call('/api/badge/plain?style=directory&theme=light')
    expect(res.status).toBe(200)
    for (const h of ['content-type', 'x-content-type-options', 'content-security-policy', 'cache-control', 'etag'])
      expect(res.headers.get(h)).toBe((await get('/api/badge/plain?style=directory&theme=light')).headers.get(h))
    expect(res.headers.get('ratelimit-limit')).toBeNull()
    expectSafeSvg(await res.text())
    const again = await call('/api/badge/plain?style=directory&theme=light', {
      'if-none-match': res.headers.get('etag')!,
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect((await call('/api/badge/nope')).status).toBe(404)
    expect((await call('/api/badge/plain?style=nope')).status).toBe(400)
  })
})
