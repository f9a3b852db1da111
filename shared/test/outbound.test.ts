// The outbound-safety fetcher: which addresses are refused, redirects re-checked, time, size and type bounded.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createOutboundFetcher, isSameOriginRedirect, OutboundError, refusedAddressReason } from '../src/outbound'
import { startDnsServer } from '../src/testing'

describe('refusedAddressReason', () => {
  test('refuses every non-public address, allows public unicast', () => {
    const refused = [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
      '[::1]',
      // The deprecated IPv4-compatible form of loopback and of a public address.
      '::7f00:1',
      '[::127.0.0.1]',
      '::8.8.8.8',
    ]
    for (const a of refused) expect(refusedAddressReason(a)).not.toBeNull()
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(refusedAddressReason(a)).toBeNull()
    // ::1 is named as the loopback it is, not by the IPv4-compatible form it shares its first bits with.
    expect(refusedAddressReason('::1')).toBe('::1 is a loopback address')
  })
  test('OUTBOUND_ALLOW_PRIVATE lets private addresses through, never metadata', () => {
    expect(refusedAddressReason('127.0.0.1', true)).toBeNull()
    expect(refusedAddressReason('10.0.0.1', true)).toBeNull()
    expect(refusedAddressReason('169.254.169.254', true)).toContain('metadata')
  })
})

describe('createOutboundFetcher', () => {
  let server: ReturnType<typeof Bun.serve>
  let dns: Awaited<ReturnType<typeof startDnsServer>>
  let hits = 0
  beforeAll(async () => {
    dns = await startDnsServer()
    server = Bun.serve({
      hostname: '127.0.0.2',
      port: 0,
      async fetch(req) {
        hits++
        const path = new URL(req.url).pathname
        if (path === '/redirect-private') return Response.redirect('http://127.0.0.1:9/', 302)
        if (path === '/to-other') return Response.redirect(`http://other.example:${server.port}/landing`, 302)
        if (path === '/to-same') return Response.redirect(`http://SITE.example.:${server.port}/landing`, 301)
        if (path.startsWith('/hop')) return Response.redirect(`/hop${Number(path.slice(4) || 0) + 1}`, 302)
        if (path === '/big') return new Response('x'.repeat(600 * 1024), { headers: { 'content-type': 'text/html' } })
        if (path === '/json') return Response.json({ a: 1 })
        if (path === '/slow') {
          await Bun.sleep(2_000)
          return new Response('late', { headers: { 'content-type': 'text/plain' } })
        }
        return new Response(`<p>${req.headers.get('host')} ${req.headers.get('user-agent')}</p>`, {
          headers: { 'content-type': 'text/html' },
        })
      },
    })
    dns.setA('site.example', ['127.0.0.2'])
    dns.setA('mixed.example', ['127.0.0.2', '10.1.2.3'])
    dns.setA('other.example', ['127.0.0.2'])
  })
  afterAll(async () => {
    server.stop(true)
    await dns.close()
  })
  const fetcher = () =>
    createOutboundFetcher({
      allowPrivate: false,
      treatAsPublic: (a) => a === '127.0.0.2',
      resolve: (h) => import('../src/outbound').then((m) => m.addressResolver([dns.address])(h)),
      timeoutMs: 1_000,
    })
  const reason = async (p: Promise<unknown>) => {
    try {
      await p
    } catch (err) {
      expect(err).toBeInstanceOf(OutboundError)
      return (err as OutboundError).reason
    }
    throw new Error('expected a refusal')
  }

  test('connects to the checked address with the name as Host and a fixed User-Agent', async () => {
    const page = await fetcher().text(`http://site.example:${server.port}/`)
    expect(page.body).toContain(`site.example:${server.port}`)
    expect(page.body).toContain('mcp-directory-bot/1.0')
  })
  test('a name with any private address is refused', async () => {
    expect(await reason(fetcher().text(`http://mixed.example:${server.port}/`))).toContain('10.1.2.3')
  })
  test('redirects are re-checked and limited to 3', async () => {
    const before = hits
    expect(await reason(fetcher().text(`http://site.example:${server.port}/redirect-private`))).toContain('loopback')
    expect(hits).toBe(before + 1)
    expect(await reason(fetcher().text(`http://site.example:${server.port}/hop`))).toContain('more than 3 redirects')
  })
  test('same-origin redirects: followed within the origin, refused to another before it is contacted', async () => {
    const same = await fetcher().text(`http://site.example:${server.port}/to-same`, { redirects: 'same-origin' })
    expect(same.url).toBe(`http://site.example.:${server.port}/landing`)
    const before = hits
    const err = await fetcher()
      .text(`http://site.example:${server.port}/to-other`, { redirects: 'same-origin' })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(OutboundError)
    expect(err).toMatchObject({
      kind: 'cross_origin_redirect',
      reason: expect.stringContaining(`refused: redirect to another origin (http://other.example:${server.port})`),
    })
    expect(hits).toBe(before + 1)
    // Without the policy the same redirect is followed (each hop still checked).
    expect((await fetcher().text(`http://site.example:${server.port}/to-other`)).url).toBe(
      `http://other.example:${server.port}/landing`,
    )
  })
  test('isSameOriginRedirect: scheme, host and port, with the https upgrade of the same host', () => {
    const same = (a: string, b: string) => isSameOriginRedirect(new URL(a), new URL(b))
    expect(same('https://a.example/x', 'https://A.EXAMPLE./y')).toBe(true)
    expect(same('http://a.example/', 'https://a.example/')).toBe(true)
    expect(same('https://a.example/', 'http://a.example/')).toBe(false)
    expect(same('http://a.example:8080/', 'https://a.example/')).toBe(false)
    expect(same('https://a.example/', 'https://a.example:8443/')).toBe(false)
    expect(same('https://a.example/', 'https://www.a.example/')).toBe(false)
    expect(same('https://a.example/', 'https://b.example/')).toBe(false)
  })
  test('size, media type and time are bounded', async () => {
    expect(await reason(fetcher().text(`http://site.example:${server.port}/big`))).toContain('limit')
    expect(await reason(fetcher().text(`http://site.example:${server.port}/json`))).toContain('only HTML or text')
    expect(await reason(fetcher().text(`http://site.example:${server.port}/slow`))).toContain('within')
  })
  test('non-http schemes and credentials are refused', async () => {
    expect(await reason(fetcher().text('file:///etc/passwd'))).toContain('scheme')
    expect(await reason(fetcher().text(`http://user:pw@site.example:${server.port}/`))).toContain('credentials')
  })
})
