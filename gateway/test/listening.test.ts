// The gateway as its own process (gateway/src/main.ts) on a real socket, in front of a stand-in service: what only
// a listening server sees (a malformed or missing Host header, sent raw over node:net) and what only its log shows
// (failed operator authentications, captured from the process's output and searched for the guessed tokens).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SERVICE_URL_VARS } from '@mcp-directory/shared/config'
import { freePort, runToken } from '@mcp-directory/shared/testing'
import { join } from 'node:path'
import { OPERATOR_FAILURES_PER_WINDOW } from '../src/plugins/operator-auth'
import { getWithHost, MALFORMED_HOSTS, rawBytes } from './raw-http'

const run = runToken()
const OPERATOR = `Op${run}Wk4Rj8Tn2Yc6Hb0`
const output: string[] = []
let echo: ReturnType<typeof Bun.serve>
let gateway: ReturnType<typeof Bun.spawn>
let base: string
let port: number
let forwarded = 0

async function collect(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder()
  for await (const chunk of stream) output.push(decoder.decode(chunk))
}

beforeAll(async () => {
  echo = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => {
      forwarded++
      return Response.json({ status: 'ok', timestamp: new Date().toISOString() })
    },
  })
  port = freePort()
  const urls = Object.fromEntries(Object.values(SERVICE_URL_VARS).map((v) => [v, `http://127.0.0.1:${echo.port}`]))
  gateway = Bun.spawn(['bun', join(import.meta.dir, '../src/main.ts')], {
    env: {
      ...process.env,
      ...urls,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_BASE_URL: 'https://directory.example',
      OPERATOR_TOKEN: OPERATOR,
      SERVER_SECRET: `listening-secret-${run}-0123456789abcdef`,
      REDIS_URL: '',
      NATS_URL: '',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  void collect(gateway.stdout as ReadableStream<Uint8Array>)
  void collect(gateway.stderr as ReadableStream<Uint8Array>)
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
}, 30_000)
afterAll(async () => {
  gateway?.kill('SIGTERM')
  await gateway?.exited
  echo?.stop(true)
})

describe('Host header', () => {
  for (const host of MALFORMED_HOSTS) {
    test(`Host ${JSON.stringify(host)} → 400 Error object`, async () => {
      for (const path of ['/api/v1/health', '/api/v1/search?q=x', '/nope', '/healthz', '/metrics']) {
        const res = await getWithHost(base, path, host)
        expect(res.status).toBe(400)
        expect(res.headers['content-type']).toContain('application/json')
        expect(JSON.parse(res.body)).toEqual({
          error: 'bad_request',
          message: expect.stringContaining('Host'),
          status: 400,
          docs: 'https://directory.example/docs/errors#bad_request',
        })
      }
    })
  }

  test('HTTP/1.0 without Host → 400 Error object; with one it is served', async () => {
    const missing = await getWithHost(base, '/api/v1/health', null, '1.0')
    expect(missing.status).toBe(400)
    expect(JSON.parse(missing.body)).toMatchObject({ error: 'bad_request', status: 400 })
    expect((await getWithHost(base, '/api/v1/health', `127.0.0.1:${port}`, '1.0')).status).toBe(200)
  })

  test('well-formed hosts are served', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      'directory.example',
      'Directory.Example.',
      'gateway_1:3000',
      'xn--hlo-bma.example',
    ]) {
      const res = await getWithHost(base, '/api/v1/health', host)
      expect({ host, status: res.status }).toEqual({ host, status: 200 })
    }
  })
})

describe('a malformed request line', () => {
  // Bun's HTTP parser (Bun.serve, uWebSockets) answers these itself, `HTTP/1.1 505 HTTP Version Not Supported` with
  // `Connection: close` and nothing else, before any JavaScript of the process runs: neither the server's fetch nor
  // its error handler is called, so the gateway cannot make it a 400 (gateway/README.md, *What Bun answers itself*).
  // What is tested: such a request never reaches the gateway's handlers nor a service, and gets no success.
  const lines = [
    ['a request line ending in a bare LF', `GET /api/v1/health HTTP/1.1\nHost: 127.0.0.1\n\n`],
    ['HTTP/9.9', 'GET /api/v1/health HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n'],
    ['no version', 'GET /api/v1/health\r\n\r\n'],
    ['another protocol', 'GET /api/v1/health FOO/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
  ] as const
  for (const [what, data] of lines)
    test(`${what}: refused before the gateway runs (Bun answers it), never forwarded`, async () => {
      const before = forwarded
      const res = await rawBytes(base, data)
      expect([400, 505]).toContain(res.status)
      // Everything the gateway answers carries its request id and security headers; this answer carries neither.
      expect(res.headers['x-request-id']).toBeUndefined()
      expect(res.headers['x-content-type-options']).toBeUndefined()
      expect(res.body).toBe('')
      expect(forwarded).toBe(before)
    })

  test('the same request with a well-formed line is served by the gateway', async () => {
    const res = await rawBytes(
      base,
      `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    )
    expect(res.status).toBe(200)
    expect(res.headers['x-request-id']).toBeDefined()
  })
})

describe('operator token guessing, as the log shows it', () => {
  test(`${OPERATOR_FAILURES_PER_WINDOW} failures are logged with client and path, never the token; then 429 with Retry-After`, async () => {
    const guesses = Array.from({ length: OPERATOR_FAILURES_PER_WINDOW + 3 }, (_, i) => `guess${i}-${run}-Zq7Xv9Kp`)
    const statuses: number[] = []
    for (const guess of guesses) {
      const res = await fetch(`${base}/api/v1/admin/listings?status=pending`, {
        headers: { authorization: `Bearer ${guess}` },
      })
      statuses.push(res.status)
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      await res.arrayBuffer()
    }
    expect(statuses).toEqual([...Array(OPERATOR_FAILURES_PER_WINDOW).fill(401), 429, 429, 429])
    // The right token is refused as well while the client is limited.
    expect(
      (await fetch(`${base}/api/v1/admin/listings`, { headers: { authorization: `Bearer ${OPERATOR}` } })).status,
    ).toBe(429)

    await Bun.sleep(200)
    const text = output.join('')
    const failures = text
      .split('\n')
      .filter((l) => l.includes('operator authentication failed'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(failures.length).toBe(OPERATOR_FAILURES_PER_WINDOW)
    for (const f of failures)
      expect(f).toMatchObject({
        client: '127.0.0.1',
        method: 'GET',
        path: '/api/v1/admin/listings',
        reason: 'wrong',
        requestId: expect.any(String),
      })
    expect(failures.at(-1)).toMatchObject({
      failures: OPERATOR_FAILURES_PER_WINDOW,
      retryAfterSeconds: expect.any(Number),
    })
    // Neither a guessed token nor the real one, nor any 8 characters of one, is in the process's output.
    for (const secret of [...guesses, OPERATOR]) {
      for (let i = 0; i + 8 <= secret.length; i++) expect(text).not.toContain(secret.slice(i, i + 8))
    }
    expect(text.toLowerCase()).not.toContain('authorization')
  })
})
