// Guessing the operator token: failures counted per client in the shared store (so across replicas), 429 with
// Retry-After once over the limit for every attempt of that client, the right token included; other clients and
// the limit's end unaffected. The comparison stays the constant-time one.
import { afterAll, describe, expect, test } from 'bun:test'
import { createMemoryStore, createRedisStore, waitForStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { runToken, TEST_SERVICES, testConfig } from '@mcp-directory/shared/testing'
import { createGatewayApp } from '../src/app'
import { createOperatorAuth, OPERATOR_FAILURES_PER_WINDOW } from '../src/plugins/operator-auth'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'

const log = createLogger('test', 'silent')
const OPERATOR = 'operator-secret-token-123'
const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const close of closers) await close()
})

/** A gateway whose catalog and submission answer 200 to anything, trusting one X-Forwarded-For hop. */
function gateway(kv: KeyValueStore) {
  const ok = inProcessUpstream('catalog', async () => Response.json({ ok: true }))
  const g = createGatewayApp({
    config: testConfig({ TRUST_PROXY_HOPS: '1' }),
    log,
    kv,
    operatorToken: OPERATOR,
    upstreams: { catalog: ok, submission: ok },
  })
  closers.push(g.close)
  return g.app
}

const admin = (app: ReturnType<typeof gateway>, client: string, token: string | null) =>
  app.handle(
    new Request('http://localhost/api/v1/admin/listings', {
      headers: { 'x-forwarded-for': client, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    }),
  )

async function expectLimited(res: Response) {
  expect(res.status).toBe(429)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60)
  expect(res.headers.get('cache-control')).toBe('no-store')
  expect(await res.json()).toMatchObject({
    error: 'rate_limited',
    status: 429,
    message: expect.any(String),
    docs: expect.stringContaining('/docs/errors#rate_limited'),
  })
}

describe('operator token guessing', () => {
  test(`${OPERATOR_FAILURES_PER_WINDOW} failures are 401s; then every attempt of that client is a 429, the right token too`, async () => {
    const app = gateway(createMemoryStore())
    for (let i = 0; i < OPERATOR_FAILURES_PER_WINDOW; i++) {
      const res = await admin(app, '198.51.100.1', i % 3 === 0 ? null : `guess-${i}`)
      expect(res.status).toBe(401)
      expect((await res.json()).error).toBe('unauthorized')
    }
    await expectLimited(await admin(app, '198.51.100.1', 'guess-again'))
    await expectLimited(await admin(app, '198.51.100.1', OPERATOR))
    // Another client is not affected, and its right token passes.
    expect((await admin(app, '198.51.100.2', 'wrong')).status).toBe(401)
    expect((await admin(app, '198.51.100.2', OPERATOR)).status).toBe(200)
  })

  test('the right token never counts: an operator may call the API as often as the work needs', async () => {
    const app = gateway(createMemoryStore())
    for (let i = 0; i < 3 * OPERATOR_FAILURES_PER_WINDOW; i++)
      expect((await admin(app, '198.51.100.3', OPERATOR)).status).toBe(200)
    expect((await admin(app, '198.51.100.3', 'wrong')).status).toBe(401)
  })

  test('an IPv6 client is its /64: new addresses of one host bring no new guesses', async () => {
    const app = gateway(createMemoryStore())
    for (let i = 0; i < OPERATOR_FAILURES_PER_WINDOW; i++)
      expect((await admin(app, `2001:db8:7:7::${(i + 1).toString(16)}`, `v6-${i}`)).status).toBe(401)
    await expectLimited(await admin(app, '2001:db8:7:7:ffff::1', 'v6-more'))
    expect((await admin(app, '2001:db8:7:8::1', OPERATOR)).status).toBe(200)
  })

  test('gateway replicas share one count through Redis', async () => {
    const prefix = `test:${runToken()}:`
    const stores = [
      createRedisStore({ url: TEST_SERVICES.redis, keyPrefix: prefix }),
      createRedisStore({ url: TEST_SERVICES.redis, keyPrefix: prefix }),
    ]
    closers.push(...stores.map((s) => () => s.close()))
    for (const s of stores) expect(await waitForStore(s)).toBe(true)
    const [a, b] = stores.map(gateway)
    const half = OPERATOR_FAILURES_PER_WINDOW / 2
    for (let i = 0; i < half; i++) expect((await admin(a!, '198.51.100.4', `a-${i}`)).status).toBe(401)
    for (let i = 0; i < half; i++) expect((await admin(b!, '198.51.100.4', `b-${i}`)).status).toBe(401)
    await expectLimited(await admin(a!, '198.51.100.4', 'one-more'))
    await expectLimited(await admin(b!, '198.51.100.4', OPERATOR))
  })

  test('with Redis down each gateway still limits on its own', async () => {
    const app = gateway(createRedisStore({ url: 'redis://127.0.0.1:1', commandTimeoutMs: 100 }))
    for (let i = 0; i < OPERATOR_FAILURES_PER_WINDOW; i++)
      expect((await admin(app, '198.51.100.5', `g-${i}`)).status).toBe(401)
    await expectLimited(await admin(app, '198.51.100.5', OPERATOR))
  })

  test('the limit ends with its window', async () => {
    const auth = createOperatorAuth({ token: OPERATOR, kv: createMemoryStore(), log, limit: 2, windowMs: 300 })
    closers.push(async () => auth.close())
    const attempt = { client: '198.51.100.6', method: 'GET', path: '/api/v1/admin/listings', requestId: 'r' }
    const req = (token: string) =>
      new Request('http://localhost/api/v1/admin/listings', { headers: { authorization: `Bearer ${token}` } })
    expect((await auth.authenticate(req('x'), attempt)).ok).toBe(false)
    expect(await auth.authenticate(req('y'), attempt)).toEqual({ ok: false, status: 401 })
    expect(await auth.authenticate(req('z'), attempt)).toMatchObject({ ok: false, status: 429 })
    expect(await auth.authenticate(req(OPERATOR), attempt)).toMatchObject({ ok: false, status: 429 })
    await Bun.sleep(400)
    expect(await auth.authenticate(req(OPERATOR), attempt)).toEqual({ ok: true })
  })
})
