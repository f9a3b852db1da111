// Ownership claims through the gateway (directory-api §4.10, contract §5), with every service in-process on the real
// PostgreSQL, Redis and NATS, a real DNS server on loopback, local HTTP servers standing in for owners' sites
// (127.0.0.2, treated as the public internet) and for the GitHub API, and a real SMTP sink for agent codes.
// OUTBOUND_ALLOW_PRIVATE is unset: every other loopback or private address must be refused.
// One file of 900 lines: every case needs the same stack of stand-ins, started once (splitting would start it per file).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createAgentAuthApp, type AgentAuthService } from '@mcp-directory/agent-auth'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { createGatewayApp } from '../../../gateway/src/app'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createSubmissionApp, type SubmissionService } from '@mcp-directory/submission'
import type { EventEnvelope } from '@mcp-directory/shared/events'
import { createLogger } from '@mcp-directory/shared/log'
import { createSmtpMailer } from '@mcp-directory/shared/mail'
import { addressResolver, createOutboundFetcher } from '@mcp-directory/shared/outbound'
import { isolatedEnv, runToken, startBacking, startDnsServer, testConfig } from '@mcp-directory/shared/testing'
import { catalogClient, createClaimVerifierApp, proofFor, submissionClient, type ClaimVerifierService } from '../src'
import { txtLookup } from '../src/checks/dns'
import { githubReadme } from '../src/checks/github'
import { githubHomepage } from '../src/sites'

const run = runToken()
const env = isolatedEnv(run, '')
const BASE = 'http://dir.test'
const OPERATOR = 'operator-secret-token-123'
const SECRET = 'claims-test-secret-0123456789abcdef'
const PUBLIC_STAND_IN = '127.0.0.2'
const log = createLogger('test', 'silent')

let backing: Awaited<ReturnType<typeof startBacking>>
let dns: Awaited<ReturnType<typeof startDnsServer>>
let catalog: CatalogService
let submission: SubmissionService
let agentAuth: AgentAuthService
let claims: ClaimVerifierService
let gateway: ReturnType<typeof createGatewayApp>
let site: ReturnType<typeof Bun.serve>
let privateSite: ReturnType<typeof Bun.serve>
let github: ReturnType<typeof Bun.serve>
const events: EventEnvelope<'listing.claimed' | 'listing.approved'>[] = []
let stopEvents: (() => Promise<void>) | null = null

/** Owners' sites by host name: the page each serves at `/`. */
const pages = new Map<string, string>()
/** Every request the owners' sites received, as `host path?query`. */
const siteRequests: string[] = []
/** Requests that reached the private server (must stay 0: nothing private is ever fetched). */
let privateHits = 0
/** READMEs and homepages of the GitHub stand-in, by `owner/repo`. */
const readmes = new Map<string, string>()
const homepages = new Map<string, string>()
/** Every request the GitHub stand-in received, by path. */
const githubRequests: string[] = []

const hostUrl = (host: string, path = '/') => `http://${host}:${site.port}${path}`

