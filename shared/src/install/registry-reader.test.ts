import { afterAll, describe, expect, test } from 'bun:test'
import { npmFacts, pypiFacts, registryReader } from './registry-reader'

// A registry stand-in on loopback: a normal answer, an oversized one, one that never ends, a 500.
const hits: string[] = []
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  idleTimeout: 0,
  fetch: (req) => {
    const path = new URL(req.url).pathname
    hits.push(path)
    if (path === '/@acme%2Fthing/1.2.3')
      return Response.json({
        name: '@acme/thing',
        version: '1.2.3',
        mcpName: 'io.github.acme/thing',
        repository: { type: 'git', url: 'git+https://github.com/acme/thing.git' },
      })
    if (path.startsWith('/huge/'))
      return new Response(`{"x":"${'a'.repeat(1_200_000)}"}`, { headers: { 'content-type': 'application/json' } })
    if (path.startsWith('/slow/')) return new Promise<Response>(() => {})
    if (path.startsWith('/broken/')) return new Response('oops', { status: 500 })
    if (path === '/pypi/acme-thing/json')
      return Response.json({
        info: {
          version: '0.4.0',
          description: 'x\n<!-- mcp-name: io.github.acme/thing -->\n',
          project_urls: { Source: 'https://github.com/acme/thing' },
          home_page: null,
        },
      })
    return Response.json({ error: 'Not found' }, { status: 404 })
  },
})
afterAll(() => server.stop(true))
const base = `http://127.0.0.1:${server.port}`
const reader = registryReader({ npmUrl: base, pypiUrl: `${base}/pypi`, timeoutMs: 500, userAgent: 'test' })
const at = new Date('2026-11-01T00:00:00Z')

describe('registry reader', () => {
  test('npm: one version document; the scoped name encoded; mcpName and repository read', async () => {
    const r = await reader.read('npm', '@acme/thing', '1.2.3', at)
    expect(r).toEqual({
      status: 'read',
      evidence: {
        registryType: 'npm',
        identifier: '@acme/thing',
        version: '1.2.3',
        entryUrl: `${base}/@acme%2Fthing/1.2.3`,
        outcome: 'found',
        mcpNames: ['io.github.acme/thing'],
        repositories: ['git+https://github.com/acme/thing.git'],
        checkedAt: at.toISOString(),
      },
    })
  })

  test('PyPI: the latest when no concrete version is declared; mcp-name lines and project URLs read', async () => {
    const r = await reader.read('pypi', 'acme-thing', 'latest', at)
    expect(r).toMatchObject({
      status: 'read',
      evidence: {
        version: '0.4.0',
        entryUrl: `${base}/pypi/acme-thing/json`,
        mcpNames: ['io.github.acme/thing'],
        repositories: ['https://github.com/acme/thing'],
      },
    })
  })

  test('an unknown package is read as missing; oversized, slow and failing answers are failures, never evidence', async () => {
    expect(await reader.read('npm', 'nobody-mcp', null, at)).toMatchObject({
      status: 'read',
      evidence: { outcome: 'missing', version: null },
    })
    expect(await reader.read('npm', 'huge', null, at)).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('over the limit'),
    })
    expect(await reader.read('npm', 'slow', null, at)).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('no answer'),
    })
    expect(await reader.read('npm', 'broken', null, at)).toEqual({ status: 'failed', reason: 'HTTP 500' })
  })

  test('names that are not package names are never put in a request', async () => {
    const before = hits.length
    for (const bad of ['../admin', '-rf', 'a b', '@x/../y'])
      expect((await reader.read('npm', bad, null, at)).status).toBe('failed')
    expect((await reader.read('pypi', '../../etc', null, at)).status).toBe('failed')
    expect(hits.length).toBe(before)
  })

  test('facts of odd documents: wrong types are ignored, lists bounded', () => {
    expect(npmFacts({ mcpName: 5, repository: ['x'] })).toEqual({ version: null, mcpNames: [], repositories: [] })
    expect(npmFacts({ repository: 'acme/thing' }).repositories).toEqual(['acme/thing'])
    expect(() => npmFacts('nope')).toThrow()
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`u${i}`, `https://example.com/${i}`]))
    expect(pypiFacts({ info: { project_urls: many } }).repositories).toHaveLength(10)
    expect(() => pypiFacts({})).toThrow()
  })
})
