// The gateway's own refusals of an MCP message are JSON-RPC errors: a spent rate limit (its Retry-After and
// RateLimit headers kept, the wait in `error.data`), a service that does not answer; the message's id echoed when it
// can be read, null otherwise. The service's own answers and the REST API's refusals are left as they are.
import { afterAll, describe, expect, test } from 'bun:test'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { testConfig } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createGatewayApp } from '../src/app'
import { refusalCode } from '../src/mcp-refusal'

const log = createLogger('test', 'silent')
const BASE = 'http://dir.test'

/** A stand-in mcp service: a result for any message, or its own -32700 for a body that is not JSON. */
const mcpService = async (r: Request) => {
  const text = await r.text()
  try {
    const { id } = JSON.parse(text) as { id?: unknown }
    return Response.json({ jsonrpc: '2.0', id: id ?? null, result: {} })
  } catch {
    return Response.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }, { status: 400 })
  }
}

function gatewayWith(mcp: (r: Request) => Promise<Response>, perMinute = '2') {
  return createGatewayApp({
    // One proxy hop trusted: each test names its own client in X-Forwarded-For.
    config: testConfig({ PUBLIC_BASE_URL: BASE, RATE_LIMIT_PER_MINUTE: perMinute, TRUST_PROXY_HOPS: '1' }),
    log,
    kv: createMemoryStore(),
    operatorToken: 'operator-secret-token-123',
    microCache: false,
    upstreams: {
      mcp: inProcessUpstream('mcp', mcp),
      catalog: inProcessUpstream('catalog', () => Response.json({ categories: [] })),
    },
  })
}

const limited = gatewayWith(mcpService)
const down = gatewayWith(() => Promise.reject(new Error('connection refused')), '100')
afterAll(async () => {
  await limited.close()
  await down.close()
})

/** A POST of `body` to /api/mcp from `client`, as a tool call (priced a read) when it is one message. */
function post(gateway: typeof limited, body: string, client: string, headers: Record<string, string> = {}) {
  return gateway.fetch(
    new Request(`${BASE}/api/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-forwarded-for': client,
        'mcp-method': 'tools/call',
        'mcp-name': 'list_mcp_categories',
        // As a client over HTTP announces it (a Request made here has none).
        'content-length': String(new TextEncoder().encode(body).length),
        ...headers,
      },
      body,
    }),
  )
}
const call = (id: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_mcp_categories' } })

type Refusal = {
  jsonrpc: string
  id: unknown
  error: { code: number; message: string; data: { error: string; status: number; retryAfterSeconds?: number } }
}

/** Spends the read limit of `client` (two reads), each answered by the service. */
async function spend(client: string) {
  for (let i = 0; i < 2; i++) expect((await post(limited, call(i), client)).status).toBe(200)
}

describe('a spent rate limit on /api/mcp', () => {
  test('is a JSON-RPC error echoing the id, with Retry-After and the RateLimit headers kept', async () => {
    await spend('198.51.100.1')
    const res = await post(limited, call(7), '198.51.100.1')
    expect(res.status).toBe(429)
    const wait = Number(res.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(res.headers.get('ratelimit-remaining')).toBe('0')
    expect(res.headers.get('content-type')).toContain('application/json')
    const body = (await res.json()) as Refusal
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: refusalCode(429),
        message: expect.stringContaining('Rate limit'),
        data: expect.objectContaining({ error: 'rate_limited', status: 429, retryAfterSeconds: wait }),
      },
    })
    expect(body.error.code).toBe(-31429)
    // Outside the range JSON-RPC reserves (MCP asks new codes to keep out of it).
    expect(body.error.code < -32768 || body.error.code > -32000).toBe(true)
  })

  test('echoes a string id; a batch, a body that is not JSON or of unknown length gets id null', async () => {
    await spend('198.51.100.2')
    const named = (await (await post(limited, call('req-α'), '198.51.100.2')).json()) as Refusal
    expect(named.id).toBe('req-α')
    const batch = (await (await post(limited, `[${call(1)},${call(2)}]`, '198.51.100.2')).json()) as Refusal
    expect(batch).toMatchObject({ id: null, error: { code: -31429 } })
    const notJson = await post(limited, '{"jsonrpc":"2.0","id":3,', '198.51.100.2')
    expect(notJson.status).toBe(429)
    expect(((await notJson.json()) as Refusal).id).toBeNull()
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(call(4)))
        c.close()
      },
    })
    const unannounced = await limited.fetch(
      new Request(`${BASE}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.2', 'mcp-method': 'tools/call' },
        body: stream,
      }),
    )
    expect(unannounced.status).toBe(429)
    expect(((await unannounced.json()) as Refusal).id).toBeNull()
  })

  test("the REST API's 429 stays its Error object; the service's own errors pass unchanged", async () => {
    for (let i = 0; i < 2; i++) await limited.fetch(new Request(`${BASE}/api/v1/categories`, { headers: xff('3') }))
    const rest = await limited.fetch(new Request(`${BASE}/api/v1/categories`, { headers: xff('3') }))
    expect(rest.status).toBe(429)
    expect(await rest.json()).toMatchObject({ error: 'rate_limited', status: 429 })
    const own = await post(limited, 'not json', '198.51.100.4')
    expect(own.status).toBe(400)
    expect(await own.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
  })
})

const xff = (n: string) => ({ 'x-forwarded-for': `198.51.100.${n}` })

test('an mcp service that does not answer is a JSON-RPC 503 with its Retry-After', async () => {
  const res = await post(down, call(9), '198.51.100.5')
  expect(res.status).toBe(503)
  expect(res.headers.get('retry-after')).toBe('1')
  const body = (await res.json()) as Refusal
  expect(body).toMatchObject({
    jsonrpc: '2.0',
    error: { code: -31503, data: { error: 'service_unavailable', status: 503, retryAfterSeconds: 1 } },
  })
  // The body went to the service before it failed: the id is echoed only if it can still be read.
  expect([9, null]).toContain(body.id as number | null)
})