beforeAll(async () => {
  backing = await startBacking(env, log)
  dns = await startDnsServer()
  site = Bun.serve({
    hostname: PUBLIC_STAND_IN,
    port: 0,
    fetch(req) {
      const url = new URL(req.url)
      const host = (req.headers.get('host') ?? '').replace(/:\d+$/, '')
      siteRequests.push(`${host} ${url.pathname}${url.search}`)
      // A site that echoes its request address: into a canonical link, a link, a search link (`next`) and the text.
      if (host.startsWith('reflect')) {
        const self = `http://${req.headers.get('host')}${url.pathname}${url.search}`
        const next = url.searchParams.get('next') ?? ''
        const html =
          `<html><head><link rel="canonical" href="${self}"></head><body><a href="${self}">this page</a>` +
          `${next ? `<a href="${next}">continue</a>` : ''}<p>Not found: ${decodeURIComponent(url.pathname)}</p></body></html>`
        return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
      }
      if (host === 'hop.example') return Response.redirect(`http://tagged.example:${site.port}/`, 302)
      if (host === 'hop-same.example' && url.pathname === '/') return Response.redirect('/home', 302)
      if (url.pathname === '/to-private') return Response.redirect(`http://127.0.0.1:${privateSite.port}/`, 302)
      if (url.pathname === '/to-name') return Response.redirect(`http://inside.example:${privateSite.port}/`, 302)
      const page = pages.get(host)
      return page
        ? new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } })
        : new Response('not here', { status: 404 })
    },
  })
  privateSite = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch() {
      privateHits++
      return new Response(`<html><head><meta name="mcp-directory-claim" content="anything"></head></html>`, {
        headers: { 'content-type': 'text/html' },
      })
    },
  })
  github = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      githubRequests.push(new URL(req.url).pathname)
      const m = new URL(req.url).pathname.match(/^\/repos\/([^/]+)\/([^/]+)(\/readme)?$/)
      if (!m) return Response.json({ message: 'Not Found' }, { status: 404 })
      const key = `${m[1]}/${m[2]}`
      if (m[3]) {
        const text = readmes.get(key)
        if (text === undefined) return Response.json({ message: 'Not Found' }, { status: 404 })
        if (!(req.headers.get('accept') ?? '').includes('raw'))
          return Response.json({ content: Buffer.from(text).toString('base64'), encoding: 'base64' })
        return new Response(text, { headers: { 'content-type': 'text/plain; charset=utf-8' } })
      }
      return Response.json({ full_name: key, homepage: homepages.get(key) ?? null, archived: false })
    },
  })
  // Names the tests use: owners' sites on the public stand-in, one name that resolves to a private address.
  for (const host of [
    'owner-a.example',
    'owner-b.example',
    'owner-c.example',
    'owner-d.example',
    'pending-owner.example',
    'human-owner.example',
    'homepage.example',
    'redirector.example',
    'reflect.example',
    'reflect-old.example',
    'hop.example',
    'hop-same.example',
    'tagged.example',
    'hidden.example',
    'dotted.example',
    'alice.github.io',
  ])
    dns.setA(host, [PUBLIC_STAND_IN])
  dns.setA('inside.example', ['10.0.0.1'])
  dns.setA('loopback-name.example', ['127.0.0.1'])

  const config = testConfig({
    PUBLIC_BASE_URL: BASE,
    DNS_SERVERS: dns.address,
    GITHUB_API_URL: `http://127.0.0.1:${github.port}`,
    RATE_LIMIT_WRITE_PER_HOUR: '10000',
    RATE_LIMIT_PER_MINUTE: '10000',
    VIEW_FLUSH_MS: '100',
  })
  expect(config.outboundAllowPrivate).toBe(false)
  const { database, kv, bus, sink } = backing
  const mailer = createSmtpMailer(sink.url, 'no-reply@dir.test')
  catalog = createCatalogApp({ config, database, bus, log, operatorToken: OPERATOR })
  submission = createSubmissionApp({
    config,
    database,
    bus,
    log,
    operatorToken: OPERATOR,
    secret: SECRET,
    catalog: (r) => catalog.app.handle(r),
    mailer,
  })
  agentAuth = createAgentAuthApp({ config, database, bus, kv, log, mailer, secret: SECRET })
  claims = createClaimVerifierApp({
    config,
    database,
    kv,
    bus,
    log,
    secret: SECRET,
    catalog: catalogClient((r) => catalog.app.handle(r)),
    submission: submissionClient((r) => submission.app.handle(r)),
    // The stand-in for the internet is the one loopback address treated as public; everything else private is refused.
    outbound: createOutboundFetcher({
      allowPrivate: false,
      resolve: addressResolver([dns.address]),
      treatAsPublic: (a) => a === PUBLIC_STAND_IN,
    }),
    txt: txtLookup([dns.address]),
    readme: githubReadme(config.githubApiUrl, null),
    homepage: githubHomepage(config.githubApiUrl, null, log),
    attempts: { limit: 1000, windowMs: 600_000 },
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
      'claim-verifier': inProcessUpstream('claim-verifier', (r) => claims.app.handle(r)),
    },
  })
  stopEvents = await bus.subscribe(
    `claims-test-${run}`,
    ['listing.claimed', 'listing.approved'],
    async (e) => void events.push(e),
  )
}, 60_000)

