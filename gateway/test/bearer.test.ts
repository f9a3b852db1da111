// The gateway's Bearer checks (directory-api §5, RFC 6750) against the real agent-auth service in-process, on
// the real PostgreSQL, Redis and NATS, with a stand-in upstream for a route that needs `listings:claim`.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createAgentAuthApp, type AgentAuthService } from '@mcp-directory/agent-auth'
import { mintAgentToken } from '@mcp-directory/shared/agent-tokens'
import type { EventBus } from '@mcp-directory/shared/bus'
import type { Database } from '@mcp-directory/shared/db'
import { createMemoryStore, type KeyValueStore } from '@mcp-directory/shared/kv'
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
import { createGatewayApp } from '../src/app'
import { ROUTES, type RouteSpec } from '../src/routes'
import { err } from '@mcp-directory/shared/contracts'
import { httpUpstream, inProcessUpstream } from '@mcp-directory/shared/upstream'

const run = runToken()
const env = isolatedEnv(run, '')
const BASE = 'http://dir.test'
const META = `${BASE}/.well-known/oauth-protected-resource`
const CHALLENGE = {
  missing: `Bearer realm="mcp-directory", resource_metadata="${META}"`,
  invalid: `Bearer realm="mcp-directory", error="invalid_token", error_description="The access token is malformed, unknown, expired or revoked", resource_metadata="${META}"`,
  scope: `Bearer realm="mcp-directory", error="insufficient_scope", scope="listings:claim", resource_metadata="${META}"`,
}
const log = createLogger('test', 'silent')
let backing: Awaited<ReturnType<typeof startBacking>> | undefined
let fresh: FreshDatabase
let database: Database
let kv: KeyValueStore
let bus: EventBus
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let agentAuth: AgentAuthService
let gateway: ReturnType<typeof createGatewayApp>
const seenByClaim: Record<string, string>[] = []

// The claim endpoint belongs to another service; this stand-in shows the gateway is ready for it.
const CLAIM_STAND_IN: RouteSpec = {
  method: 'POST',
  path: '/api/v1/agent/claim',
  service: 'claim-verifier',
  operationId: 'claimListing',
  tag: 'agent',
  limit: 'write',
  auth: 'bearer',
  scope: 'listings:claim',
  summary: 'stand-in',
  responses: { 200: { description: 'ok' }, 401: err('unauthorized'), 403: err('insufficient_scope') },
}

beforeAll(async () => {
  backing = await startBacking(env, log)
  ;({ fresh, database, kv, bus, sink } = backing)
  const config = testConfig({ PUBLIC_BASE_URL: BASE, RATE_LIMIT_WRITE_PER_HOUR: '1000' })
  agentAuth = createAgentAuthApp({
    config,
    database,
    bus,
    kv,
    log,
    mailer: createSmtpMailer(sink.url, 'no-reply@dir.test'),
    secret: 'gateway-test-secret-0123456789abcdef',
  })
  const claim = inProcessUpstream('claim-verifier', (r) => {
    const h: Record<string, string> = {}
    r.headers.forEach((v, k) => {
      h[k] = v
    })
    seenByClaim.push(h)
    return Response.json({ success: true })
  })
  gateway = createGatewayApp({
    config,
    log,
    kv,
    bus,
    operatorToken: 'operator-secret-token-123',
    upstreams: {
      'agent-auth': inProcessUpstream('agent-auth', (r) => agentAuth.app.handle(r)),
      'claim-verifier': claim,
    },
    routes: [...ROUTES, CLAIM_STAND_IN],
  })
}, 30_000)
afterAll(async () => {
  await gateway?.close()
  await agentAuth?.close()
  await backing?.close()
})

const call = (method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) =>
  gateway.app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
  )
const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra })

async function tokenThroughGateway(email: string, scopes?: string[]) {
  const before = sink.messages.length
  const reg = await call('POST', '/api/v1/agent/register', { body: { email, ...(scopes ? { scopes } : {}) } })
  expect(reg.status).toBe(200)
  await sink.waitFor(before + 1)
  const code = sink.messages
    .slice(before)
    .find((m) => m.to.includes(email))!
    .raw.match(/confirmation code is (\d{6})/)![1]
  const res = await call('POST', '/api/v1/agent/register/confirm', { body: { email, code } })
  expect(res.status).toBe(200)
  return (await res.json()).token as string
}

async function expectError(res: Response, status: number, code: string, challenge?: string) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toContain('application/json')
  expect(await res.json()).toMatchObject({
    error: code,
    message: expect.any(String),
    status,
    docs: expect.stringContaining(`/docs/errors#${code}`),
  })
  if (challenge !== undefined) expect(res.headers.get('www-authenticate')).toBe(challenge)
}

