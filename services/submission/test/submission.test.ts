// Long on purpose: one shared set of real services (started once) serves every scenario below; splitting it would
// start them once per file.
// Submissions and moderation through the real gateway, catalog, submission and agent-auth apps, on the
// real PostgreSQL, Redis, NATS (shared, and a private nats-server for the outage test) and an SMTP sink.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createAgentAuthApp, type AgentAuthService } from '@mcp-directory/agent-auth'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { createNatsBus, type EventBus } from '@mcp-directory/shared/bus'
import {
  mailOutbox,
  openDatabase,
  runMigrations,
  sql,
  submissions,
  transitions,
  type Database,
} from '@mcp-directory/shared/db'
import { createMemoryStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { createSmtpMailer } from '@mcp-directory/shared/mail'
import {
  createFreshDatabase,
  freePort,
  isolatedEnv,
  runToken,
  startSmtpSink,
  testConfig,
  TEST_SERVICES,
  type FreshDatabase,
  startBacking,
} from '@mcp-directory/shared/testing'
import { createGatewayApp } from '../../../gateway/src/app'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import fc from 'fast-check'
import { connect } from 'nats'
import { createSubmissionApp, type SubmissionService } from '../src'
import { claimTokenHash } from '../src/submissions/service'

const run = runToken()
const env = isolatedEnv(run, '')
const BASE = 'http://dir.test'
const OPERATOR = 'operator-secret-token-0123456789'
const SECRET = 'submission-test-secret-0123456789abcdef'
const log = createLogger('test', 'silent')
const config = testConfig({ PUBLIC_BASE_URL: BASE, RATE_LIMIT_WRITE_PER_HOUR: '1000000' })

let backing: Awaited<ReturnType<typeof startBacking>> | undefined
let fresh: FreshDatabase
let database: Database
let kv: KeyValueStore
let bus: EventBus
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let catalog: CatalogService
let submission: SubmissionService
let agentAuth: AgentAuthService
let gateway: ReturnType<typeof createGatewayApp>

beforeAll(async () => {
  backing = await startBacking(env, log)
  ;({ fresh, database, kv, bus, sink } = backing)
  catalog = createCatalogApp({ config, database, bus, log, operatorToken: OPERATOR })
  submission = createSubmissionApp({
    config,
    database,
    bus,
    kv,
    log,
    operatorToken: OPERATOR,
    secret: SECRET,
    catalog: (r) => catalog.app.handle(r),
    mailer: createSmtpMailer(sink.url, 'no-reply@dir.test'),
    mail: { pollMs: 100, retryDelayMs: 100, maxRetryDelayMs: 400 },
  })
  agentAuth = createAgentAuthApp({
    config,
    database,
    bus,
    kv,
    log,
    mailer: createSmtpMailer(sink.url, 'no-reply@dir.test'),
    secret: SECRET,
  })
  gateway = createGatewayApp({
    config,
    log,
    kv,
    bus,
    operatorToken: OPERATOR,
    upstreams: {
      catalog: inProcessUpstream('catalog', (r) => catalog.app.handle(r)),
      submission: inProcessUpstream('submission', (r) => submission.app.handle(r)),
      'agent-auth': inProcessUpstream('agent-auth', (r) => agentAuth.app.handle(r)),
    },
  })
}, 30_000)

afterAll(async () => {
  await gateway?.close()
  await submission?.close()
  await agentAuth?.close()
  await catalog?.close()
  await backing?.close()
})

type Init = { body?: unknown; raw?: string; headers?: Record<string, string> }
type Handler = { handle: (r: Request) => Response | Promise<Response> }
const call = (method: string, path: string, opts: Init = {}, app: Handler = gateway.app) =>
  app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        ...(opts.body !== undefined || opts.raw !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    }),
  )
const op = { authorization: `Bearer ${OPERATOR}` }
let n = 0
const valid = (over: Record<string, unknown> = {}) => {
  n++
  return {
    name: `acme-widget-${run}-${n}`,
    url: `https://github.com/acme-${run}/widget-${n}`,
    description: 'Manages widgets for agents, with a long enough description.',
    category: 'developer-tools',
    email: `owner${n}@example.com`,
    ...over,
  }
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toContain('application/json')
  const body = await res.json()
  expect(body).toMatchObject({
    error: code,
    message: expect.any(String),
    status,
    docs: expect.stringContaining(`#${code}`),
  })
  return body as { details?: { field?: string; existingId?: string; message?: string }[] }
}