afterAll(async () => {
  await stopEvents?.()
  await gateway?.close()
  await claims?.close()
  await submission?.close()
  await agentAuth?.close()
  await catalog?.close()
  site?.stop(true)
  privateSite?.stop(true)
  github?.stop(true)
  await dns?.close()
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
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function agentToken(email: string, scopes?: string[]): Promise<string> {
  const { sink } = backing
  const before = sink.messages.length
  expect(
    (await call('POST', '/api/v1/agent/register', { body: { email, ...(scopes ? { scopes } : {}) } })).status,
  ).toBe(200)
  // Submission mails arrive in the same sink: wait for the one to this address.
  await waitFor(() => sink.messages.slice(before).some((m) => m.to.includes(email)))
  const code = sink.messages
    .slice(before)
    .find((m) => m.to.includes(email))!
    .raw.match(/confirmation code is (\d{6})/)![1]
  const res = await call('POST', '/api/v1/agent/register/confirm', { body: { email, code } })
  expect(res.status).toBe(200)
  return (await res.json()).token
}

/** Submits a listing (pending) and returns its id and claim link secret. */
async function submit(name: string, url: string): Promise<{ id: string; token: string }> {
  const res = await call('POST', '/api/v1/submit', {
    body: {
      name,
      url,
      description: `${name}: a test server for claims`,
      category: 'developer-tools',
      email: `owner-${run}@example.com`,
    },
  })
  const body = await res.json()
  expect(res.status).toBe(200)
  return { id: body.id, token: new URL(body.claim_url).searchParams.get('token')! }
}

/** Submits and approves a listing, so it is active. */
async function activeListing(name: string, url: string): Promise<string> {
  const { id } = await submit(name, url)
  expect((await call('POST', `/api/v1/admin/listings/${id}/approve`, { headers: bearer(OPERATOR) })).status).toBe(200)
  return id
}

async function challenge(id: string, token: string) {
  const res = await call('GET', `/api/v1/agent/claim/${id}/challenge`, { headers: bearer(token) })
  expect(res.status).toBe(200)
  return res.json()
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toContain('application/json')
  const body = await res.json()
  // A copy: bun's toMatchObject writes its asymmetric matchers into the object it is given.
  expect({ ...body }).toMatchObject({ error: code, message: expect.any(String) })
  return body
}

let tokenA: string
let tokenB: string

describe('agent claims through the gateway', () => {
  beforeAll(async () => {
    tokenA = await agentToken(`agent-a-${run}@example.com`)
    tokenB = await agentToken(`agent-b-${run}@example.com`)
  }, 30_000)

  test('the challenge names what to publish for each method, personal to the agent', async () => {
    const id = await activeListing(`Challenge Server ${run}`, `http://owner-a.example:${site.port}/mcp`)
    const a = await challenge(id, tokenA)
    const b = await challenge(id, tokenB)
    expect(a.methods.dns).toMatchObject({
      type: 'TXT',
      names: ['_mcp-directory.owner-a.example'],
      value: `mcp-directory-claim=${a.proof}`,
    })
    // The stored address and the root of its site, nothing else.
    expect(a.methods.website_badge.sites).toEqual([
      `http://owner-a.example:${site.port}/`,
      `http://owner-a.example:${site.port}/mcp`,
    ])
    expect(a.methods.website_badge.html).toContain(`claim=${a.proof}`)
    expect(a.methods.website_badge.meta).toBe(`<meta name="mcp-directory-claim" content="${a.proof}">`)
    expect(a.methods.github.markdown).toContain(`claim=${a.proof}`)
    expect(a.proof).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(b.proof).not.toBe(a.proof)
    // Stateless: the same agent gets the same proof again.
    expect((await challenge(id, tokenA)).proof).toBe(a.proof)
  })

  test('dns: success, with the reciprocal badge found on the site; detail agrees; one claimed event', async () => {
    const id = await activeListing(`DNS Server ${run}`, `http://owner-b.example:${site.port}/mcp`)
    const { proof } = await challenge(id, tokenA)
    const failed = await expectError(
      await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenA), body: { id } }),
      400,
      'verification_failed',
    )
    expect(failed.details).toEqual([
      expect.objectContaining({
        method: 'dns',
        where: 'TXT records at _mcp-directory.owner-b.example',
        found: 'none',
        ok: false,
      }),
    ])
    // Published a moment later, with an unrelated record beside it and the value split into two strings: a retry succeeds.
    dns.setTxt('_mcp-directory.owner-b.example', [
      'v=spf1 -all',
      [`mcp-directory-claim=${proof.slice(0, 20)}`, proof.slice(20)],
    ])
    pages.set(
      'owner-b.example',
      `<html><body><a href="${BASE}/servers/${id}"><img src="${BASE}/api/badge/${id}" alt="badge"></a></body></html>`,
    )
    const res = await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenA), body: { id, method: 'dns' } })
    const body = await res.json()
    expect(res.status).toBe(200)
    expect(body).toMatchObject({
      success: true,
      pending: false,
      isOfficial: true,
      reciprocalBadgeOk: true,
      message: expect.any(String),
      reciprocal: { readme: false, website: true },
    })
    const detail = await call('GET', `/api/v1/servers/${id}`)
    expect((await detail.json()).server.isOfficial).toBe(true)
    await waitFor(() => events.filter((e) => e.subject.endsWith('listing.claimed') && e.payload.id === id).length === 1)
    await Bun.sleep(300)
    expect(events.filter((e) => e.subject.endsWith('listing.claimed') && e.payload.id === id)).toHaveLength(1)
    expect(events.find((e) => e.subject.endsWith('listing.claimed') && e.payload.id === id)!.payload).toMatchObject({
      method: 'dns',
      status: 'active',
    })
  })

  test('a proof published for agent A does not let agent B claim', async () => {
    const id = await activeListing(`Bound Server ${run}`, `http://owner-c.example:${site.port}/mcp`)
    const a = await challenge(id, tokenA)
    dns.setTxt('_mcp-directory.owner-c.example', [`mcp-directory-claim=${a.proof}`])
    pages.set(
      'owner-c.example',
      `<html><head><meta name="mcp-directory-claim" content="${a.proof}"></head><body></body></html>`,
    )
    const dnsB = await expectError(
      await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenB), body: { id } }),
      400,
      'verification_failed',
    )
    expect(dnsB.details[0].found).toContain(`mcp-directory-claim=${a.proof}`)
    await expectError(
      await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenB), body: { id, method: 'website_badge' } }),
      400,
      'verification_failed',
    )
    expect((await (await call('GET', `/api/v1/servers/${id}`)).json()).server.isOfficial).toBe(false)
    // Agent A, whose proof it is, succeeds by either method.
    const ok = await call('POST', '/api/v1/agent/claim', {
      headers: bearer(tokenA),
      body: { id, method: 'website_badge', websiteUrl: `http://owner-c.example:${site.port}/` },
    })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ success: true, isOfficial: true, reciprocalBadgeOk: false })
  })

  test('website_badge: the personalized badge on the site counts; a site the listing does not point to does not', async () => {
    const id = await activeListing(`Site Server ${run}`, `http://owner-d.example:${site.port}/mcp`)
    const { proof, methods } = await challenge(id, tokenA)
    // The agent's own site carries the badge, but the listing does not point to it.
    pages.set('human-owner.example', `<html><body>${methods.website_badge.html}</body></html>`)
    const foreign = await expectError(
      await call('POST', '/api/v1/agent/claim', {
        headers: bearer(tokenA),
        body: { id, method: 'website_badge', websiteUrl: `http://human-owner.example:${site.port}/` },
      }),
      400,
      'verification_failed',
    )
    expect(foreign.message).toContain('not a site this listing points to')
    // On the listing's own site: first missing, then present (in a comment it does not count).
    pages.set(
      'owner-d.example',
      `<html><body><!-- <a href="${BASE}/servers/${id}?claim=${proof}">x</a> --><p>hello</p></body></html>`,
    )
    const missing = await expectError(
      await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenA), body: { id, method: 'website_badge' } }),
      400,
      'verification_failed',
    )
    expect(missing.details[0]).toMatchObject({
      method: 'website_badge',
      found: 'no badge or meta tag carrying the proof',
    })
    pages.set('owner-d.example', `<html><body><p>Listed:</p>${methods.website_badge.html}</body></html>`)
    const res = await call('POST', '/api/v1/agent/claim', {
      headers: bearer(tokenA),
      body: { id, method: 'website_badge' },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, pending: false, isOfficial: true })
  })

  test('github: the personalized badge in the README counts; the public badge alone does not', async () => {
    const repo = `gh-owner-${run}/tool`
    const id = await activeListing(`GitHub Server ${run}`, `https://github.com/${repo}`)
    const { methods } = await challenge(id, tokenA)
    expect(methods.github.repository).toBe(repo)
    readmes.set(repo, `# Tool\n\n[![on the directory](${BASE}/api/badge/${id})](${BASE}/servers/${id})\n`)
    const res1 = await expectError(
      await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenA), body: { id, method: 'github' } }),
      400,
      'verification_failed',
    )
    expect(res1.details[0]).toMatchObject({
      method: 'github',
      where: `README of ${repo}`,
      found: 'README has no badge carrying the proof',
    })
    readmes.set(repo, `# Tool\n\n${methods.github.markdown}\n\nMore text.\n`)
    const res = await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenA), body: { id, method: 'github' } })
    expect(res.status).toBe(200)
    // The personalized badge is the public badge too: the README counts as reciprocal.
    expect(await res.json()).toMatchObject({
      success: true,
      reciprocalBadgeOk: true,
      reciprocal: { readme: true, website: false },
    })
  })

  test('a repository homepage counts as a site the listing points to', async () => {
    const repo = `gh-home-${run}/tool`
    homepages.set(repo, `http://homepage.example:${site.port}/`)
    const id = await activeListing(`Homepage Server ${run}`, `https://github.com/${repo}`)
    const { proof, methods } = await challenge(id, tokenA)
    expect(methods.dns.names).toEqual(['_mcp-directory.homepage.example'])
    dns.setTxt('_mcp-directory.homepage.example', [`mcp-directory-claim=${proof}`])
    expect((await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenA), body: { id } })).status).toBe(200)
  })

  test('a pending listing claimed by DNS is visible in search and detail at once, official', async () => {
    const name = `Pending Claim ${run}`
    const { id } = await submit(name, `http://pending-owner.example:${site.port}/mcp`)
    expect((await call('GET', `/api/v1/servers/${id}`)).status).toBe(404)
    const { proof } = await challenge(id, tokenA)
    dns.setTxt('_mcp-directory.pending-owner.example', [`mcp-directory-claim=${proof}`])
    const res = await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenA), body: { id, method: 'dns' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, pending: false, isOfficial: true })
    const detail = await call('GET', `/api/v1/servers/${id}`)
    expect(detail.status).toBe(200)
    expect((await detail.json()).server.isOfficial).toBe(true)
    const search = await (await call('GET', `/api/v1/search?q=${encodeURIComponent(`Pending Claim ${run}`)}`)).json()
    expect(search.servers.find((s: { id: string }) => s.id === id)).toMatchObject({ isOfficial: true })
  })

  test('400 invalid payloads, 404 unknown listing, 401 without a token, 403 without the scope', async () => {
    const bad = await expectError(
      await call('POST', '/api/v1/agent/claim', {
        headers: bearer(tokenA),
        body: { id: 7, method: 'carrier-pigeon', websiteUrl: 'ftp://x' },
      }),
      400,
      'invalid_body',
    )
    expect(bad.details.map((d: { field: string }) => d.field).sort()).toEqual(['id', 'method', 'websiteUrl'])
    await expectError(
      await call('POST', '/api/v1/agent/claim', {
        headers: { ...bearer(tokenA), 'content-type': 'application/json' },
        body: undefined,
      }),
      400,
      'bad_request',
    )
    await expectError(
      await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenA), body: { id: `no-such-listing-${run}` } }),
      404,
      'not_found',
    )
    await expectError(
      await call('GET', `/api/v1/agent/claim/no-such-listing-${run}/challenge`, { headers: bearer(tokenA) }),
      404,
      'not_found',
    )
    await expectError(await call('POST', '/api/v1/agent/claim', { body: { id: 'x' } }), 401, 'unauthorized')
    const noScope = await agentToken(`agent-none-${run}@example.com`, [])
    await expectError(
      await call('POST', '/api/v1/agent/claim', { headers: bearer(noScope), body: { id: 'x' } }),
      403,
      'insufficient_scope',
    )
  })
})

