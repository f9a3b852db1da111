// The write limit counts successful writes; refused writes count against their own, looser bound: a publisher who
// got a field wrong many times can still publish, successes stay limited at RATE_LIMIT_WRITE_PER_HOUR, a flood of
// failures stops at RATE_LIMIT_WRITE_FAILURES_PER_HOUR, and RateLimit-* headers say the write limit after each.
import { afterAll, describe, expect, test } from 'bun:test'
import { createMemoryStore, createRedisStore, type KeyValueStore, waitForStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { runToken, TEST_SERVICES, testConfig } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createGatewayApp } from '../src/app'

const log = createLogger('test', 'silent')
const prefix = `test:${runToken()}:`
const stores: KeyValueStore[] = []
afterAll(async () => {
  for (const s of stores) await s.close()
})

/** A stand-in catalog: a publish whose body says `valid` is accepted (201), any other refused (400). */
const catalog = inProcessUpstream('catalog', async (req) => {
  const body = (await req.json().catch(() => null)) as { valid?: boolean } | null
  return body?.valid
    ? Response.json({ ok: true }, { status: 201 })
    : Response.json({ error: 'Invalid server.json: description is required' }, { status: 400 })
})

function gateway(kv: KeyValueStore, env: Record<string, string> = {}) {
  return createGatewayApp({
    config: testConfig({ TRUST_PROXY_HOPS: '1', ...env }),
    log,
    kv,
    operatorToken: 'operator-secret-token-123',
    upstreams: { catalog },
    rateLimitSyncMs: 20,
    microCache: false,
  })
}
type Gateway = ReturnType<typeof gateway>

const publish = async (g: Gateway, ip: string, valid: boolean) => {
  const res = await g.fetch(
    new Request('http://localhost/v0.1/publish', {
      method: 'POST',
      headers: { 'x-forwarded-for': ip, 'content-type': 'application/json' },
      body: JSON.stringify({ valid }),
    }),
  )
  await res.arrayBuffer()
  return res
}

describe('write limit: successes and failures counted apart', () => {
  test('20 refused publishes then a valid one: accepted; successes still stop at RATE_LIMIT_WRITE_PER_HOUR', async () => {
    const g = gateway(createMemoryStore())
    const ip = '203.0.113.10'
    for (let i = 0; i < 20; i++) {
      const res = await publish(g, ip, false)
      expect(res.status).toBe(400)
      // A refusal spends none of the writes: the headers still say all 20 remain.
      expect(res.headers.get('ratelimit-limit')).toBe('20')
      expect(res.headers.get('ratelimit-remaining')).toBe('20')
    }
    const statuses: number[] = []
    const remaining: (string | null)[] = []
    for (let i = 0; i < 21; i++) {
      const res = await publish(g, ip, true)
      statuses.push(res.status)
      remaining.push(res.headers.get('ratelimit-remaining'))
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201))
    expect(remaining.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => String(19 - i)))
    expect(statuses[20]).toBe(429)
    // Another client is not touched.
    expect((await publish(g, '203.0.113.11', true)).status).toBe(201)
    await g.close()
  })

  test('failures are bounded by RATE_LIMIT_WRITE_FAILURES_PER_HOUR (default 5 × the write limit)', async () => {
    expect(testConfig({ RATE_LIMIT_WRITE_PER_HOUR: '7' }).rateLimitWriteFailuresPerHour).toBe(35)
    const g = gateway(createMemoryStore(), { RATE_LIMIT_WRITE_PER_HOUR: '2', RATE_LIMIT_WRITE_FAILURES_PER_HOUR: '5' })
    const ip = '203.0.113.20'
    for (let i = 0; i < 5; i++) expect((await publish(g, ip, false)).status).toBe(400)
    // The bound is spent: even a valid write waits, told which bound and for how long.
    for (const valid of [false, true]) {
      const res = await publish(g, ip, valid)
      expect(res.status).toBe(429)
      expect(res.headers.get('ratelimit-limit')).toBe('5')
      expect(res.headers.get('ratelimit-remaining')).toBe('0')
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(3000)
    }
    await g.close()
  })

  test('with Redis, a refused write is taken back from the write count and added to the failures, across gateways', async () => {
    const raw = createRedisStore({ url: TEST_SERVICES.redis, keyPrefix: prefix, commandTimeoutMs: 500 })
    stores.push(raw)
    expect(await waitForStore(raw)).toBe(true)
    const env = { RATE_LIMIT_WRITE_PER_HOUR: '4', RATE_LIMIT_WRITE_FAILURES_PER_HOUR: '30' }
    const a = gateway(raw, env)
    const b = gateway(raw, env)
    const ip = '203.0.113.30'
    for (let i = 0; i < 12; i++) expect((await publish(i % 2 ? a : b, ip, false)).status).toBe(400)
    await a.flushRateLimits()
    await b.flushRateLimits()
    expect(Number(await raw.get(`rl:write:${ip}`))).toBe(0)
    expect(Number(await raw.get(`rl:write-failed:${ip}`))).toBe(12)
    // Successes are one limit across both gateways.
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push((await publish(i % 2 ? a : b, ip, true)).status)
      await Bun.sleep(40)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429])
    await a.close()
    await b.close()
  })
})
