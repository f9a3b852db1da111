// Long on purpose: one shared set of real services (started once) serves the whole token lifecycle below.
// agent-auth against the real PostgreSQL, Redis, NATS and an SMTP sink: registration, confirmation, revocation,
// the limits, the events, and that no code or token is ever stored or logged in clear.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { AGENT_TOKEN_PATTERN, hashAgentToken, mintAgentToken } from '@mcp-directory/shared/agent-tokens'
import type { EventBus } from '@mcp-directory/shared/bus'
import { sql, type Database } from '@mcp-directory/shared/db'
import type { EventEnvelope } from '@mcp-directory/shared/events'
import { createRedisStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { createSmtpMailer } from '@mcp-directory/shared/mail'
import {
  isolatedEnv,
  runToken,
  type startSmtpSink,
  testConfig,
  type FreshDatabase,
  startBacking,
} from '@mcp-directory/shared/testing'
import { createAgentAuthApp, type AgentAuthDeps } from '../src'
import { MAX_CONFIRM_ATTEMPTS, MAX_LIVE_CODES } from '../src/codes/code'
import { TOKEN_TTL_MS } from '../src/registrations/service'

const run = runToken()
const env = isolatedEnv(run, '')
const BASE = 'http://dir.test'
const SECRET = 'agent-auth-test-secret-0123456789abcdef'
const logLines: string[] = []
const log = createLogger('agent-auth', 'trace', { write: (s: string) => void logLines.push(s) })
let backing: Awaited<ReturnType<typeof startBacking>> | undefined
let fresh: FreshDatabase
let database: Database
let kv: KeyValueStore
let bus: EventBus
let sink: Awaited<ReturnType<typeof startSmtpSink>>
const events: EventEnvelope[] = []
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  backing = await startBacking(env, log)
  ;({ fresh, database, kv, bus, sink } = backing)
  await bus.subscribe(
    'test-audit',
    ['agent.registered', 'token.minted', 'token.revoked'],
    async (e) => void events.push(e),
  )
}, 30_000)
afterAll(async () => {
  for (const c of closers) await c()
  await backing?.close()
})

function service(over: Partial<AgentAuthDeps> = {}) {
  const s = createAgentAuthApp({
    config: testConfig({ PUBLIC_BASE_URL: BASE }),
    database,
    bus,
    kv,
    log,
    mailer: createSmtpMailer(sink.url, 'no-reply@dir.test'),
    secret: SECRET,
    registrationsPerAddressPerHour: 100,
    ...over,
  })
  closers.push(s.close)
  return s
}
const svc = () => (shared ??= service())
let shared: ReturnType<typeof service> | undefined