describe('through the gateway', () => {
  test('register → mail → confirm → token → revoke → 401', async () => {
    const token = await tokenThroughGateway(`gw-flow-${run}@example.com`)
    const me = await call('GET', '/api/v1/agent/me', { headers: bearer(token) })
    expect(me.status).toBe(200)
    const rev = await call('POST', '/api/v1/agent/revoke', { headers: bearer(token) })
    expect(rev.status).toBe(200)
    expect(await rev.json()).toMatchObject({ success: true })
    await expectError(
      await call('POST', '/api/v1/agent/revoke', { headers: bearer(token) }),
      401,
      'unauthorized',
      CHALLENGE.invalid,
    )
    await expectError(
      await call('GET', '/api/v1/agent/me', { headers: bearer(token) }),
      401,
      'unauthorized',
      CHALLENGE.invalid,
    )
  })

  test('400s: invalid e-mail, unsupported scope, wrong code', async () => {
    await expectError(await call('POST', '/api/v1/agent/register', { body: { email: 'nope' } }), 400, 'invalid_body')
    await expectError(
      await call('POST', '/api/v1/agent/register', {
        body: { email: `s-${run}@example.com`, scopes: ['listings:write'] },
      }),
      400,
      'invalid_scope',
    )
    await expectError(
      await call('POST', '/api/v1/agent/register/confirm', { body: { email: `s-${run}@example.com`, code: '123456' } }),
      400,
      'invalid_code',
    )
  })

  test('the introspection endpoint is not reachable through the gateway', async () => {
    await expectError(
      await call('POST', '/internal/introspect', { body: { token: mintAgentToken() } }),
      404,
      'not_found',
    )
  })

  test('documents are served with their types', async () => {
    const meta = await call('GET', '/.well-known/oauth-protected-resource')
    expect(meta.status).toBe(200)
    expect(meta.headers.get('content-type')).toContain('application/json')
    expect((await meta.json()).resource).toBe(BASE)
    const md = await call('GET', '/auth.md')
    expect(md.headers.get('content-type')).toContain('text/markdown')
  })
})

describe('RFC 6750 challenges', () => {
  test('no token, or another scheme → 401 without an error code', async () => {
    for (const headers of [{}, { authorization: 'Basic dXNlcjpwYXNz' }] as Record<string, string>[]) {
      await expectError(await call('POST', '/api/v1/agent/revoke', { headers }), 401, 'unauthorized', CHALLENGE.missing)
      await expectError(
        await call('POST', '/api/v1/agent/claim', { headers, body: { id: 'x' } }),
        401,
        'unauthorized',
        CHALLENGE.missing,
      )
    }
  })

  test('malformed, bad checksum, unknown → 401 invalid_token, and the challenge never echoes input', async () => {
    const good = mintAgentToken()
    const badChecksum = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A')
    const evil = 'mcpdir_", error="none'
    for (const t of ['abc', 'mcpdir_short', badChecksum, good, evil]) {
      const res = await call('POST', '/api/v1/agent/claim', {
        headers: { authorization: `Bearer ${t}` },
        body: { id: 'x' },
      })
      await expectError(res, 401, 'unauthorized', CHALLENGE.invalid)
    }
    await expectError(
      await call('POST', '/api/v1/agent/revoke', { headers: { authorization: 'Bearer ' } }),
      401,
      'unauthorized',
      CHALLENGE.invalid,
    )
  })

  test('an expired token → 401 invalid_token', async () => {
    const token = await tokenThroughGateway(`gw-expired-${run}@example.com`)
    await database.execScript(`update agent_auth.tokens set expires_at = now() - interval '1 second'`)
    // The cache never outlives a token's expiry, and the answer is checked against expiresAt too.
    await kv.del(`gw:introspect:${new Bun.CryptoHasher('sha256').update(token).digest('hex')}`)
    await expectError(
      await call('GET', '/api/v1/agent/me', { headers: bearer(token) }),
      401,
      'unauthorized',
      CHALLENGE.invalid,
    )
  })

  test('a valid token without listings:claim → 403 insufficient_scope; with it → forwarded', async () => {
    const none = await tokenThroughGateway(`gw-noscope-${run}@example.com`, [])
    await expectError(
      await call('POST', '/api/v1/agent/claim', { headers: bearer(none), body: { id: 'x' } }),
      403,
      'insufficient_scope',
      CHALLENGE.scope,
    )
    // The same token may still revoke itself (any scope).
    expect((await call('GET', '/api/v1/agent/me', { headers: bearer(none) })).status).toBe(200)
    const full = await tokenThroughGateway(`gw-claim-${run}@example.com`)
    const ok = await call('POST', '/api/v1/agent/claim', { headers: bearer(full), body: { id: 'x' } })
    expect(ok.status).toBe(200)
  })
})

