// Rate limits counted in each gateway and added to the real Redis in batches: one limit across replicas within the
// documented overshoot, no round trip per request far from the limit, and the local fallback with Redis down.
import { afterAll, describe, expect, test } from 'bun:test'
import { createRedisStore, waitForStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { runToken, testConfig, TEST_SERVICES } from '@mcp-directory/shared/testing'
import { createGatewayApp } from '../src/app'
import { createRateLimiter } from '../src/plugins/rate-limit'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'

const log = createLogger('test', 'silent')
const prefix = `test:${runToken()}:`
const stores: KeyValueStore[] = []
afterAll(async () => {
  for (const s of stores) await s.close()
})

/** A Redis store that counts the round trips the rate limiter makes. */
async function countedStore(url = TEST_SERVICES.redis) {
  const store = createRedisStore({ url, keyPrefix: prefix, commandTimeoutMs: 200 })
  stores.push(store)
  if (url === TEST_SERVICES.redis) expect(await waitForStore(store)).toBe(true)
  const calls = { hit: 0, hitMany: 0 }
  const counted: KeyValueStore = {
    ...store,
    kind: store.kind,
    hit: (k, w) => {
      calls.hit++
      return store.hit(k, w)
    },
    hitMany: (items) => {
      calls.hitMany++
      return store.hitMany(items)
    },
  }
  return { store: counted, calls, raw: store }
}

function gateway(kv: KeyValueStore, limit: number, syncMs = 50) {
  const config = testConfig({ RATE_LIMIT_PER_MINUTE: String(limit), TRUST_PROXY_HOPS: '1' })
  const catalog = inProcessUpstream('catalog', () => Response.json({ ok: true }))
  return createGatewayApp({
    config,
    log,
    kv,
    operatorToken: 'operator-secret-token-123',
    upstreams: { catalog },
    rateLimitSyncMs: syncMs,
    microCache: false,
  })
}
type Gateway = ReturnType<typeof gateway>
const search = async (g: Gateway, ip: string) => {
  const res = await g.app.handle(
    new Request('http://localhost/api/v1/search?q=x', { headers: { 'x-forwarded-for': ip } }),
  )
  await res.arrayBuffer()
  return res
}

describe('rate limits counted locally, reconciled with Redis in batches', () => {
  test('far from the limit a request costs no Redis round trip; the counts reach Redis in a batch', async () => {
    const { store, calls, raw } = await countedStore()
    const g = gateway(store, 1000, 60_000)
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`
    for (let i = 0; i < 40; i++)
      expect((await search(g, ip)).headers.get('ratelimit-remaining')).toBe(String(1000 - i - 1))
    expect(calls).toEqual({ hit: 0, hitMany: 0 })
    await g.flushRateLimits()
    expect(calls.hitMany).toBe(1)
    expect(await raw.get(`rl:read:${ip}`)).toBe('40')
    await g.close()
  })

  test('two gateways sharing Redis enforce one limit; requests spaced beyond the batch interval get exactly the limit', async () => {
    const a = gateway((await countedStore()).store, 6, 20)
    const b = gateway((await countedStore()).store, 6, 20)
    const ip = '203.0.113.201'
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      statuses.push((await search(i % 2 ? b : a, ip)).status)
      await Bun.sleep(60)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429])
    await a.close()
    await b.close()
  })

  test('a burst through two gateways stays within the documented overshoot: (replicas − 1) × limit / 2 at most', async () => {
    const limit = 20
    const a = gateway((await countedStore()).store, limit, 1000)
    const b = gateway((await countedStore()).store, limit, 1000)
    const ip = '203.0.113.202'
    let allowed = 0
    for (let i = 0; i < 100; i++) if ((await search(i % 2 ? b : a, ip)).status === 200) allowed++
    expect(allowed).toBeGreaterThanOrEqual(limit)
    expect(allowed).toBeLessThanOrEqual(limit + limit / 2)
    // Once both have sent their counts, both refuse.
    await a.flushRateLimits()
    await b.flushRateLimits()
    expect((await search(a, ip)).status).toBe(429)
    expect((await search(b, ip)).status).toBe(429)
    await a.close()
    await b.close()
  })

  test('checkNow (a cache hit given at once) counts only what is decided here: far from the limit', async () => {
    const { store, calls } = await countedStore()
    const limiter = createRateLimiter(store, log, { syncIntervalMs: 60_000 })
    const cls = { name: 'read', limit: 10, windowMs: 60_000 }
    const client = `198.51.100.${Math.floor(Math.random() * 200)}-${runToken()}`
    // Up to half the limit: decided and counted here, no round trip.
    for (let i = 1; i <= 5; i++) expect(limiter.checkNow(cls, client)?.remaining).toBe(10 - i)
    expect(calls.hit + calls.hitMany).toBe(0)
    // Past half: not decided here and not counted; `check` counts it once, with the store.
    expect(limiter.checkNow(cls, client)).toBeNull()
    expect(limiter.checkNow(cls, client)).toBeNull()
    const d = await limiter.check(cls, client)
    expect([d.allowed, d.remaining]).toEqual([true, 4])
    expect(calls.hitMany).toBe(1)
    await limiter.close()
  })

  test('with Redis down each gateway limits on its own and keeps trying to send its counts', async () => {
    const { store, calls } = await countedStore('redis://127.0.0.1:1')
    const g = gateway(store, 4, 20)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await search(g, '203.0.113.203')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
    await Bun.sleep(100)
    // The batches kept trying (and failing fast) in the background.
    expect(calls.hitMany + calls.hit).toBeGreaterThan(0)
    await g.close()
  })
})
