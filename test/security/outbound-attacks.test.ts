// Attacks on the outbound-safety fetcher (shared/src/outbound), every fetch of a user-supplied
// address: address forms that hide a private address, the connection pinned to the checked address (also when
// the environment names a proxy), redirects, and bodies that are endless, slow or compressed bombs.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { createOutboundFetcher } from '@mcp-directory/shared/outbound'
import { startDnsServer } from '@mcp-directory/shared/testing'
import { resolveNpmTree } from '../../services/sandbox/src/run/resolve'
import { outboundFetchers, refusal, standInSite } from './outbound-fetchers'

let dns: Awaited<ReturnType<typeof startDnsServer>>
let site: ReturnType<typeof Bun.serve>
const hits: string[] = []
const zeros = new Uint8Array(64 * 1024 * 1024)
const bombs = {
  gzip: gzipSync(zeros, { level: 9 }),
  br: brotliCompressSync(zeros, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
}

beforeAll(async () => {
  dns = await startDnsServer()
  // The stand-in site also answers redirect loops, compression bombs, and endless and slow bodies.
  site = standInSite(hits, (url) => {
    const text = { 'content-type': 'text/plain' }
    if (url.pathname === '/loop') return new Response(null, { status: 302, headers: { location: '/loop' } })
    if (url.pathname === '/gzip' || url.pathname === '/br')
      return new Response(bombs[url.pathname.slice(1) as 'gzip' | 'br'], {
        headers: { ...text, 'content-encoding': url.pathname.slice(1) },
      })
    if (url.pathname === '/endless') {
      const chunk = new Uint8Array(64 * 1024).fill(97)
      return new Response(new ReadableStream({ pull: (c) => c.enqueue(chunk) }), { headers: text })
    }
    if (url.pathname === '/slow')
      return new Response(
        new ReadableStream({
          async pull(c) {
            await Bun.sleep(100)
            c.enqueue(new Uint8Array([97]))
          },
        }),
        { headers: text },
      )
    return new Response('public page', { headers: text })
  })
  dns.setA('public.example.test', ['127.0.0.1'])
})
afterAll(async () => {
  site?.stop(true)
  await dns?.close()
})

const { strict, withPublicSite } = outboundFetchers(() => dns.address)

describe('address forms (held)', () => {
  for (const url of [
    'http://[::ffff:7f00:1]/',
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b:1::a00:1]/',
    'http://[2002:7f00:1::1]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'http://017700000001/',
    'http://0x7f000001/',
    'http://127.1/',
    'http://127.0.0.1./',
    'http://0/',
    'http://0.1.2.3/',
    'http://[::]/',
    'http://100.64.0.1/',
    'http://198.18.0.1/',
    'http://198.19.255.255/',
    'http://[fd00:ec2::254]/',
    'http://[fc00::1]/',
    'http://[fec0::1]/',
    'http://192.0.0.170/',
  ]) {
    test(`${url} is refused`, async () => {
      expect((await refusal(strict().text(url))).kind).toBe('refused_address')
      expect((await refusal(strict().fetch(url))).kind).toBe('refused_address')
    })
  }

  test('a link-local address with a zone id is not even a URL', async () => {
    expect((await refusal(strict().text('http://[fe80::1%25eth0]/'))).kind).toBe('invalid_url')
  })

  test('a name with a trailing dot is resolved and checked like the name', async () => {
    dns.setA('internal.example.test', ['10.0.0.5'])
    const err = await refusal(strict().text(`http://internal.example.test.:${site.port}/`))
    expect(err.kind).toBe('refused_address')
  })
})

describe('the connection goes to the checked address', () => {
  test('a name only the checking resolver knows is reached: nothing resolved it again (held)', async () => {
    const f = createOutboundFetcher({
      allowPrivate: false,
      resolve: async () => ['127.0.0.1'],
      treatAsPublic: (a) => a === '127.0.0.1',
      timeoutMs: 3000,
    })
    expect((await f.text(`http://only-checked.invalid:${site.port}/pinned`)).body).toBe('public page')
  })

  // Bun's fetch takes HTTP_PROXY from the environment, and for http it asks the proxy for the Host header's name,
  // not the address checked: the proxy resolves the name again (DNS rebinding between check and connect), and
  // reaches whatever it resolves to from inside the operator's network.
  test('HTTP_PROXY in the environment does not carry the request, so no proxy resolves the name again', async () => {
    const asked: string[] = []
    const proxy = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (r) => {
        asked.push(r.url)
        return new Response('from the proxy', { headers: { 'content-type': 'text/plain' } })
      },
    })
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, http_proxy: process.env.http_proxy }
    process.env.HTTP_PROXY = `http://127.0.0.1:${proxy.port}`
    process.env.http_proxy = `http://127.0.0.1:${proxy.port}`
    try {
      // The checking resolver says 127.0.0.1 (the stand-in public site); the proxy would be asked for the name.
      const f = createOutboundFetcher({
        allowPrivate: false,
        resolve: async () => ['127.0.0.1'],
        treatAsPublic: (a) => a === '127.0.0.1',
        timeoutMs: 3000,
      })
      const page = await f.text(`http://rebinding.example.test:${site.port}/via`)
      expect(asked).toEqual([])
      expect(page.body).toBe('public page')
      await f.fetch(`http://rebinding.example.test:${site.port}/via`).then((r) => r.text())
      expect(asked).toEqual([])
    } finally {
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      proxy.stop(true)
    }
  })
})