describe('internal headers', () => {
  test('client-sent identity and scope headers grant nothing; the gateway sets its own', async () => {
    const forged = {
      'x-directory-agent-id': 'agt_forged',
      'x-directory-agent-scopes': 'listings:claim',
      'x-directory-token-id': 'tok_forged',
      'x-agent-id': 'agt_forged',
      'x-agent-scopes': 'listings:claim',
    }
    // Without a token: refused, whatever the headers say.
    await expectError(
      await call('POST', '/api/v1/agent/claim', { headers: forged, body: { id: 'x' } }),
      401,
      'unauthorized',
      CHALLENGE.missing,
    )
    // With a scope-less token: still 403.
    const none = await tokenThroughGateway(`gw-forge-${run}@example.com`, [])
    await expectError(
      await call('POST', '/api/v1/agent/claim', { headers: bearer(none, forged), body: { id: 'x' } }),
      403,
      'insufficient_scope',
      CHALLENGE.scope,
    )
    // With a real token: the upstream sees the verified identity, never the forged one.
    const full = await tokenThroughGateway(`gw-forge2-${run}@example.com`)
    const me = await (await call('GET', '/api/v1/agent/me', { headers: bearer(full) })).json()
    seenByClaim.length = 0
    expect(
      (await call('POST', '/api/v1/agent/claim', { headers: bearer(full, forged), body: { id: 'x' } })).status,
    ).toBe(200)
    const h = seenByClaim[0]
    expect(h['x-directory-agent-id']).toBe(me.agentId)
    expect(h['x-directory-token-id']).toBe(me.tokenId)
    expect(h['x-directory-agent-scopes']).toBe('listings:claim')
    expect(h['x-agent-id']).toBe('agt_forged') // passed through as an ordinary header, meaning nothing to services
  })
})

describe('revocation reaches the cache', () => {
  // The promise is a second (docs/reliability.md measures it); the test only tells the event apart from the cache's
  // 30-second expiry, so a loaded machine cannot fail it.
  test('a token revoked behind the gateway (event only) is refused long before its cache entry expires', async () => {
    const token = await tokenThroughGateway(`gw-event-${run}@example.com`)
    expect((await call('GET', '/api/v1/agent/me', { headers: bearer(token) })).status).toBe(200) // now cached
    // Revoke at the service directly: only the token.revoked event can tell the gateway.
    const rev = await agentAuth.app.handle(
      new Request('http://agent-auth/api/v1/agent/revoke', { method: 'POST', headers: bearer(token) }),
    )
    expect(rev.status).toBe(200)
    const started = Date.now()
    let res: Response
    for (;;) {
      res = await call('POST', '/api/v1/agent/claim', { headers: bearer(token), body: { id: 'x' } })
      if (res.status !== 200 || Date.now() - started > 10_000) break
      await Bun.sleep(20)
    }
    expect(Date.now() - started).toBeLessThan(10_000)
    await expectError(res, 401, 'unauthorized', CHALLENGE.invalid)
  })
})

describe('agent-auth unavailable', () => {
  test('a well-formed token cannot be checked → 503, never a pass', async () => {
    const down = createGatewayApp({
      config: testConfig({ PUBLIC_BASE_URL: BASE }),
      log,
      kv: createMemoryStore(),
      operatorToken: 'operator-secret-token-123',
      upstreams: { 'agent-auth': httpUpstream('agent-auth', ['http://127.0.0.1:1'], log) },
    })
    const res = await down.app.handle(
      new Request('http://localhost/api/v1/agent/me', { headers: { authorization: `Bearer ${mintAgentToken()}` } }),
    )
    await expectError(res, 503, 'service_unavailable')
    await down.close()
  })
})

describe('per-client limit', () => {
  test('registrations and confirmations share the write class (RATE_LIMIT_WRITE_PER_HOUR) per client', async () => {
    const limited = createGatewayApp({
      config: testConfig({ PUBLIC_BASE_URL: BASE, RATE_LIMIT_WRITE_PER_HOUR: '2' }),
      log,
      kv: createMemoryStore(),
      operatorToken: 'operator-secret-token-123',
      upstreams: { 'agent-auth': inProcessUpstream('agent-auth', (r) => agentAuth.app.handle(r)) },
    })
    const reg = (i: number) =>
      limited.app.handle(
        new Request('http://localhost/api/v1/agent/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '7.7.7.7' },
          body: JSON.stringify({ email: `client-${i}-${run}@example.com` }),
        }),
      )
    expect((await reg(1)).status).toBe(200)
    expect((await reg(2)).status).toBe(200)
    const third = await reg(3)
    await expectError(third, 429, 'rate_limited')
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    await limited.close()
  })
})