/** Every message of a stream, in stream order. */
async function streamMessages(url: string, stream: string) {
  const nc = await connect({ servers: url })
  try {
    const jsm = await nc.jetstreamManager()
    const info = await jsm.streams.info(stream)
    const out: { subject: string; payload: Record<string, unknown>; msgId: string | undefined }[] = []
    for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
      const m = await jsm.streams.getMessage(stream, { seq }).catch(() => null)
      if (m) out.push({ subject: m.subject, payload: m.json(), msgId: m.header?.get('Nats-Msg-Id') })
    }
    return out
  } finally {
    await nc.close()
  }
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000, what = 'condition') {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(100)
  }
}

describe('POST /api/v1/submit: validation', () => {
  test('missing fields: 400 invalid_body naming each', async () => {
    const body = await expectError(await call('POST', '/api/v1/submit', { body: {} }), 400, 'invalid_body')
    expect(body.details!.map((d) => d.field).sort()).toEqual(['category', 'description', 'email', 'name', 'url'])
  })

  test('every bad field is named with why', async () => {
    const body = await expectError(
      await call('POST', '/api/v1/submit', {
        body: valid({
          name: '  ',
          url: 'ftp://x.org/a',
          email: 'not-an-address',
          authType: 'magic',
          pricingModel: 'cheap',
          maintenanceStatus: 'dead',
          supportUrl: 'javascript:alert(1)',
          tags: Array(21).fill('t'),
          compatibleClients: ['x'.repeat(51)],
          license: 'l'.repeat(101),
          description: 7,
        }),
      }),
      400,
      'invalid_body',
    )
    // A bad item is named by its list and index (`compatibleClients[0]`), as every model's details name items.
    expect(body.details!.map((d) => d.field!.replace(/\[[0-9]+\]$/, '')).sort()).toEqual([
      'authType',
      'compatibleClients',
      'description',
      'email',
      'license',
      'maintenanceStatus',
      'name',
      'pricingModel',
      'supportUrl',
      'tags',
      'url',
    ])
    for (const d of body.details!) expect(d.message).toEqual(expect.any(String))
  })

  test('unknown category: 400 unknown_category; all three spellings accepted and stored canonically', async () => {
    const body = await expectError(
      await call('POST', '/api/v1/submit', { body: valid({ category: 'astrology' }) }),
      400,
      'unknown_category',
    )
    expect(body.details![0].field).toBe('category')
    for (const category of ['developer-tools', 'Developer Tools', '🛠️ Developer Tools']) {
      const res = await call('POST', '/api/v1/submit', { body: valid({ category }) })
      const out = await res.json()
      expect(res.status).toBe(200)
      expect(out.category).toBe('🛠️ Developer Tools')
    }
  })

  test('not JSON, another content type, not an object: 400; over 64 KiB: 413', async () => {
    await expectError(await call('POST', '/api/v1/submit', { raw: '{"name":' }), 400, 'bad_request')
    await expectError(
      await call('POST', '/api/v1/submit', { raw: JSON.stringify(valid()), headers: { 'content-type': 'text/plain' } }),
      400,
      'bad_request',
    )
    await expectError(
      await call('POST', '/api/v1/submit', {
        raw: 'x=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      400,
      'bad_request',
    )
    await expectError(await call('POST', '/api/v1/submit', { body: [1, 2] }), 400, 'invalid_body')
    await expectError(
      await call('POST', '/api/v1/submit', { body: valid({ description: 'x'.repeat(70 * 1024) }) }),
      413,
      'payload_too_large',
    )
  })

  test('property: thousands of random and malformed bodies through the gateway never get a 5xx', async () => {
    const field = fc.oneof(
      fc.string(),
      fc.webUrl(),
      fc.emailAddress(),
      fc.constantFrom('developer-tools', 'Databases', 'none', 'free', 'active'),
      fc.anything(),
      fc.array(fc.string()),
    )
    const shaped = fc.record(
      {
        name: field,
        url: field,
        description: field,
        category: field,
        email: field,
        tags: field,
        license: field,
        authType: field,
        pricingModel: field,
        maintenanceStatus: field,
        compatibleClients: field,
        supportUrl: field,
      },
      { requiredKeys: [] },
    )
    const raw = fc.oneof(
      shaped.map((b) => JSON.stringify(b)),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary' }),
      fc.string(),
    )
    const type = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/problem+json',
      '',
      'multipart/form-data',
    )
    await fc.assert(
      fc.asyncProperty(raw, type, async (body, contentType) => {
        const res = await call('POST', '/api/v1/submit', {
          raw: body,
          headers: contentType ? { 'content-type': contentType } : { 'content-type': '' },
        })
        await res.arrayBuffer()
        expect(res.status).toBeLessThan(500)
      }),
      { numRuns: 2500 },
    )
  }, 120_000)
})

describe('submit → moderation', () => {
  test('the answer is exactly §4.7; pending is hidden; approve shows it; reject and flag hide it; transitions recorded', async () => {
    const input = valid({
      tags: ['widgets', 'agents'],
      license: 'MIT',
      authType: 'api_key',
      pricingModel: 'freemium',
      maintenanceStatus: 'active',
      compatibleClients: ['claude-desktop', 'cursor'],
      supportUrl: 'https://acme.example/support',
    })
    const res = await call('POST', '/api/v1/submit', { body: input })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const out = await res.json()
    expect(Object.keys(out).sort()).toEqual([
      'badge_markdown',
      'category',
      'claim_url',
      'id',
      'message',
      'name',
      'status',
      'success',
      'url',
    ])
    expect(out).toMatchObject({
      success: true,
      name: input.name,
      url: input.url,
      category: '🛠️ Developer Tools',
      status: 'pending',
    })
    const id = out.id as string
    const claim = new URL(out.claim_url)
    expect(`${claim.origin}${claim.pathname}`).toBe(`${BASE}/claim/${id}`)
    const secret = claim.searchParams.get('token')!
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(out.badge_markdown).toBe(
      `[![${input.name} on the MCP Directory](${BASE}/api/badge/${id})](${BASE}/servers/${id})`,
    )
    // Stored only as a hash.
    const [row] = await database.db.select().from(submissions).where(sql`${submissions.listingId} = ${id}`)
    expect(row.claimTokenHash).toBe(claimTokenHash(secret))
    expect(JSON.stringify(row)).not.toContain(secret)

    expect((await call('GET', `/api/v1/servers/${id}`)).status).toBe(404)
    expect(
      (await (await call('GET', `/api/v1/search?q=${encodeURIComponent(input.name)}`)).json()).servers.map(
        (s: { id: string }) => s.id,
      ),
    ).not.toContain(id)
    const queue = await (await call('GET', '/api/v1/admin/listings?status=pending', { headers: op })).json()
    expect(queue.total).toBeGreaterThanOrEqual(1)
    expect(queue.listings[0].id).toBe(id) // newest first

    const approved = await call('POST', `/api/v1/admin/listings/${id}/approve`, { headers: op })
    expect(approved.status).toBe(200)
    expect(await approved.json()).toMatchObject({ success: true, id, from: 'pending', status: 'active' })
    // Read right after the 200: the catalog committed before answering.
    const detail = await call('GET', `/api/v1/servers/${id}`)
    expect(detail.status).toBe(200)
    const server = (await detail.json()).server
    expect(server).toMatchObject({
      license: 'MIT',
      authType: 'api_key',
      pricingModel: 'freemium',
      maintenanceStatus: 'active',
      compatibleClients: ['claude-desktop', 'cursor'],
      supportUrl: 'https://acme.example/support',
      tags: ['widgets', 'agents'],
      repositoryUrl: input.url,
    })
    expect(JSON.stringify(server)).not.toContain(input.email)
    expect(
      (await (await call('GET', `/api/v1/search?q=${encodeURIComponent(input.name)}`)).json()).servers.map(
        (s: { id: string }) => s.id,
      ),
    ).toContain(id)

    await expectError(await call('POST', `/api/v1/admin/listings/${id}/approve`, { headers: op }), 409, 'conflict')
    const flagged = await call('POST', `/api/v1/admin/listings/${id}/flag`, {
      headers: op,
      body: { reason: 'spam links' },
    })
    expect(await flagged.json()).toMatchObject({ from: 'active', status: 'flagged', reason: 'spam links' })
    expect((await call('GET', `/api/v1/servers/${id}`)).status).toBe(404)
    expect(
      (await (await call('GET', `/api/v1/search?q=${encodeURIComponent(input.name)}`)).json()).servers.map(
        (s: { id: string }) => s.id,
      ),
    ).not.toContain(id)
    const rejected = await call('POST', `/api/v1/admin/listings/${id}/reject`, { headers: op, body: {} })
    expect(await rejected.json()).toMatchObject({ from: 'flagged', status: 'rejected', reason: null })
    expect((await call('GET', `/api/v1/servers/${id}`)).status).toBe(404)
    const q2 = await (await call('GET', '/api/v1/admin/listings?status=rejected', { headers: op })).json()
    expect(q2.listings.map((l: { id: string }) => l.id)).toContain(id)

    const log = await database.db
      .select()
      .from(transitions)
      .where(sql`${transitions.listingId} = ${id}`)
      .orderBy(transitions.id)
    expect(log.map((t) => [t.fromStatus, t.toStatus, t.actor, t.reason])).toEqual([
      [null, 'pending', 'submitter', null],
      ['pending', 'active', 'operator', null],
      ['active', 'flagged', 'operator', 'spam links'],
      ['flagged', 'rejected', 'operator', null],
    ])
    for (const t of log) expect(t.at).toBeInstanceOf(Date)

    // Each transition once on NATS, in order, with its payload shape from the shared event map.
    await submission.flush()
    await catalog.flush()
    let events: Awaited<ReturnType<typeof streamMessages>> = []
    await waitUntil(async () => {
      events = (await streamMessages(TEST_SERVICES.nats, env.NATS_STREAM)).filter((e) => e.payload.id === id)
      return events.length >= 4
    })
    await Bun.sleep(300)
    events = (await streamMessages(TEST_SERVICES.nats, env.NATS_STREAM)).filter((e) => e.payload.id === id)
    const prefix = `${env.EVENT_SUBJECT_PREFIX}.`
    expect(events.map((e) => e.subject.slice(prefix.length))).toEqual([
      'listing.submitted',
      'listing.approved',
      'listing.flagged',
      'listing.rejected',
    ])
    expect(new Set(events.map((e) => e.msgId)).size).toBe(4)
    expect(events[0].payload).toEqual({ id, name: input.name, status: 'pending', at: expect.any(String) })
    expect(events[1].payload).toEqual({ id, name: input.name, status: 'active', at: expect.any(String) })
    expect(events[2].payload).toEqual({
      id,
      name: input.name,
      status: 'flagged',
      at: expect.any(String),
      reason: 'spam links',
    })
    expect(events[3].payload).toEqual({
      id,
      name: input.name,
      status: 'rejected',
      at: expect.any(String),
      reason: null,
    })
  }, 60_000)

  test('a duplicate repository or URL answers 409 naming the existing id, and creates nothing', async () => {
    const first = valid({ url: `https://github.com/Dup-${run}/Thing` })
    const a = await (await call('POST', '/api/v1/submit', { body: first })).json()
    for (const url of [
      `https://github.com/dup-${run}/thing`,
      `https://www.github.com/Dup-${run}/Thing.git`,
      `https://github.com/Dup-${run}/Thing/`,
    ]) {
      const body = await expectError(await call('POST', '/api/v1/submit', { body: valid({ url }) }), 409, 'conflict')
      expect(body.details![0]).toMatchObject({ field: 'url', existingId: a.id })
    }
    const rows = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from catalog.listings where url_key = ${`github.com/dup-${run}/thing`}`,
    )
    expect(rows[0].n).toBe(1)
  })

  test('a listing the catalog created but no submission recorded is adopted by a retry once 30 s old', async () => {
    const input = valid({ url: `https://github.com/orphan-${run}/tool` })
    const { email: _email, ...listing } = input
    // The catalog committed, the submission service did not (it failed between the two commits).
    const made = await call('POST', '/internal/listings', { body: listing }, catalog.app)
    expect(made.status).toBe(201)
    const orphan = ((await made.json()) as { listing: { id: string } }).listing.id
    // Too young to be told from a submission still being recorded: the public 409, exactly as before.
    const young = await call('POST', '/api/v1/submit', { body: input })
    expect(await young.json()).toEqual({
      error: 'conflict',
      message: `This repository or address is already listed as ${orphan} (${BASE}/servers/${orphan}); if it is yours, claim that listing instead`,
      status: 409,
      docs: `${BASE}/docs/errors#conflict`,
      details: [
        {
          field: 'url',
          existingId: orphan,
          detailUrl: `${BASE}/servers/${orphan}`,
          message: `already listed as ${orphan}`,
        },
      ],
    })
    // The catalog's internal answer names the holder, and when it is old enough says it may be adopted.
    const internal = async () => (await call('POST', '/internal/listings', { body: listing }, catalog.app)).json()
    expect((await internal()).holder).toEqual({ id: orphan, field: 'url', adoptable: false })
    await database.db.execute(
      sql`update catalog.listings set created_at = now() - interval '1 minute' where id = ${orphan}`,
    )
    expect((await internal()).holder).toEqual({ id: orphan, field: 'url', adoptable: true, name: input.name })
    // The retry names the server differently: the listing it takes over keeps its name, and every word of the
    // answer, the record and the event says that name.
    const retry = { ...input, name: `${input.name}-renamed` }
    const adopted = await call('POST', '/api/v1/submit', { body: retry })
    expect(adopted.status).toBe(200)
    const answer = (await adopted.json()) as { id: string; name: string; message: string; badge_markdown: string }
    expect(answer.id).toBe(orphan)
    expect(answer.name).toBe(input.name)
    expect(answer.message).toContain(`"${input.name}" is pending`)
    expect(answer.badge_markdown).not.toContain('renamed')
    const stored = await database.rows<{ catalog_name: string; submitted_name: string }>(
      sql`select l.name as catalog_name, s.name as submitted_name from catalog.listings l
          join submission.submissions s on s.listing_id = l.id where l.id = ${orphan}`,
    )
    expect(stored).toEqual([{ catalog_name: input.name, submitted_name: input.name }])
    // Recorded now: the next submission of the address is refused, naming it.
    const again = await expectError(await call('POST', '/api/v1/submit', { body: input }), 409, 'conflict')
    expect(again.details![0]).toMatchObject({ field: 'url', existingId: orphan })
    const n = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from submission.submissions where listing_id = ${orphan}`,
    )
    expect(n[0].n).toBe(1)
  })

  test('operator API: missing or wrong token 401; an agent token 401; unknown id 404; bad status 400', async () => {
    const email = `agent-${run}@example.com`
    const before = sink.messages.length
    expect((await call('POST', '/api/v1/agent/register', { body: { email } })).status).toBe(200)
    await waitUntil(async () => sink.messages.slice(before).some((m) => m.to.includes(email)), 10_000, 'the code mail')
    const code = sink.messages
      .slice(before)
      .find((m) => m.to.includes(email))!
      .raw.match(/confirmation code is (\d{6})/)![1]
    const token = (await (await call('POST', '/api/v1/agent/register/confirm', { body: { email, code } })).json())
      .token as string
    expect(token).toMatch(/^mcpdir_/)
    const id = (await (await call('POST', '/api/v1/submit', { body: valid() })).json()).id
    // Each kind of wrong credential comes from its own client: the gateway allows 10 failed operator
    // authentications a minute per client (gateway/test/operator-auth.test.ts covers that limit).
    const perClient = createGatewayApp({
      config: { ...config, trustProxyHops: 1 },
      log,
      kv,
      bus,
      operatorToken: OPERATOR,
      upstreams: { submission: inProcessUpstream('submission', (r) => submission.app.handle(r)) },
    })
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token' },
      { authorization: `Bearer ${token}` },
      { authorization: `Basic ${btoa('a:b')}` },
    ]
    try {
      for (const [i, credentials] of wrong.entries()) {
        const headers: Record<string, string> = { ...credentials, 'x-forwarded-for': `198.51.100.${i + 1}` }
        await expectError(await call('GET', '/api/v1/admin/listings', { headers }, perClient.app), 401, 'unauthorized')
        await expectError(
          await call('POST', `/api/v1/admin/listings/${id}/approve`, { headers }, perClient.app),
          401,
          'unauthorized',
        )
        await expectError(
          await call('POST', `/api/v1/admin/listings/${id}/reject`, { headers }, perClient.app),
          401,
          'unauthorized',
        )
        await expectError(
          await call('POST', `/api/v1/admin/listings/${id}/flag`, { headers }, perClient.app),
          401,
          'unauthorized',
        )
      }
    } finally {
      await perClient.close()
    }
    // The service checks the operator token itself too, not only the gateway.
    await expectError(
      await call('GET', '/api/v1/admin/listings', { headers: { authorization: `Bearer ${token}` } }, submission.app),
      401,
      'unauthorized',
    )
    expect((await call('GET', `/api/v1/servers/${id}`)).status).toBe(404)
    await expectError(
      await call('POST', '/api/v1/admin/listings/no-such-listing/approve', { headers: op }),
      404,
      'not_found',
    )
    // The contract's path model: an id that does not decode is refused, not looked up.
    await expectError(await call('POST', '/api/v1/admin/listings/%/approve', { headers: op }), 400, 'invalid_parameter')
    // Without the token the service answers 401 before it reads the path or the body.
    await expectError(
      await call('POST', '/api/v1/admin/listings/%/reject', { raw: '{"reason": 42' }, submission.app),
      401,
      'unauthorized',
    )
    await expectError(
      await call('GET', '/api/v1/admin/listings?status=deleted', { headers: op }),
      400,
      'invalid_parameter',
    )
    await expectError(
      await call('POST', `/api/v1/admin/listings/${id}/reject`, { headers: op, body: { reason: 42 } }),
      400,
      'invalid_body',
    )
  }, 30_000)

  test('internal routes are not reachable through the gateway', async () => {
    expect((await call('POST', '/internal/listings', { body: valid() })).status).toBe(404)
    expect((await call('GET', '/internal/moderation')).status).toBe(404)
  })

  test('rate limit: refused submissions count against RATE_LIMIT_WRITE_FAILURES_PER_HOUR, not the write limit', async () => {
    const limited = createGatewayApp({
      config: testConfig({
        PUBLIC_BASE_URL: BASE,
        RATE_LIMIT_WRITE_PER_HOUR: '2',
        RATE_LIMIT_WRITE_FAILURES_PER_HOUR: '3',
      }),
      log,
      kv: createMemoryStore(),
      operatorToken: OPERATOR,
      upstreams: { submission: inProcessUpstream('submission', (r) => submission.app.handle(r)) },
    })
    const headers = { 'x-forwarded-for': '203.0.113.9' }
    const statuses = []
    for (let i = 0; i < 4; i++)
      statuses.push((await call('POST', '/api/v1/submit', { body: { bad: true }, headers }, limited.app)).status)
    expect(statuses).toEqual([400, 400, 400, 429])
    await limited.close()
  })
})

describe('mail', () => {
  test('the contact address receives the claim link through SMTP; the queued mail is sealed', async () => {
    const input = valid()
    const out = await (await call('POST', '/api/v1/submit', { body: input })).json()
    await waitUntil(async () => sink.messages.some((m) => m.to.includes(input.email)), 10_000, 'the mail')
    const mail = sink.messages.find((m) => m.to.includes(input.email))!
    const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    expect(unfolded).toContain(out.claim_url)
    const secret = new URL(out.claim_url).searchParams.get('token')!
    const rows = await database.db.select().from(mailOutbox)
    expect(rows.some((r) => r.sealed.includes(secret) || r.sealed.includes(input.email))).toBe(false)
  })

  test('with the SMTP server down, submissions still answer 200 and the mails arrive once it is back', async () => {
    const port = freePort()
    const down = await startSmtpSink(port)
    await down.close()
    const fresh2 = await createFreshDatabase()
    const db2 = await openDatabase({ url: fresh2.url })
    await runMigrations(db2)
    const cat2 = createCatalogApp({ config, database: db2, bus, log, operatorToken: OPERATOR })
    const sub2 = createSubmissionApp({
      config,
      database: db2,
      bus,
      log,
      operatorToken: OPERATOR,
      secret: SECRET,
      catalog: (r) => cat2.app.handle(r),
      mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'no-reply@dir.test'),
      mail: { pollMs: 100, retryDelayMs: 100, maxRetryDelayMs: 400 },
    })
    try {
      const emails: string[] = []
      for (let i = 0; i < 3; i++) {
        const input = valid()
        emails.push(input.email)
        // The answer does not wait for the mail: with the SMTP server down, a submission that did would never end.
        const res = await call('POST', '/api/v1/submit', { body: input }, sub2.app)
        expect(res.status).toBe(200)
      }
      await Bun.sleep(800)
      const [{ tried }] = await db2.rows<{ tried: number }>(
        sql`select count(*)::int as tried from submission.mail_outbox where attempts > 0 and sent_at is null`,
      )
      expect(tried).toBe(3)
      const back = await startSmtpSink(port)
      try {
        await back.waitFor(3, 15_000)
        await Bun.sleep(600)
        expect(back.messages.map((m) => m.to[0]).sort()).toEqual(emails.sort())
      } finally {
        await back.close()
      }
    } finally {
      await sub2.close()
      await cat2.close()
      await db2.close()
      await fresh2.drop()
    }
  }, 40_000)
})

/** A sunk message's headers and text, quoted-printable decoded. */
function readMail(raw: string) {
  const at = raw.search(/\r?\n\r?\n/)
  const headers = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ')
  const bytes = raw
    .slice(at)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
  return { headers, text: Buffer.from(bytes, 'latin1').toString('utf8') }
}

describe('mail text and the per-recipient cap', () => {
  test('the mail carries a fixed subject, the name only as quoted escaped data, and no link or text the submitter chose', async () => {
    const input = valid({
      name: `Acme ${run} "urgent" https://evil.example/login <b>reset</b> admin@evil.example`,
      url: `https://evil-${run}.example/phish`,
      description: 'Click https://evil.example/pay now. <a href="javascript:alert(1)">here</a>',
    })
    const res = await call('POST', '/api/v1/submit', { body: input })
    expect(res.status).toBe(200)
    const out = await res.json()
    await waitUntil(async () => sink.messages.some((m) => m.to.includes(input.email)), 10_000, 'the mail')
    const { headers, text } = readMail(sink.messages.find((m) => m.to.includes(input.email))!.raw)
    expect(headers).toMatch(/^Subject: Your MCP Server Directory submission$/m)
    expect(headers).toMatch(/^Content-Type: text\/plain/m)
    expect(text).toContain(
      `Name (as submitted): "Acme ${run} \\"urgent\\" https[:]//evil[.]example/login <b>reset</b> admin[at]evil[.]example"`,
    )
    expect(text).toContain(out.claim_url)
    for (const chosen of [input.url, 'evil.example', 'javascript:', 'Click', '](']) expect(text).not.toContain(chosen)
  })

  test('at most 5 mails an hour reach one recipient, across submissions and agent registrations and its spellings', async () => {
    const base = `capped-${run}`
    const spelling = (tag: string) => `${base}+${tag}@example.com`
    const before = sink.messages.length
    const answers = []
    for (let i = 0; i < 3; i++)
      answers.push(await (await call('POST', '/api/v1/submit', { body: valid({ email: spelling(`s${i}`) }) })).json())
    for (const email of [`${base}@example.com`.toUpperCase(), spelling('agent')]) {
      expect((await call('POST', '/api/v1/agent/register', { body: { email } })).status).toBe(200)
    }
    // The sixth: a registration is refused (its code could not be sent) …
    const reg = await call('POST', '/api/v1/agent/register', { body: { email: spelling('late') } })
    expect(reg.status).toBe(429)
    expect(await reg.json()).toMatchObject({
      error: 'rate_limited',
      message: expect.stringContaining('Too many messages to this address'),
    })
    expect(Number(reg.headers.get('retry-after'))).toBeGreaterThan(0)
    // … and a submission is accepted without its mail: the answer says so and carries the claim link.
    const capped = await call('POST', '/api/v1/submit', { body: valid({ email: spelling('s9') }) })
    expect(capped.status).toBe(200)
    const body = await capped.json()
    expect(body.message).toContain('No copy of the claim link was e-mailed')
    expect(body.claim_url).toMatch(/\/claim\//)
    expect(answers.every((a) => a.message.includes('A copy of the claim link was sent'))).toBe(true)

    await submission.flush()
    await agentAuth.flush()
    await waitUntil(
      async () => sink.messages.slice(before).filter((m) => m.to.some((t) => t.startsWith(base))).length >= 5,
      10_000,
      'five mails',
    )
    await Bun.sleep(300)
    await submission.flush()
    const received = sink.messages.slice(before).filter((m) => m.to.some((t) => t.startsWith(base)))
    expect(received).toHaveLength(5)
    expect(received.some((m) => m.to.includes(spelling('s9')))).toBe(false)
  })
})

