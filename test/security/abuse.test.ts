// Hostile input through the gateway of the stack (separate processes, real PostgreSQL, Redis, NATS, SMTP sink):
// token and code brute force, script payloads in every rendered field, bodies over the limit, bodies that trickle
// in, and ids with path traversal or encoded slashes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import { connect } from 'node:net'
import { mintAgentToken } from '@mcp-directory/shared/agent-tokens'
import { publicApiClient } from '@mcp-directory/shared/public-api'
import { runToken, startSmtpSink } from '@mcp-directory/shared/testing'
import { allNodes, parseXml } from '../../services/badge/test/xml'
import { startFuzzTarget } from '../fuzz/target'

const READ_LIMIT = 8
const UPSTREAM_TIMEOUT_MS = 3000
let target: Awaited<ReturnType<typeof startFuzzTarget>>
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let api: ReturnType<typeof publicApiClient>
const tag = runToken()

beforeAll(async () => {
  sink = await startSmtpSink()
  target = await startFuzzTarget(() => {}, {
    SMTP_URL: sink.url,
    RATE_LIMIT_PER_MINUTE: String(READ_LIMIT),
    RATE_LIMIT_WRITE_PER_HOUR: '30',
    UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
  })
  // Each test speaks for its own client (signed as the mcp and web services do), so limits do not spill over.
  api = publicApiClient({ gatewayUrl: target.base, secret: target.secret })
}, 150_000)
afterAll(async () => {
  await target?.close()
  await sink?.close()
})

type Body = { error: string; message: string; status: number; details?: { reason?: string }[] }

/** Registers an address and returns the code the e-mail carried. */
async function register(email: string, client: string): Promise<string> {
  const before = sink.messages.length
  const res = await api('/api/v1/agent/register', { body: { email }, client })
  expect(res.status).toBe(200)
  await res.arrayBuffer()
  const mails = await sink.waitFor(before + 1, 15_000)
  const mail = mails.slice(before).find((m) => m.to.includes(email))!
  return /code: (\d{6})/.exec(mail.raw)![1]!
}

describe('brute force', () => {
  test('five wrong codes kill the code: the right one then answers exactly as a wrong one', async () => {
    const email = `brute-${tag}@example.com`
    const client = '198.51.100.10'
    const code = await register(email, client)
    const wrong = code === '000000' ? '111111' : '000000'
    const confirm = async (c: string) => {
      const res = await api('/api/v1/agent/register/confirm', { body: { email, code: c }, client })
      return { status: res.status, body: (await res.json()) as Body }
    }
    for (let i = 0; i < 5; i++) {
      const r = await confirm(wrong)
      expect(r.status).toBe(400)
      expect(r.body.error).toBe('invalid_code')
    }
    const right = await confirm(code)
    const wrongAfter = await confirm(wrong)
    expect(right.status).toBe(400)
    expect(right.body.error).toBe('too_many_attempts')
    expect(right).toEqual(wrongAfter)
  }, 30_000)

  test('malformed, unknown and revoked tokens get one identical answer', async () => {
    const email = `revoked-${tag}@example.com`
    const client = '198.51.100.11'
    const code = await register(email, client)
    const minted = await api('/api/v1/agent/register/confirm', { body: { email, code }, client })
    expect(minted.status).toBe(200)
    const { token } = (await minted.json()) as { token: string }
    const revoked = await api('/api/v1/agent/revoke', { method: 'POST', bearer: token, client })
    expect(revoked.status).toBe(200)
    await revoked.arrayBuffer()
    const answers = []
    for (const [i, t] of [token, mintAgentToken(), `${token.slice(0, -1)}x`, 'mcpdir_short', 'not-a-token'].entries()) {
      const res = await api('/api/v1/agent/me', { bearer: t, client: `198.51.100.${20 + i}` })
      answers.push({
        status: res.status,
        challenge: res.headers.get('www-authenticate'),
        body: { ...((await res.json()) as Body) },
      })
    }
    for (const a of answers) expect(a).toEqual(answers[0]!)
    expect(answers[0]!.status).toBe(401)
  }, 30_000)

  test('a flood of guessed tokens from one client is rate limited before it is looked up', async () => {
    const statuses: number[] = []
    for (let i = 0; i < READ_LIMIT + 3; i++) {
      const res = await api('/api/v1/agent/me', { bearer: mintAgentToken(), client: '198.51.100.30' })
      statuses.push(res.status)
      await res.arrayBuffer()
    }
    expect(statuses.slice(0, READ_LIMIT)).toEqual(Array(READ_LIMIT).fill(401))
    expect(statuses.slice(READ_LIMIT)).toEqual([429, 429, 429])
  })
})