describe('redirects (held)', () => {
  const via = (to: string) => `http://public.example.test:${site.port}/redirect?to=${encodeURIComponent(to)}`
  for (const to of ['file:///etc/passwd', 'data:text/plain,hi', 'ftp://127.0.0.1/', 'javascript:alert(1)'])
    test(`a redirect to ${to} is not followed`, async () => {
      expect((await refusal(withPublicSite().text(via(to)))).kind).toBe('invalid_url')
    })
  test('a redirect with credentials is not followed', async () => {
    const to = `http://user:pass@public.example.test:${site.port}/`
    expect((await refusal(withPublicSite().text(via(to)))).kind).toBe('invalid_url')
  })
  for (const to of ['http://[::ffff:7f00:2]/', 'http://127.0.0.2/', 'http://[64:ff9b::a9fe:a9fe]/'])
    test(`a redirect to ${to} is refused`, async () => {
      hits.length = 0
      expect((await refusal(withPublicSite().text(via(to)))).kind).toBe('refused_address')
      expect(hits).toEqual(['/redirect'])
    })
  test('a redirect loop stops after 3 redirects', async () => {
    hits.length = 0
    expect((await refusal(withPublicSite().text(`http://public.example.test:${site.port}/loop`))).kind).toBe(
      'too_many_redirects',
    )
    expect(hits.length).toBe(4)
  })
})

describe('bodies (held)', () => {
  test('an endless body stops at the size bound', async () => {
    expect((await refusal(withPublicSite().text(`http://public.example.test:${site.port}/endless`))).kind).toBe(
      'too_large',
    )
  })
  test('a body sent a byte at a time stops at the time bound, for .text and for .fetch', async () => {
    const started = Date.now()
    expect((await refusal(withPublicSite(1500).text(`http://public.example.test:${site.port}/slow`))).kind).toBe(
      'timeout',
    )
    const res = await withPublicSite(1500).fetch(`http://public.example.test:${site.port}/slow`)
    await expect(res.text()).rejects.toThrow()
    expect(Date.now() - started).toBeLessThan(5000)
  })
  for (const encoding of ['gzip', 'br'] as const)
    test(`a ${encoding} bomb (64 MiB of zeros) stops at the size bound, counted after decompression`, async () => {
      expect(bombs[encoding].byteLength).toBeLessThan(70_000)
      const err = await refusal(withPublicSite().text(`http://public.example.test:${site.port}/${encoding}`))
      expect(err.kind).toBe('too_large')
    })
})

// The sandbox's npm resolution: a spec npm reads as a path must be refused before npm runs, whichever group
// declares it. A spec starting with `.` passed as a registry range; as an optional or peer dependency the
// resolver skipped it (npm "skips what it cannot find"), and npm then read it as a directory beside the package
// (`..` gave its lockfile a `node_modules` entry, an optional directory dependency that failed).
describe('sandbox: dependency specs npm reads as paths', () => {
  const net = { env: {}, binds: [], ca: [], proxyFor: () => null, authFor: () => null, source: {} }
  let registry: ReturnType<typeof Bun.serve>
  beforeAll(() => {
    registry = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch(req) {
        const name = decodeURIComponent(new URL(req.url).pathname.slice(1))
        const [group, spec] = name.split('-') as [string, string]
        const specs: Record<string, string> = { dotdot: '..', dot: '.', hidden: '.hidden' }
        const manifest = {
          name,
          version: '1.0.0',
          [`${group}Dependencies`]: { leak: specs[spec] },
          dist: { tarball: `${new URL(req.url).origin}/${name}/-/${name}-1.0.0.tgz` },
        }
        return Response.json({ name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': manifest } })
      },
    })
  })
  afterAll(() => registry?.stop(true))

  for (const group of ['optional', 'peer'])
    for (const spec of ['dotdot', 'dot', 'hidden'])
      test(`a ${group} dependency on ${spec} is refused before npm runs`, async () => {
        const r = await resolveNpmTree(`${group}-${spec}`, 'latest', `http://127.0.0.1:${registry.port}`, net)
        expect(r).toMatchObject({ ok: false, refused: true })
        expect(r.ok ? '' : r.detail).toContain('a path on the host')
      })
})