describe('NATS outage', () => {
  test('NATS stopped during a burst: every accepted submission is published once after it returns', async () => {
    const port = freePort()
    const dir = mkdtempSync(join(tmpdir(), 'nats-sub-'))
    const url = `nats://127.0.0.1:${port}`
    const startNats = async () => {
      const p = Bun.spawn(['/usr/sbin/nats-server', '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], {
        stdout: 'ignore',
        stderr: 'ignore',
      })
      await waitUntil(
        async () => {
          try {
            const nc = await connect({ servers: url, timeout: 500 })
            await nc.close()
            return true
          } catch {
            return false
          }
        },
        10_000,
        'nats-server',
      )
      return p
    }
    let nats = await startNats()
    const stream = `TEST_OUT_${run}`
    const prefix = `test_out_${run}.directory`
    const fresh3 = await createFreshDatabase()
    const db3 = await openDatabase({ url: fresh3.url })
    await runMigrations(db3)
    const bus3 = createNatsBus({ url, stream, subjectPrefix: prefix, log })
    const cat3 = createCatalogApp({ config, database: db3, bus: bus3, log, operatorToken: OPERATOR })
    const sub3 = createSubmissionApp({
      config,
      database: db3,
      bus: bus3,
      log,
      operatorToken: OPERATOR,
      secret: SECRET,
      catalog: (r) => cat3.app.handle(r),
      mailer: { kind: 'log', send: async () => {}, close: async () => {} },
    })
    try {
      const ids: string[] = []
      for (let i = 0; i < 30; i++) {
        if (i === 10) {
          nats.kill()
          await nats.exited
        }
        const res = await call('POST', '/api/v1/submit', { body: valid() }, sub3.app)
        expect(res.status).toBe(200)
        ids.push((await res.json()).id)
      }
      await Bun.sleep(500)
      nats = await startNats()
      let published: Awaited<ReturnType<typeof streamMessages>> = []
      await waitUntil(
        async () => {
          published = (await streamMessages(url, stream).catch(() => [])).filter(
            (e) => e.subject === `${prefix}.listing.submitted`,
          )
          return published.length >= ids.length
        },
        30_000,
        'every submitted event',
      )
      await Bun.sleep(1500)
      published = (await streamMessages(url, stream)).filter((e) => e.subject === `${prefix}.listing.submitted`)
      expect(published.map((e) => e.payload.id as string).sort()).toEqual([...ids].sort())
      expect(new Set(published.map((e) => e.payload.id)).size).toBe(ids.length)
      const [{ waiting }] = await db3.rows<{ waiting: number }>(
        sql`select count(*)::int as waiting from submission.outbox where published_at is null`,
      )
      expect(waiting).toBe(0)
    } finally {
      await sub3.close()
      await cat3.close()
      await bus3.close()
      await db3.close()
      await fresh3.drop()
      nats.kill()
      await nats.exited
      rmSync(dir, { recursive: true, force: true })
    }
  }, 90_000)
})