describe('the human path: the claim link', () => {
  test('the holder of claim_url verifies by DNS; the pending listing is approved and official', async () => {
    const name = `Human Claim ${run}`
    const { id, token } = await submit(name, `http://human-owner.example:${site.port}/`)
    await expectError(
      await call('POST', '/api/v1/claim/challenge', { body: { id, token: 'x'.repeat(43) } }),
      403,
      'invalid_claim_token',
    )
    const ch = await call('POST', '/api/v1/claim/challenge', { body: { id, token } })
    expect(ch.status).toBe(200)
    const { proof, methods } = await ch.json()
    expect(methods.dns.names).toEqual(['_mcp-directory.human-owner.example'])
    // The agent's proof for the same listing is a different value.
    expect((await challenge(id, tokenA)).proof).not.toBe(proof)
    const failed = await expectError(
      await call('POST', '/api/v1/claim', { body: { id, token, method: 'dns' } }),
      400,
      'verification_failed',
    )
    expect(failed.details[0].where).toBe('TXT records at _mcp-directory.human-owner.example')
    dns.setTxt('_mcp-directory.human-owner.example', [`mcp-directory-claim=${proof}`])
    const res = await call('POST', '/api/v1/claim', { body: { id, token, method: 'dns' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, pending: false, isOfficial: true })
    const detail = await call('GET', `/api/v1/servers/${id}`)
    expect(detail.status).toBe(200)
    expect((await detail.json()).server.isOfficial).toBe(true)
  })
})

describe('outbound safety: nothing private is fetched', () => {
  const cases: [string, string][] = [
    ['127.0.0.1', 'http://127.0.0.1:PORT/'],
    ['10.0.0.1', 'http://10.0.0.1:PORT/'],
    ['169.254.169.254', 'http://169.254.169.254/'],
    ['[::1]', 'http://[::1]:PORT/'],
    ['[::ffff:127.0.0.1]', 'http://[::ffff:127.0.0.1]:PORT/'],
    ['a name that resolves to a private address', 'http://inside.example:PORT/'],
    ['a name that resolves to loopback', 'http://loopback-name.example:PORT/'],
  ]
  for (const [label, template] of cases) {
    test(`website_badge on ${label} is refused with a clear 400`, async () => {
      const url = template.replace('PORT', String(privateSite.port))
      const token = tokenB
      const id = await activeListing(`SSRF ${label} ${run}`, url)
      const before = privateHits
      const body = await expectError(
        await call('POST', '/api/v1/agent/claim', { headers: bearer(token), body: { id, method: 'website_badge' } }),
        400,
        'verification_failed',
      )
      expect(body.details[0].found).toMatch(/^refused: /)
      expect(body.message).toContain('refused')
      expect(privateHits).toBe(before)
    })
  }

  test('a public-looking site that redirects to a private address is refused at the redirect', async () => {
    for (const path of ['/to-private', '/to-name']) {
      const token = tokenB
      const id = await activeListing(`Redirecting ${path} ${run}`, `http://redirector.example:${site.port}${path}`)
      const before = privateHits
      const body = await expectError(
        await call('POST', '/api/v1/agent/claim', {
          headers: bearer(token),
          body: { id, method: 'website_badge', websiteUrl: `http://redirector.example:${site.port}${path}` },
        }),
        400,
        'verification_failed',
      )
      expect(body.details[0].found).toMatch(/^refused: /)
      expect(privateHits).toBe(before)
    }
  })
})

describe('rate limit on claim attempts', () => {
  /** A claim-verifier that allows 2 claim attempts (and 2 challenges) a minute per claimant, on its own keys. */
  function limitedVerifier(prefix: string, settings: Record<string, string> = {}) {
    const { database, kv, bus } = backing
    const config = testConfig({
      PUBLIC_BASE_URL: BASE,
      DNS_SERVERS: dns.address,
      REDIS_KEY_PREFIX: `${env.REDIS_KEY_PREFIX}${prefix}:`,
      ...settings,
    })
    return createClaimVerifierApp({
      config,
      database,
      kv,
      bus,
      log,
      secret: SECRET,
      catalog: catalogClient((r) => catalog.app.handle(r)),
      submission: submissionClient((r) => submission.app.handle(r)),
      outbound: createOutboundFetcher({ allowPrivate: false }),
      txt: txtLookup([dns.address]),
      readme: githubReadme(config.githubApiUrl, null),
      homepage: githubHomepage(config.githubApiUrl, null, log),
      attempts: { limit: 2, windowMs: 60_000 },
    })
  }

  test('attempts are limited per token, with Retry-After', async () => {
    const limited = limitedVerifier('limit')
    try {
      // As the gateway forwards it: the verified agent in its header.
      const attempt = (agent: string) =>
        limited.app.handle(
          new Request('http://claims/api/v1/agent/claim', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-directory-agent-id': agent },
            body: JSON.stringify({ id: `missing-${run}` }),
          }),
        )
      const agent = `agent-limit-${run}`
      expect((await attempt(agent)).status).toBe(404)
      expect((await attempt(agent)).status).toBe(404)
      const third = await attempt(agent)
      expect(third.status).toBe(429)
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await third.json()).error).toBe('rate_limited')
      // Another agent is not affected.
      expect((await attempt(`${agent}-other`)).status).toBe(404)
    } finally {
      await limited.close()
    }
  })

  test('challenges are limited per token too: each one asks the GitHub API, whose quota every check shares', async () => {
    const limited = limitedVerifier('challenge-limit', { GITHUB_API_URL: `http://127.0.0.1:${github.port}` })
    try {
      const repo = `quota-${run}/quota-server`
      const { id, token } = await submit(`Quota server ${run}`, `https://github.com/${repo}`)
      const asked = () => githubRequests.filter((p) => p === `/repos/${repo}`).length
      // As the gateway forwards it: the verified agent in its header.
      const ask = (agent: string) =>
        limited.app.handle(
          new Request(`http://claims/api/v1/agent/claim/${id}/challenge`, {
            headers: { 'x-directory-agent-id': agent },
          }),
        )
      const agent = `agent-challenge-${run}`
      const before = asked()
      for (let i = 0; i < 5; i++) await ask(agent)
      const over = await ask(agent)
      expect(over.status).toBe(429)
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await over.json()).error).toBe('rate_limited')
      expect(asked() - before).toBe(2)
      // Another agent is not affected.
      expect((await ask(`${agent}-other`)).status).toBe(200)
      // The claim page's challenge is limited per claim link.
      const viaLink = () =>
        limited.app.handle(
          new Request('http://claims/api/v1/claim/challenge', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ id, token }),
          }),
        )
      expect((await viaLink()).status).toBe(200)
      expect((await viaLink()).status).toBe(200)
      expect((await viaLink()).status).toBe(429)
    } finally {
      await limited.close()
    }
  })
})

