// SSRF: every fetch of a user-supplied address goes through createOutboundFetcher (shared/src/outbound), which
// the claim verification and the prober use. With private addresses not allowed, none of these is fetched:
// loopback, private, link-local (cloud metadata), IPv6 loopback, IPv4-mapped IPv6, a name that resolves to a
// private address (answered by a real DNS server on loopback), and a public-looking site that redirects to one.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createLogger } from '@mcp-directory/shared/log'
import { startDnsServer, testConfig } from '@mcp-directory/shared/testing'
import { claimVerifierDepsFrom } from '@mcp-directory/claim-verifier'
import { outboundFetchers, refusal, standInSite } from './outbound-fetchers'

let dns: Awaited<ReturnType<typeof startDnsServer>>
let site: ReturnType<typeof Bun.serve>
const hits: string[] = []

beforeAll(async () => {
  dns = await startDnsServer()
  site = standInSite(
    hits,
    () => new Response('<html><body>public page</body></html>', { headers: { 'content-type': 'text/html' } }),
  )
  dns.setA('public.example.test', ['127.0.0.1'])
  dns.setA('internal.example.test', ['10.0.0.5'])
  dns.setA('metadata.example.test', ['169.254.169.254'])
  dns.setAaaa('loopback6.example.test', ['::1'])
  // One public and one private address: either may be used, so the name is refused.
  dns.setA('mixed.example.test', ['93.184.216.34', '127.0.0.1'])
})
afterAll(async () => {
  site?.stop(true)
  await dns?.close()
})

const { strict, withPublicSite } = outboundFetchers(() => dns.address)

describe('outbound fetches with private addresses not allowed', () => {
  const literal = [
    'http://127.0.0.1/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://192.168.1.1/',
    'http://172.16.0.1/',
    'http://100.64.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
  ]
  for (const url of literal) {
    test(`${url} is refused by .text and by .fetch`, async () => {
      const f = strict()
      expect((await refusal(f.text(url))).kind).toBe('refused_address')
      expect((await refusal(f.fetch(url))).kind).toBe('refused_address')
    })
  }

  for (const host of [
    'internal.example.test',
    'metadata.example.test',
    'loopback6.example.test',
    'mixed.example.test',
  ]) {
    test(`a name resolving to a private address (${host}) is refused`, async () => {
      const err = await refusal(strict().text(`http://${host}:${site.port}/`))
      expect(err.kind).toBe('refused_address')
      expect(err.reason).toContain(host)
    })
  }

  test('the stand-in public site itself is fetched (the control for the refusals)', async () => {
    const page = await withPublicSite().text(`http://public.example.test:${site.port}/page`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('public page')
  })

  const targets = [
    () => 'http://10.0.0.1/',
    () => 'http://169.254.169.254/latest/meta-data/',
    () => `http://127.0.0.2:${site.port}/secret`,
    () => `http://[::1]:${site.port}/secret`,
    () => `http://internal.example.test:${site.port}/secret`,
    () => `http://[::ffff:127.0.0.1]:${site.port}/secret`,
  ]
  for (const [i, target] of targets.entries()) {
    test(`a public-looking site redirecting to a private address is refused at the redirect (${i + 1})`, async () => {
      hits.length = 0
      const url = `http://public.example.test:${site.port}/redirect?to=${encodeURIComponent(target())}`
      expect((await refusal(withPublicSite().text(url))).kind).toBe('refused_address')
      expect((await refusal(withPublicSite().fetch(url))).kind).toBe('refused_address')
      expect(hits).toEqual(['/redirect', '/redirect'])
    })
  }

  test('schemes other than http and https, and URLs with credentials, are not fetched', async () => {
    for (const url of [
      'file:///etc/passwd',
      'gopher://127.0.0.1/',
      'ftp://example.com/',
      `http://user:pass@public.example.test:${site.port}/`,
    ]) {
      expect((await refusal(withPublicSite().text(url))).kind).toBe('invalid_url')
    }
  })
})

describe('components', () => {
  test('the claim verifier, wired from configuration without OUTBOUND_ALLOW_PRIVATE, refuses every private address', async () => {
    const unused = async () => new Response(null, { status: 500 })
    const { outbound } = claimVerifierDepsFrom(
      testConfig({ DNS_SERVERS: dns.address }),
      createLogger('test', 'silent'),
      { catalog: unused, submission: unused },
    )
    for (const url of [
      'http://127.0.0.1/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      `http://internal.example.test:${site.port}/`,
    ]) {
      expect((await refusal(outbound.text(url))).kind).toBe('refused_address')
    }
  })
})
