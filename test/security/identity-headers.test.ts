// Client-sent identity at the gateway: the gateway process (gateway/src/main.ts, real Redis) in front of a stand-in
// service that records what reaches it. Headers only the gateway may set (x-directory-*) never pass through from a
// client; with TRUST_PROXY_HOPS=0 an X-Forwarded-For header neither names the client nor dodges its rate limit;
// an on-behalf header with a bad signature is ignored.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SERVICE_URL_VARS } from '@mcp-directory/shared/config'
import { prechargeProof, publicApiClient, verifiedPrecharge } from '@mcp-directory/shared/public-api'
import { freePort, runToken, TEST_SERVICES } from '@mcp-directory/shared/testing'
import { join } from 'node:path'

const token = runToken()
const SECRET = `security-secret-${token}-0123456789abcdef`
const LIMIT = 5
const seen: { path: string; headers: Record<string, string> }[] = []
let echo: ReturnType<typeof Bun.serve>
let gateway: ReturnType<typeof Bun.spawn>
let base: string

beforeAll(async () => {
  echo = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (r) => {
      seen.push({ path: new URL(r.url).pathname + new URL(r.url).search, headers: Object.fromEntries(r.headers) })
      return Response.json({ status: 'ok', timestamp: new Date().toISOString() })
    },
  })
  const port = freePort()
  const urls = Object.fromEntries(Object.values(SERVICE_URL_VARS).map((v) => [v, `http://127.0.0.1:${echo.port}`]))
  gateway = Bun.spawn(['bun', join(import.meta.dir, '../../gateway/src/main.ts')], {
    env: {
      ...process.env,
      ...urls,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      TRUST_PROXY_HOPS: '0',
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      SERVER_SECRET: SECRET,
      OPERATOR_TOKEN: `security-operator-${token}`,
      REDIS_URL: TEST_SERVICES.redis,
      REDIS_KEY_PREFIX: `test:${token}:`,
      NATS_URL: '',
    },
    stdout: 'inherit',
    stderr: 'inherit',
  })
  base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(`${base}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await Bun.sleep(100)
  }
  seen.length = 0
}, 30_000)
afterAll(async () => {
  gateway?.kill('SIGTERM')
  await gateway?.exited
  echo?.stop(true)
})

/** Sends through the gateway and returns the headers the service received. */
async function received(path: string, headers: Record<string, string>) {
  const before = seen.length
  const res = await fetch(`${base}${path}`, { headers })
  expect(res.status).toBe(200)
  await res.arrayBuffer()
  expect(seen.length).toBe(before + 1)
  return seen[seen.length - 1]!.headers
}

describe('identity headers sent by a client', () => {
  test('x-directory-* headers never reach a service; the gateway sets its own', async () => {
    const forged = {
      'x-directory-client-ip': '203.0.113.9',
      'x-directory-agent-id': 'agt_forged',
      'x-directory-agent-scopes': 'listings:claim',
      'x-directory-token-id': 'tok_forged',
      'X-Directory-Anything': 'forged',
    }
    const h = await received('/api/v1/health', forged)
    expect(h['x-directory-client-ip']).toBe('127.0.0.1')
    for (const k of [
      'x-directory-agent-id',
      'x-directory-agent-scopes',
      'x-directory-token-id',
      'x-directory-anything',
    ])
      expect(h[k]).toBeUndefined()
  })

  test('with TRUST_PROXY_HOPS=0 X-Forwarded-For does not name the client', async () => {
    const h = await received('/api/v1/health', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' })
    expect(h['x-directory-client-ip']).toBe('127.0.0.1')
    expect(h['x-forwarded-for']).toBe('127.0.0.1')
  })

  test('an on-behalf header with a bad signature is ignored (and stripped); a good one is believed', async () => {
    const bad = await received('/api/v1/health', {
      'x-directory-on-behalf-of': '198.51.100.77',
      'x-directory-on-behalf-signature': 'bm90LWEtc2lnbmF0dXJl',
    })
    expect(bad['x-directory-client-ip']).toBe('127.0.0.1')
    expect(bad['x-directory-on-behalf-of']).toBeUndefined()
    expect(bad['x-directory-on-behalf-signature']).toBeUndefined()
    const wrongKey = publicApiClient({ gatewayUrl: base, secret: `another-secret-${token}-0123456789abcdef` })
    await (await wrongKey('/api/v1/health', { client: '198.51.100.78' })).arrayBuffer()
    expect(seen[seen.length - 1]!.headers['x-directory-client-ip']).toBe('127.0.0.1')
    // The control: signed with SERVER_SECRET, the named client is believed.
    const api = publicApiClient({ gatewayUrl: base, secret: SECRET })
    await (await api('/api/v1/health', { client: '198.51.100.79' })).arrayBuffer()
    expect(seen[seen.length - 1]!.headers['x-directory-client-ip']).toBe('198.51.100.79')
  })

  test('changing X-Forwarded-For or forging the on-behalf header does not escape the rate limit', async () => {
    const statuses: number[] = []
    for (let i = 0; i < LIMIT + 3; i++) {
      const headers: Record<string, string> =
        i % 2
          ? { 'x-forwarded-for': `198.51.100.${i}` }
          : { 'x-directory-on-behalf-of': `198.51.100.${i}`, 'x-directory-on-behalf-signature': 'forged' }
      const res = await fetch(`${base}/api/v1/categories`, { headers })
      statuses.push(res.status)
      if (res.status === 429) expect(((await res.json()) as { error: string }).error).toBe('rate_limited')
      else await res.arrayBuffer()
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200))
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429])
  })

  test('a precharge proof sent by a client grants nothing; the gateway makes its own for an MCP request only', async () => {
    // The limit of this client is spent (previous test): no header it can send makes a read free.
    const forged: Record<string, string>[] = [
      { 'x-directory-precharged': `${Date.now() + 60_000}.${'A'.repeat(43)}` },
      {
        'x-directory-precharged': prechargeProof(
          `another-secret-${token}-0123456789abcdef`,
          '127.0.0.1',
          'rid-1',
          60_000,
        ),
        'x-request-id': 'rid-1',
      },
      { 'x-directory-precharged': prechargeProof(SECRET, '127.0.0.1', 'rid-2', -1_000), 'x-request-id': 'rid-2' },
      { 'x-directory-precharged': prechargeProof(SECRET, '198.51.100.90', 'rid-3', 60_000), 'x-request-id': 'rid-3' },
    ]
    for (const headers of forged) {
      const res = await fetch(`${base}/api/v1/categories`, { headers })
      expect(res.status).toBe(429)
      await res.arrayBuffer()
    }
    // The control: the proof the gateway itself would make for this client and request is honoured.
    const honoured = await fetch(`${base}/api/v1/categories`, {
      headers: {
        'x-directory-precharged': prechargeProof(SECRET, '127.0.0.1', 'rid-6', 60_000),
        'x-request-id': 'rid-6',
      },
    })
    expect(honoured.status).toBe(200)
    await honoured.arrayBuffer()
    // A client the gateway has not limited yet (named through the signed on-behalf header) posts to /api/mcp with a
    // forged proof: the service receives the gateway's proof for this client and request instead.
    const api = publicApiClient({ gatewayUrl: base, secret: SECRET })
    const forgedProof = prechargeProof(SECRET, '198.51.100.91', 'rid-4', 60_000)
    const res = await api('/api/mcp', {
      method: 'POST',
      client: '198.51.100.91',
      requestId: 'rid-5',
      body: {},
      headers: { 'x-directory-precharged': forgedProof },
    })
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    const h = seen[seen.length - 1]!.headers
    expect(h['x-directory-precharged']).toBeDefined()
    expect(h['x-directory-precharged']).not.toBe(forgedProof)
    expect(verifiedPrecharge(new Headers(h), SECRET, '198.51.100.91', 'rid-5')).toBe(true)
    // Any other route gets none.
    await (await api('/api/v1/categories', { client: '198.51.100.92' })).arrayBuffer()
    expect(seen[seen.length - 1]!.headers['x-directory-precharged']).toBeUndefined()
  })
})