describe('re-checks', () => {
  test('a failed re-check is recorded but does not revoke; the claim stands within the grace period', async () => {
    const token = tokenB
    dns.setA('recheck.example', [PUBLIC_STAND_IN])
    const id = await activeListing(`Recheck Server ${run}`, `http://recheck.example:${site.port}/`)
    const { proof } = await challenge(id, token)
    dns.setTxt('_mcp-directory.recheck.example', [`mcp-directory-claim=${proof}`])
    expect((await call('POST', '/api/v1/agent/claim', { headers: bearer(token), body: { id } })).status).toBe(200)
    // Make it due now, then remove the proof: the re-check fails, the listing stays official.
    await backing.database.db.execute(
      `update catalog.listing_claims set next_check_at = now() - interval '1 minute' where listing_id = '${id}'` as never,
    )
    dns.remove('_mcp-directory.recheck.example')
    expect(await claims.recheckDue()).toBeGreaterThanOrEqual(1)
    const rows = (await backing.database.db.execute(
      `select c.state, (select count(*) from catalog.claim_checks k where k.claim_id = c.claim_id)::int as checks from catalog.listing_claims c where c.listing_id = '${id}'` as never,
    )) as unknown
    const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      state: string
      checks: number
    }[]
    expect(row).toEqual({ state: 'failing', checks: 1 })
    expect((await (await call('GET', `/api/v1/servers/${id}`)).json()).server.isOfficial).toBe(true)
  })

  test('a claim failing for the whole grace period is revoked: the listing is no longer official', async () => {
    dns.setA('revoked.example', [PUBLIC_STAND_IN])
    const id = await activeListing(`Revoked Server ${run}`, `http://revoked.example:${site.port}/`)
    const { proof } = await challenge(id, tokenB)
    dns.setTxt('_mcp-directory.revoked.example', [`mcp-directory-claim=${proof}`])
    expect((await call('POST', '/api/v1/agent/claim', { headers: bearer(tokenB), body: { id } })).status).toBe(200)
    dns.remove('_mcp-directory.revoked.example')
    // Failing since longer than CLAIM_GRACE_DAYS (7), and due now.
    await backing.database.db.execute(
      `update catalog.listing_claims set state = 'failing', failing_since = now() - interval '8 days', next_check_at = now() - interval '1 minute' where listing_id = '${id}'` as never,
    )
    expect(await claims.recheckDue()).toBeGreaterThanOrEqual(1)
    expect((await (await call('GET', `/api/v1/servers/${id}`)).json()).server.isOfficial).toBe(false)
  })
})