describe('script payloads in rendered fields', () => {
  const SCRIPT = '<script>alert(1)</script>'
  const payload = `${SCRIPT}<img src=x onerror=alert(1)>"'><svg onload=alert(1)>]]><!--&amp;&#x3C;`
  let id = ''

  beforeAll(async () => {
    const doc = [
      {
        name: `io.github.xss-${tag}/payload-server`,
        title: `Title ${payload}`,
        description: `Description ${payload} [link](javascript:alert(1)) [data]( data:text/html,<script>alert(1)</script>) <a href="javascript:alert(1)">x</a>\n[ref]: javascript:alert(1)\n[ok](https://example.com)`,
        version: `1.0.0${payload}`.slice(0, 60),
        websiteUrl: 'javascript:alert(1)',
        repository: { url: `https://github.com/xss-${tag}/payload-server`, source: 'github' },
        packages: [
          {
            registryType: 'npm',
            identifier: `@xss-${tag}/payload${SCRIPT}`,
            version: '1.0.0',
            transport: { type: 'stdio' },
            environmentVariables: [{ name: `KEY${SCRIPT}`, description: payload, isSecret: true }],
          },
        ],
        remotes: [],
      },
    ]
    const res = await fetch(`${target.base}/api/v1/admin/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(doc),
    })
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    const found = (await (
      await api(`/api/v1/search?q=${encodeURIComponent(`xss-${tag}`)}`, { client: '198.51.100.40' })
    ).json()) as { servers: { id: string }[] }
    id = found.servers[0]!.id
    expect(id).toBeTruthy()
  }, 30_000)

  test('every badge style and theme is well-formed SVG without scripts, event handlers or javascript: links', async () => {
    for (const style of ['shield', 'flat-square', 'featured', 'directory']) {
      for (const theme of ['dark', 'light']) {
        const res = await fetch(`${target.base}/api/badge/${encodeURIComponent(id)}?style=${style}&theme=${theme}`)
        expect(res.status).toBe(200)
        expect(res.headers.get('content-type')).toContain('image/svg+xml')
        // No script may run even if one slipped in: default-src 'none' with no script-src, or script-src 'none'.
        const csp = res.headers.get('content-security-policy') ?? ''
        expect(csp).toMatch(/default-src 'none'|script-src 'none'/)
        expect(csp).not.toMatch(/script-src (?!'none')/)
        const svg = await res.text()
        const nodes = allNodes(parseXml(svg))
        expect(
          nodes.filter((n) => n.name.toLowerCase() === 'script' || n.name.toLowerCase() === 'foreignobject'),
        ).toEqual([])
        for (const n of nodes) {
          for (const [k, v] of Object.entries(n.attrs)) {
            expect(k.toLowerCase().startsWith('on')).toBe(false)
            expect(v.toLowerCase()).not.toContain('javascript:')
          }
        }
      }
    }
  })

  test('the Markdown document escapes raw HTML and carries no javascript: link', async () => {
    const res = await api(`/api/v1/mcp/${encodeURIComponent(id)}/markdown`, {
      client: '198.51.100.41',
      headers: { accept: 'text/markdown' },
    })
    expect(res.status).toBe(200)
    const md = await res.text()
    expect(md).toContain('Description')
    // Outside fenced code blocks, every `<` is escaped, so no Markdown renderer sees a tag.
    const prose = md.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')
    expect(prose).not.toMatch(/(^|[^\\])<[a-z!/]/im)
    expect(prose).not.toMatch(/(^|[^\\])\]\(\s*javascript:/im)
    expect(prose).not.toMatch(/^ {0,3}\[[^\]]*\]:\s*javascript:/im)
  })

  test('the HTML listing page escapes every field', async () => {
    const res = await api(`/servers/${encodeURIComponent(id)}`, {
      client: '198.51.100.42',
      headers: { accept: 'text/html' },
    })
    if (
      res.status === 503 &&
      (
        (await res
          .clone()
          .json()
          .catch(() => null)) as Body | null
      )?.error === 'service_unavailable'
    ) {
      throw new Error('the web service is not deployed in this checkout')
    }
    expect(res.status).toBe(200)
    const page = await res.text()
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page).not.toContain(SCRIPT)
    expect(page).not.toMatch(/<img[^>]*onerror/i)
    expect(page).not.toMatch(/<svg[^>]*onload/i)
    expect(page).not.toMatch(/href\s*=\s*["']?\s*javascript:/i)
  })
})

let rawClients = 0
/** One raw HTTP/1.1 exchange, so paths reach the gateway exactly as written (fetch folds dot segments). */
function raw(
  path: string,
  opts: {
    method?: string
    headers?: Record<string, string>
    body?: string
    trickleMs?: number
    giveUpMs?: number
  } = {},
): Promise<{ status: number; body: string; ms: number }> {
  const url = new URL(target.base)
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const s = connect(Number(url.port), url.hostname, () => {
      // A client of its own per exchange (signed as the mcp and web services sign), so read limits do not interfere.
      const client = `203.0.113.${++rawClients}`
      const signature = createHmac('sha256', target.secret).update(`on-behalf-of:${client}`).digest('base64url')
      const headers = {
        host: url.host,
        connection: 'close',
        'x-directory-on-behalf-of': client,
        'x-directory-on-behalf-signature': signature,
        ...opts.headers,
      }
      s.write(
        `${opts.method ?? 'GET'} ${path} HTTP/1.1\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n')}\r\n\r\n`,
      )
      if (opts.trickleMs && opts.body) {
        let i = 0
        const iv = setInterval(
          () => (s.destroyed || i >= opts.body!.length ? clearInterval(iv) : s.write(opts.body![i++]!)),
          opts.trickleMs,
        )
        s.on('close', () => clearInterval(iv))
      } else if (opts.body) s.write(opts.body)
    })
    let data = ''
    s.on('data', (d) => (data += d.toString()))
    s.on('error', reject)
    s.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4), ms: Date.now() - started })
    })
    setTimeout(() => s.destroy(), opts.giveUpMs ?? 30_000)
  })
}