const post = (
  app: { handle(r: Request): Promise<Response> },
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  app.handle(
    new Request(`http://agent-auth${path}`, {
      method: 'POST',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )

/** Waits for the mail to `email` sent after `after` mails, and returns its 6-digit code. */
async function codeFor(email: string, after: number): Promise<string> {
  const until = Date.now() + 10_000
  for (;;) {
    const m = sink.messages.slice(after).find((x) => x.to.includes(email))
    if (m) return m.raw.match(/confirmation code is (\d{6})/)![1]
    if (Date.now() > until) throw new Error(`no mail for ${email}`)
    await Bun.sleep(20)
  }
}

/** Registers and confirms an address; returns the token. */
async function tokenFor(email: string, scopes?: string[]) {
  const before = sink.messages.length
  const reg = await post(svc().app, '/api/v1/agent/register', { email, ...(scopes ? { scopes } : {}) })
  expect(reg.status).toBe(200)
  const res = await post(svc().app, '/api/v1/agent/register/confirm', { email, code: await codeFor(email, before) })
  expect(res.status).toBe(200)
  return (await res.json()).token as string
}

const seen = { tokens: [] as string[], codes: [] as string[] }

describe('register → mail → confirm → token → revoke', () => {
  test('the whole flow against a real SMTP server', async () => {
    const email = `Flow-${run}@Example.com`
    const before = sink.messages.length
    const reg = await post(svc().app, '/api/v1/agent/register', { email, agentName: 'flow-bot' })
    expect(reg.status).toBe(200)
    const body = await reg.json()
    expect(body).toEqual({
      success: true,
      message: expect.any(String),
      email: email.toLowerCase(),
      scopes: ['listings:claim'],
      expiresAt: expect.any(String),
      confirm_url: `${BASE}/api/v1/agent/register/confirm`,
    })
    const ttl = Date.parse(body.expiresAt) - Date.now()
    expect(ttl).toBeGreaterThan(9 * 60_000)
    expect(ttl).toBeLessThanOrEqual(10 * 60_000)

    const code = await codeFor(email.toLowerCase(), before)
    expect(code).toMatch(/^\d{6}$/)
    seen.codes.push(code)
    expect(JSON.stringify(body)).not.toContain(code)

    const conf = await post(svc().app, '/api/v1/agent/register/confirm', { email, code })
    expect(conf.status).toBe(200)
    expect(conf.headers.get('cache-control')).toBe('no-store')
    const minted = await conf.json()
    expect(minted).toEqual({
      success: true,
      message: expect.any(String),
      token: expect.stringMatching(AGENT_TOKEN_PATTERN),
      tokenType: 'Bearer',
      scopes: ['listings:claim'],
      expiresAt: expect.any(String),
      docs: { claim: `${BASE}/api/v1/agent/claim`, revoke: `${BASE}/api/v1/agent/revoke`, authSpec: `${BASE}/auth.md` },
    })
    expect(Math.abs(Date.parse(minted.expiresAt) - Date.now() - TOKEN_TTL_MS)).toBeLessThan(60_000)
    seen.tokens.push(minted.token)

    // Single use: the same code again fails.
    const again = await post(svc().app, '/api/v1/agent/register/confirm', { email, code })
    expect(again.status).toBe(400)
    expect((await again.json()).error).toBe('invalid_code')

    const me = await svc().app.handle(
      new Request('http://agent-auth/api/v1/agent/me', { headers: { authorization: `Bearer ${minted.token}` } }),
    )
    expect(me.status).toBe(200)
    expect((await me.json()).scopes).toEqual(['listings:claim'])

    const rev = await post(svc().app, '/api/v1/agent/revoke', undefined, { authorization: `Bearer ${minted.token}` })
    expect(rev.status).toBe(200)
    expect(await rev.json()).toEqual({ success: true, message: expect.any(String) })
    const rev2 = await post(svc().app, '/api/v1/agent/revoke', undefined, { authorization: `Bearer ${minted.token}` })
    expect(rev2.status).toBe(401)
    expect(rev2.headers.get('www-authenticate')).toBe(
      `Bearer realm="mcp-directory", error="invalid_token", error_description="The access token is malformed, unknown, expired or revoked", resource_metadata="${BASE}/.well-known/oauth-protected-resource"`,
    )
    expect(await rev2.json()).toMatchObject({ error: 'unauthorized', status: 401 })

    // Events, with no secret in them.
    await svc().flush()
    const until = Date.now() + 5000
    while (!events.some((e) => e.subject === 'token.revoked') && Date.now() < until) await Bun.sleep(50)
    const subjects = events.map((e) => e.subject)
    expect(subjects).toContain('agent.registered')
    expect(subjects).toContain('token.minted')
    expect(subjects).toContain('token.revoked')
    const text = JSON.stringify(events)
    expect(text).not.toContain(minted.token)
    expect(text).not.toContain(hashAgentToken(minted.token))
  })

  test('scopes: [] gives a token without scope; a second registration adds a code beside the first', async () => {
    const email = `noscope-${run}@example.com`
    const b1 = sink.messages.length
    await post(svc().app, '/api/v1/agent/register', { email, scopes: [] })
    const first = await codeFor(email, b1)
    const b2 = sink.messages.length
    const reg = await post(svc().app, '/api/v1/agent/register', { email, scopes: [] })
    expect((await reg.json()).scopes).toEqual([])
    const second = await codeFor(email, b2)
    seen.codes.push(first, second)
    // The first code still works; once one code is used, the address's other codes are gone.
    const ok = await post(svc().app, '/api/v1/agent/register/confirm', { email, code: first })
    expect(ok.status).toBe(200)
    const body = await ok.json()
    expect(body.scopes).toEqual([])
    seen.tokens.push(body.token)
    if (first !== second) {
      const old = await post(svc().app, '/api/v1/agent/register/confirm', { email, code: second })
      expect(await old.json()).toMatchObject({ error: 'invalid_code', details: [{ reason: 'missing' }] })
    }
  })
})

describe('400s are Error objects', () => {
  test.each([
    [{ email: 'not-an-email' }, 'invalid_body'],
    [{}, 'invalid_body'],
    [{ email: 'a@b.example', scopes: 'listings:claim' }, 'invalid_body'],
    [{ email: 'a@b.example\r\nBcc: x@y.example' }, 'invalid_body'],
    [{ email: 'a@b.example', scopes: ['listings:claim', 'listings:delete'] }, 'invalid_scope'],
    [{ email: 'a@b.example', scopes: ['admin'] }, 'invalid_scope'],
  ])('register %j → %s', async (body, code) => {
    const res = await post(svc().app, '/api/v1/agent/register', body)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      error: code,
      message: expect.any(String),
      status: 400,
      docs: expect.stringContaining(`#${code}`),
    })
  })
  test('malformed JSON and a non-JSON body', async () => {
    const bad = await svc().app.handle(
      new Request('http://agent-auth/api/v1/agent/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
    )
    expect(bad.status).toBe(400)
    const form = await svc().app.handle(
      new Request('http://agent-auth/api/v1/agent/register', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      }),
    )
    expect(form.status).toBe(400)
  })
  test('a body nested deeper than 32 levels is a 400 invalid_body, on register and on confirm', async () => {
    // 40 levels fit in the small body these routes take.
    const deep = `${'['.repeat(40)}1${']'.repeat(40)}`
    for (const path of ['/api/v1/agent/register', '/api/v1/agent/register/confirm']) {
      const res = await svc().app.handle(
        new Request(`http://agent-auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: `{"email":"deep-${run}@example.com","scopes":${deep}}`,
        }),
      )
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ error: 'invalid_body', status: 400 })
    }
  })
  test('confirm: missing code, no registration, wrong code, expired code', async () => {
    expect((await post(svc().app, '/api/v1/agent/register/confirm', { email: `x-${run}@example.com` })).status).toBe(
      400,
    )
    const none = await post(svc().app, '/api/v1/agent/register/confirm', {
      email: `nobody-${run}@example.com`,
      code: '123456',
    })
    expect(await none.json()).toMatchObject({ error: 'invalid_code', status: 400 })

    let now = new Date()
    const clock = service({ now: () => now })
    const email = `expire-${run}@example.com`
    const before = sink.messages.length
    await post(clock.app, '/api/v1/agent/register', { email })
    const code = await codeFor(email, before)
    seen.codes.push(code)
    const wrong = await post(clock.app, '/api/v1/agent/register/confirm', {
      email,
      code: code === '000000' ? '000001' : '000000',
    })
    expect(await wrong.json()).toMatchObject({
      error: 'invalid_code',
      details: [{ field: 'code', reason: 'incorrect', attemptsRemaining: MAX_CONFIRM_ATTEMPTS - 1 }],
    })
    now = new Date(now.getTime() + 10 * 60_000 + 1)
    const late = await post(clock.app, '/api/v1/agent/register/confirm', { email, code })
    expect(late.status).toBe(400)
    expect(await late.json()).toMatchObject({ error: 'invalid_code', details: [{ reason: 'expired' }] })
  })
})

describe('brute force', () => {
  test('after 5 wrong codes the 6th try fails even with the right code; a new registration works', async () => {
    const email = `brute-${run}@example.com`
    const before = sink.messages.length
    await post(svc().app, '/api/v1/agent/register', { email })
    const code = await codeFor(email, before)
    seen.codes.push(code)
    const wrongCode = code === '999999' ? '999998' : '999999'
    for (let i = 1; i <= 5; i++) {
      const res = await post(svc().app, '/api/v1/agent/register/confirm', { email, code: wrongCode })
      expect(res.status).toBe(400)
      expect((await res.json()).details[0].attemptsRemaining).toBe(5 - i)
    }
    const right = await post(svc().app, '/api/v1/agent/register/confirm', { email, code })
    expect(right.status).toBe(400)
    expect(await right.json()).toMatchObject({ error: 'too_many_attempts', status: 400 })

    const b2 = sink.messages.length
    await post(svc().app, '/api/v1/agent/register', { email })
    const fresh = await codeFor(email, b2)
    seen.codes.push(fresh)
    const ok = await post(svc().app, '/api/v1/agent/register/confirm', { email, code: fresh })
    expect(ok.status).toBe(200)
    seen.tokens.push((await ok.json()).token)
  })

  test('concurrent tries are all counted: 20 parallel wrong codes leave no room for a right one', async () => {
    const email = `parallel-${run}@example.com`
    const before = sink.messages.length
    await post(svc().app, '/api/v1/agent/register', { email })
    const code = await codeFor(email, before)
    seen.codes.push(code)
    const wrong = code === '111111' ? '111112' : '111111'
    const b2 = sink.messages.length
    await Promise.all(
      Array.from({ length: 20 }, () => post(svc().app, '/api/v1/agent/register/confirm', { email, code: wrong })),
    )
    const right = await post(svc().app, '/api/v1/agent/register/confirm', { email, code })
    expect((await right.json()).error).toBe('too_many_attempts')
    // Wrong codes never refuse a registration, and a fresh code works.
    expect((await post(svc().app, '/api/v1/agent/register', { email })).status).toBe(200)
    const fresh = await codeFor(email, b2)
    seen.codes.push(fresh)
    const ok = await post(svc().app, '/api/v1/agent/register/confirm', { email, code: fresh })
    expect(ok.status).toBe(200)
    seen.tokens.push((await ok.json()).token)
  })

  test('the attempt counter fails closed: with its store down, confirmation answers 503', async () => {
    const down = createRedisStore({ url: 'redis://127.0.0.1:1', commandTimeoutMs: 100 })
    const s = service({ kv: down })
    const email = `closed-${run}@example.com`
    const before = sink.messages.length
    // Registration still works (its per-address limit falls back to the process) …
    const reg = await post(s.app, '/api/v1/agent/register', { email })
    expect(reg.status).toBe(200)
    const code = await codeFor(email, before)
    seen.codes.push(code)
    // … but no try is ever checked without being counted.
    for (const c of [code, '000000']) {
      const res = await post(s.app, '/api/v1/agent/register/confirm', { email, code: c })
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBeTruthy()
      expect(await res.json()).toMatchObject({ error: 'service_unavailable', status: 503 })
    }
    await down.close()
  })
})

/** A 6-digit code that is not `code`. */
const other = (code: string, n = 0) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0')

describe('codes across registrations and spellings of one address', () => {
  test("a stranger's registration of the victim's address does not kill the victim's live code", async () => {
    const email = `victim-${run}@example.com`
    const b1 = sink.messages.length
    expect((await post(svc().app, '/api/v1/agent/register', { email, agentName: 'victim-bot' })).status).toBe(200)
    const victims = await codeFor(email, b1)
    // The stranger registers the same address (another spelling, other scopes) and gets a code mailed to the victim.
    const b2 = sink.messages.length
    expect((await post(svc().app, '/api/v1/agent/register', { email: email.toUpperCase(), scopes: [] })).status).toBe(
      200,
    )
    const strangers = await codeFor(email, b2)
    seen.codes.push(victims, strangers)
    expect((await post(svc().app, '/api/v1/agent/register', { email })).status).toBe(200)
    // At most MAX_LIVE_CODES live codes per address: the next registration waits, the live codes stay.
    const fourth = await post(svc().app, '/api/v1/agent/register', { email })
    expect(fourth.status).toBe(429)
    expect(await fourth.json()).toMatchObject({
      error: 'rate_limited',
      message: expect.stringContaining(`${MAX_LIVE_CODES} live codes`),
    })
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0)

    const ok = await post(svc().app, '/api/v1/agent/register/confirm', { email, code: victims })
    expect(ok.status).toBe(200)
    const body = await ok.json()
    expect(body.scopes).toEqual(['listings:claim']) // the victim's own registration, not the stranger's
    seen.tokens.push(body.token)
    if (strangers !== victims) {
      const late = await post(svc().app, '/api/v1/agent/register/confirm', { email, code: strangers })
      expect((await late.json()).details[0].reason).toBe('missing')
    }
  })

  test('plus-tags and Gmail dots share one registration count and one wrong-try count', async () => {
    const s = service({ registrationsPerAddressPerHour: 2 })
    const plus = (tag: string) => `pa-${run}+${tag}@example.com`
    expect((await post(s.app, '/api/v1/agent/register', { email: plus('1') })).status).toBe(200)
    expect((await post(s.app, '/api/v1/agent/register', { email: plus('2').toUpperCase() })).status).toBe(200)
    expect((await post(s.app, '/api/v1/agent/register', { email: `pa-${run}@example.com` })).status).toBe(429)

    const dotted = `d.o.t.s${run}+a@gmail.com`
    const plain = `dots${run}@googlemail.com`
    const codes: string[] = []
    for (const address of [dotted, plain]) {
      const before = sink.messages.length
      expect((await post(svc().app, '/api/v1/agent/register', { email: address })).status).toBe(200)
      codes.push(await codeFor(address, before))
    }
    seen.codes.push(...codes)
    const wrong = ['000000', '111111', '222222'].find((c) => !codes.includes(c))!
    const remaining = []
    for (const address of [dotted, plain]) {
      for (let i = 0; i < MAX_CONFIRM_ATTEMPTS; i++) {
        remaining.push(
          (await (await post(svc().app, '/api/v1/agent/register/confirm', { email: address, code: wrong })).json())
            .details[0].attemptsRemaining,
        )
      }
    }
    // Each spelling's code had its own 5 tries from the client that asked for it …
    expect(remaining).toEqual([4, 3, 2, 1, 0, 4, 3, 2, 1, 0])
    // … and the address counted all 10, under one key for both spellings.
    const counts = await database.rows<{ attempts: number }>(
      sql`select attempts from agent_auth.address_attempts where attempts = 10`,
    )
    expect(counts.length).toBeGreaterThanOrEqual(1)
    await s.flush()
  })

  test('the code mail quotes the address safely for the shell and states the limits', async () => {
    const email = `o'neil&x-${run}@example.com`
    const before = sink.messages.length
    expect((await post(svc().app, '/api/v1/agent/register', { email })).status).toBe(200)
    const code = await codeFor(email, before)
    seen.codes.push(code)
    const raw = sink.messages
      .slice(before)
      .find((m) => m.to.includes(email))!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
      .replace(/=27/g, "'")
    expect(raw).toContain(`-d '{"email":"o'\\''neil&x-${run}@example.com","code":"${code}"}'`)
    expect(raw).toContain('never lock you out')
  })
})

describe('limits and mail', () => {
  test('registrations per address per hour → 429 with Retry-After', async () => {
    const s = service({ registrationsPerAddressPerHour: 2 })
    const email = `limit-${run}@example.com`
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await post(s.app, '/api/v1/agent/register', { email })).status)
    expect(statuses).toEqual([200, 200, 429])
    const res = await post(s.app, '/api/v1/agent/register', { email: email.toUpperCase() })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not affected.
    expect((await post(s.app, '/api/v1/agent/register', { email: `other-${email}` })).status).toBe(200)
    await s.flush()
  })

  test('a dead SMTP server neither fails nor delays the 200', async () => {
    const s = service({ mailer: createSmtpMailer('smtp://127.0.0.1:1', 'no-reply@dir.test'), mailRetryDelayMs: 50 })
    const started = performance.now()
    const res = await post(s.app, '/api/v1/agent/register', { email: `nomail-${run}@example.com` })
    expect(res.status).toBe(200)
    expect(performance.now() - started).toBeLessThan(1000)
    await s.flush()
    expect(logLines.some((l) => l.includes('mail failed; giving up'))).toBe(true)
  })
})

describe('introspection (internal)', () => {
  test('active for a live token; inactive for malformed, unknown and revoked ones', async () => {
    const token = await tokenFor(`intro-${run}@example.com`)
    seen.tokens.push(token)
    const ask = async (t: unknown) => (await post(svc().app, '/internal/introspect', { token: t })).json()
    expect(await ask(token)).toMatchObject({
      active: true,
      scopes: ['listings:claim'],
      tokenId: expect.stringMatching(/^tok_/),
      agentId: expect.stringMatching(/^agt_/),
    })
    expect(await ask(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toEqual({ active: false })
    expect(await ask(mintAgentToken())).toEqual({ active: false })
    await post(svc().app, '/api/v1/agent/revoke', undefined, { authorization: `Bearer ${token}` })
    expect(await ask(token)).toEqual({ active: false })
  })
  test('revoke trusts only the token: internal headers without one grant nothing', async () => {
    const res = await post(svc().app, '/api/v1/agent/revoke', undefined, {
      'x-directory-token-id': 'tok_x',
      'x-directory-agent-id': 'agt_x',
      'x-agent-id': 'agt_x',
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer realm="mcp-directory", resource_metadata="${BASE}/.well-known/oauth-protected-resource"`,
    )
  })
})

describe('documents', () => {
  test('protected-resource metadata (RFC 9728) and /auth.md', async () => {
    const meta = await svc().app.handle(new Request('http://agent-auth/.well-known/oauth-protected-resource'))
    expect(meta.headers.get('content-type')).toContain('application/json')
    expect(await meta.json()).toEqual({
      resource: BASE,
      resource_name: expect.any(String),
      scopes_supported: ['listings:claim'],
      bearer_methods_supported: ['header'],
      resource_documentation: `${BASE}/auth.md`,
    })
    const md = await svc().app.handle(new Request('http://agent-auth/auth.md'))
    expect(md.headers.get('content-type')).toContain('text/markdown')
    const text = await md.text()
    for (const s of [
      '/api/v1/agent/register',
      '/api/v1/agent/register/confirm',
      '/api/v1/agent/revoke',
      'Authorization: Bearer',
      'verify_mcp_claim',
      '90 days',
    ])
      expect(text).toContain(s)
  })
})

describe('secrets at rest and in logs', () => {
  test('no code and no token appears in clear in any agent_auth table or in the log', async () => {
    await svc().flush()
    expect(seen.tokens.length).toBeGreaterThan(2)
    expect(seen.codes.length).toBeGreaterThan(4)
    const dump: string[] = []
    for (const table of ['registrations', 'codes', 'address_attempts', 'agents', 'tokens', 'outbox']) {
      dump.push(JSON.stringify(await database.rows(sql.raw(`select * from agent_auth.${table}`))))
    }
    const tables = dump.join('\n')
    const logs = logLines.join('\n')
    expect(logs.length).toBeGreaterThan(1000)
    for (const t of seen.tokens) {
      expect(tables).not.toContain(t)
      expect(tables).not.toContain(t.slice(7)) // nor the random part without the prefix
      expect(logs).not.toContain(t.slice(7))
      expect(tables).toContain(hashAgentToken(t)) // stored only as its SHA-256
    }
    for (const c of seen.codes) {
      // A 6-digit string can occur by chance inside hex or ids; look for it as a whole value.
      expect(tables).not.toMatch(new RegExp(`(^|[^0-9A-Za-z])${c}([^0-9A-Za-z]|$)`))
      expect(logs).not.toMatch(new RegExp(`(^|[^0-9A-Za-z])${c}([^0-9A-Za-z]|$)`))
    }
  })
})