describe('a claim reads only what the listing itself names', () => {
  const claim = (id: string, body: Record<string, unknown>) =>
    call('POST', '/api/v1/agent/claim', { headers: bearer(tokenA), body: { id, ...body } })

  test('reflection through the query or the path: a websiteUrl that adds either is refused unfetched', async () => {
    const id = await activeListing(`Reflect Server ${run}`, `http://reflect.example:${site.port}/`)
    const { proof } = await challenge(id, tokenA)
    const badge = `${BASE}/servers/${id}?claim=${proof}`
    const before = siteRequests.length
    const attacks = [
      `http://reflect.example:${site.port}/?next=${encodeURIComponent(badge)}`,
      `http://reflect.example:${site.port}/?claim=${proof}`,
      `http://reflect.example:${site.port}/${encodeURIComponent(badge)}`,
      `http://reflect.example:${site.port}/servers/${id}`,
      `http://reflect.example:${site.port}/#claim=${proof}`,
    ]
    for (const websiteUrl of attacks) {
      for (const method of ['website_badge', 'dns']) {
        const body = await expectError(await claim(id, { method, websiteUrl }), 400, 'verification_failed')
        expect(body.message).toMatch(/adds a (path or query|fragment)/)
        expect(body.details[0]).toMatchObject({
          where: websiteUrl,
          found: expect.stringContaining(`the listing's pages are http://reflect.example:${site.port}/`),
        })
      }
    }
    // None of those addresses was requested; the site's own page (which echoes only itself) carries no proof.
    expect(siteRequests.slice(before)).toEqual([])
    const own = await expectError(await claim(id, { method: 'website_badge' }), 400, 'verification_failed')
    expect(own.details).toEqual([
      expect.objectContaining({
        where: `http://reflect.example:${site.port}/`,
        found: 'no badge or meta tag carrying the proof',
      }),
    ])
    expect(siteRequests.slice(before)).toEqual([`reflect.example /`])
    expect((await (await call('GET', `/api/v1/servers/${id}`)).json()).server.isOfficial).toBe(false)
  })

  test('a redirect to another origin is refused; one within the origin is followed', async () => {
    const id = await activeListing(`Hop Server ${run}`, `http://hop.example:${site.port}/`)
    const { proof } = await challenge(id, tokenA)
    pages.set('tagged.example', `<html><head><meta name="mcp-directory-claim" content="${proof}"></head></html>`)
    const before = siteRequests.length
    const body = await expectError(await claim(id, { method: 'website_badge' }), 400, 'verification_failed')
    expect(body.message).toContain(`refused: redirect to another origin (http://tagged.example:${site.port})`)
    expect(siteRequests.slice(before)).toEqual(['hop.example /'])

    const same = await activeListing(`Hop Same Server ${run}`, `http://hop-same.example:${site.port}/`)
    const p2 = (await challenge(same, tokenA)).proof
    pages.set('hop-same.example', `<html><head><meta name="mcp-directory-claim" content="${p2}"></head></html>`)
    const ok = await claim(same, { method: 'website_badge' })
    expect(ok.status).toBe(200)
    expect((await ok.json()).checks[0]).toMatchObject({
      where: `http://hop-same.example:${site.port}/home`,
      found: 'the meta tag',
      ok: true,
    })
  })

  test("a proof in a comment, a script, another element's attribute, a <link> or a foreign link does not count; the owner's markup does", async () => {
    const id = await activeListing(`Hidden Server ${run}`, `http://hidden.example:${site.port}/`)
    const { proof, methods } = await challenge(id, tokenA)
    const badge = `${BASE}/servers/${id}?claim=${proof}`
    const hidden: [string, string][] = [
      [
        `<!-- <a href="${badge}">x</a> <meta name="mcp-directory-claim" content="${proof}"> -->`,
        'no badge or meta tag carrying the proof',
      ],
      [`<script>document.write('<a href="${badge}">x</a>')</script>`, 'no badge or meta tag carrying the proof'],
      [
        `<div title='<a href="${badge}">' data-meta='<meta name="mcp-directory-claim" content="${proof}">'></div>`,
        'no badge or meta tag carrying the proof',
      ],
      [
        `<link rel="canonical" href="${badge}"><link rel="me" href="${badge}">`,
        'no badge or meta tag carrying the proof',
      ],
      [
        `<a href="http://hidden.example:${site.port}/?claim=${proof}">x</a>`,
        "the proof only in a link that is not this directory's page or badge of the listing (does not count)",
      ],
    ]
    for (const [markup, found] of hidden) {
      pages.set('hidden.example', `<html><head>${markup}</head><body>${markup}</body></html>`)
      const body = await expectError(await claim(id, { method: 'website_badge' }), 400, 'verification_failed')
      expect(body.details[0]).toMatchObject({ method: 'website_badge', found })
    }
    pages.set(
      'hidden.example',
      `<html><head><title>Hidden</title></head><body>${methods.website_badge.html}</body></html>`,
    )
    expect((await claim(id, { method: 'website_badge' })).status).toBe(200)
  })

  test('shared hosts are neither offered nor accepted, as website or DNS name, with or without a trailing dot', async () => {
    const shared = [
      'github.com',
      'gist.github.com',
      'docs.github.com',
      'huggingface.co',
      'sites.google.com',
      'smithery.ai',
      'registry.npmjs.org',
      'github.com.',
    ]
    for (const [i, host] of shared.entries()) {
      const repo = `shared-${i}-${run}/tool`
      homepages.set(repo, `https://${host}/owner/tool`)
      const id = await activeListing(`Shared Host ${i} ${run}`, `https://github.com/${repo}`)
      const { proof, methods } = await challenge(id, tokenA)
      expect(methods.dns.names).toEqual([])
      expect(methods.website_badge.sites).toEqual([])
      expect(methods.dns.notOffered.map((n: { reason: string }) => n.reason)).toEqual([
        expect.stringContaining('is a shared host'),
        expect.stringContaining('is a shared host'),
      ])
      expect(methods.dns.note).toContain('the listing points to no DNS name of its own')
      // Even with the record published there, a shared host's DNS name is refused before any look-up.
      dns.setTxt(`_mcp-directory.${host.replace(/\.$/, '')}`, [`mcp-directory-claim=${proof}`])
      for (const method of ['dns', 'website_badge']) {
        const picked = await expectError(
          await claim(id, { method, websiteUrl: `https://${host}/owner/tool` }),
          400,
          'verification_failed',
        )
        expect(picked.message).toContain(`websiteUrl is on a shared host: ${host.replace(/\.$/, '')} is a shared host`)
        const unpicked = await expectError(await claim(id, { method }), 400, 'verification_failed')
        expect(unpicked.message).toContain(
          `the listing points to no ${method === 'dns' ? 'DNS name' : 'website'} of its own`,
        )
        expect(unpicked.message).toContain('is a shared host')
      }
      dns.remove(`_mcp-directory.${host.replace(/\.$/, '')}`)
    }
    // A listing whose own address is on a shared host offers nothing there either; its README still works.
    const hf = await activeListing(`HF Listing ${run}`, `https://huggingface.co/spaces/someone/tool-${run}`)
    const ch = await challenge(hf, tokenA)
    expect([ch.methods.dns.names, ch.methods.website_badge.sites]).toEqual([[], []])
  })

  test('a tenant site under a private public suffix counts for its pages, not for DNS', async () => {
    const repo = `alice-${run}/tool`
    homepages.set(repo, `http://alice.github.io:${site.port}/tool`)
    const id = await activeListing(`Pages Server ${run}`, `https://github.com/${repo}`)
    const { proof, methods } = await challenge(id, tokenA)
    expect(methods.website_badge.sites).toEqual([
      `http://alice.github.io:${site.port}/`,
      `http://alice.github.io:${site.port}/tool`,
    ])
    expect(methods.dns.names).toEqual([])
    dns.setTxt('_mcp-directory.alice.github.io', [`mcp-directory-claim=${proof}`])
    const viaDns = await expectError(
      await claim(id, { method: 'dns', websiteUrl: `http://alice.github.io:${site.port}/` }),
      400,
      'verification_failed',
    )
    expect(viaDns.message).toContain('whose DNS the hosting platform runs')
    pages.set('alice.github.io', `<html><body>${methods.website_badge.html}</body></html>`)
    expect(
      (await claim(id, { method: 'website_badge', websiteUrl: `http://alice.github.io:${site.port}/tool` })).status,
    ).toBe(200)
  })

  test("case, a trailing dot and the default port change nothing: the owner's own site still counts", async () => {
    const id = await activeListing(`Dotted Server ${run}`, `http://dotted.example:${site.port}/`)
    const { proof, methods } = await challenge(id, tokenA)
    expect(methods.dns.names).toEqual(['_mcp-directory.dotted.example'])
    dns.setTxt('_mcp-directory.dotted.example', [`mcp-directory-claim=${proof}`])
    const res = await claim(id, { method: 'dns', websiteUrl: `http://DOTTED.Example.:${site.port}/` })
    expect(res.status).toBe(200)
    expect((await res.json()).checks[0]).toMatchObject({
      where: 'TXT records at _mcp-directory.dotted.example',
      ok: true,
    })
  })

  test('a claim won through a route now refused fails its next re-check, and is revoked after the grace period', async () => {
    const id = await activeListing(`Old Reflect Server ${run}`, `http://reflect-old.example:${site.port}/`)
    const claimant = `agent:legacy-${run}`
    const proof = proofFor(SECRET, id, claimant)
    // As won before: the proof reflected through a query the claimant added (the page does carry it there).
    const websiteUrl = `http://reflect-old.example:${site.port}/?next=${encodeURIComponent(`${BASE}/servers/${id}?claim=${proof}`)}`
    const claimId = crypto.randomUUID()
    expect(
      await catalogClient((r) => catalog.app.handle(r)).recordClaim(id, {
        claimId,
        claimant,
        claimantKey: claimant,
        method: 'website_badge',
        websiteUrl,
        evidence: {},
      }),
    ).not.toBeNull()
    // Due at once.
    await backing.database.db.execute(
      `update catalog.listing_claims set next_check_at = now() where claim_id = '${claimId}'` as never,
    )
    expect((await (await call('GET', `/api/v1/servers/${id}`)).json()).server.isOfficial).toBe(true)

    const before = siteRequests.length
    expect(await claims.recheckDue()).toBeGreaterThanOrEqual(1)
    const rows = async () => {
      const r = (await backing.database.db.execute(
        `select c.state, k.details from catalog.listing_claims c join catalog.claim_checks k on k.claim_id = c.claim_id where c.claim_id = '${claimId}' order by k.id desc` as never,
      )) as unknown
      return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as {
        state: string
        details: { checks: { found: string }[] }
      }[]
    }
    const [first] = await rows()
    expect(first!.state).toBe('failing')
    expect(first!.details.checks[0]!.found).toContain('websiteUrl adds a path or query of its own')
    expect(siteRequests.slice(before).filter((r) => r.includes('next='))).toEqual([])

    await backing.database.db.execute(
      `update catalog.listing_claims set failing_since = now() - interval '8 days', next_check_at = now() - interval '1 minute' where claim_id = '${claimId}'` as never,
    )
    expect(await claims.recheckDue()).toBeGreaterThanOrEqual(1)
    expect((await rows())[0]!.state).toBe('revoked')
    // The detail read above is kept until the listing's event (listing.claim_revoked) reaches the catalog.
    const official = async () => (await (await call('GET', `/api/v1/servers/${id}`)).json()).server.isOfficial
    for (const until = Date.now() + 10_000; (await official()) && Date.now() < until; ) await Bun.sleep(50)
    expect(await official()).toBe(false)
  })
})

async function waitFor(cond: () => boolean, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting')
    await Bun.sleep(50)
  }
}