/** The JSON Error object in a raw answer (chunked or not). */
const errorOf = (body: string) => JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1)) as Body

describe('bodies', () => {
  const submission = (extra = '') =>
    JSON.stringify({
      name: `big-${tag}`,
      url: `https://github.com/big-${tag}/x`,
      description: `d${extra}`,
      category: 'Databases',
      email: `big-${tag}@example.com`,
    })

  test('a body over the limit is refused with 413, announced or streamed', async () => {
    const big = submission('x'.repeat(70 * 1024))
    const announced = await fetch(`${target.base}/api/v1/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    })
    expect(announced.status).toBe(413)
    expect(((await announced.json()) as Body).error).toBe('payload_too_large')
    const bytes = new TextEncoder().encode(big)
    const streamed = await fetch(`${target.base}/api/v1/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < bytes.length; i += 8192) c.enqueue(bytes.slice(i, i + 8192))
          c.close()
        },
      }),
    })
    expect(streamed.status).toBe(413)
    expect(((await streamed.json()) as Body).error).toBe('payload_too_large')
    const register = await fetch(`${target.base}/api/v1/agent/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `a-${tag}@example.com`, agentName: 'x'.repeat(20 * 1024) }),
    })
    expect(register.status).toBe(413)
    await register.arrayBuffer()
  })

  test('a body trickling in is cut off with 408 within the upstream timeout, not waited on forever', async () => {
    const body = submission()
    const r = await raw('/api/v1/submit', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
      trickleMs: 500,
      giveUpMs: UPSTREAM_TIMEOUT_MS + 10_000,
    })
    expect(r.status).toBe(408)
    expect(errorOf(r.body)).toMatchObject({ error: 'request_timeout', status: 408 })
    expect(r.ms).toBeLessThan(UPSTREAM_TIMEOUT_MS + 5_000)
  }, 30_000)
})

describe('ids with path traversal and encoded slashes', () => {
  const ids = [
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fadmin%2Fimport',
    '..%5C..%5Cwindows',
    'a%2Fb',
    '%2F',
    '....%2F%2F',
    '%252e%252e%252f',
    '..%00',
    '%C0%AE%C0%AE%2F',
    '%',
    '%ED%A0%80',
    '%zz',
  ]
  for (const id of ids) {
    test(`${id} is a 404 Error object on every listing route`, async () => {
      for (const path of [`/api/v1/servers/${id}`, `/api/v1/mcp/${id}/markdown`, `/api/badge/${id}`]) {
        const r = await raw(path)
        expect(r.status).toBe(404)
        expect(errorOf(r.body)).toMatchObject({ error: 'not_found', status: 404 })
      }
    })
  }

  test('an offset past what PostgreSQL counts is a 400, not a failed query', async () => {
    const res = await fetch(`${target.base}/api/v1/admin/listings?offset=${'9'.repeat(30)}`, {
      headers: { authorization: `Bearer ${target.operatorToken}` },
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as Body).error).toBe('invalid_parameter')
  })

  test('dot segments never reach an operator route without the operator token', async () => {
    for (const path of [
      '/api/v1/servers/../admin/listings',
      '/api/v1/servers/%2e%2e/admin/listings',
      '/api/badge/../../api/v1/admin/listings',
      '/api/v1/servers/..%2Fadmin%2Flistings',
    ]) {
      const r = await raw(path)
      expect([401, 404]).toContain(r.status)
      expect(errorOf(r.body).status).toBe(r.status)
    }
  })
})
