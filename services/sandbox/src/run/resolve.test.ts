import { afterAll, describe, expect, test } from 'bun:test'
import type { InstallNetwork } from './netconfig'
import { pickVersion, resolveNpmTree, slimPackument } from './resolve'

// A registry stand-in on loopback whose versions point npm elsewhere than the registry.
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    const name = decodeURIComponent(new URL(req.url).pathname.slice(1))
    const own = `${new URL(req.url).origin}/${name}/-/${name}-1.0.0.tgz`
    const manifest: Record<string, unknown> = { name, version: '1.0.0', dist: { tarball: own } }
    if (name === 'wrapped') manifest._hasShrinkwrap = true
    if (name === 'elsewhere') manifest.dist = { tarball: 'http://127.0.0.1:6379/elsewhere-1.0.0.tgz' }
    if (name === 'parent') manifest.dependencies = { wrapped: '^1.0.0' }
    if (name === 'uses-tagged') manifest.dependencies = { tagged: '^1.0.0' }
    if (name === 'tagged') {
      // Its latest tag (1.0.0) is not its highest version (1.1.0, clean), and fetches its tarball elsewhere.
      const clean = { name, version: '1.1.0', dist: { tarball: own.replace('1.0.0', '1.1.0') } }
      manifest.dist = { tarball: 'http://127.0.0.1:6379/tagged-1.0.0.tgz' }
      return Response.json({ name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': manifest, '1.1.0': clean } })
    }
    return Response.json({ name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': manifest } })
  },
})
afterAll(() => server.stop(true))
const registry = `http://127.0.0.1:${server.port}`
const net: InstallNetwork = { env: {}, binds: [], ca: [], proxyFor: () => null, authFor: () => null, source: {} }

test('a version whose tarball is elsewhere than the registry is refused before npm runs', async () => {
  const r = await resolveNpmTree('elsewhere', 'latest', registry, net)
  expect(r).toMatchObject({ ok: false, refused: true, spec: 'elsewhere@1.0.0' })
})

test('a version that ships an npm-shrinkwrap.json is refused, in the tree as at its root', async () => {
  expect(await resolveNpmTree('wrapped', 'latest', registry, net)).toMatchObject({ ok: false, refused: true })
  expect(await resolveNpmTree('parent', 'latest', registry, net)).toMatchObject({
    ok: false,
    refused: true,
    spec: 'wrapped@1.0.0',
  })
})

test("a version with the registry's own tarball resolves", async () => {
  expect(await resolveNpmTree('plain', 'latest', registry, net)).toEqual({ ok: true, packages: 1, version: '1.0.0' })
})

describe('the version checked is the one npm installs', () => {
  const packument = (latest: string, versions: Record<string, Record<string, unknown>>) => ({
    name: 'p',
    'dist-tags': { latest },
    versions: Object.fromEntries(Object.entries(versions).map(([v, m]) => [v, { name: 'p', version: v, ...m }])),
  })
  const runtime = { nodeVersion: 'v22.0.0', npmVersion: '11.0.0' }

  test('the latest tag when it satisfies the range, not the highest version', () => {
    const p = packument('1.0.0', { '1.0.0': {}, '1.1.0': {} })
    expect(pickVersion(p, '^1.0.0', runtime)).toBe('1.0.0')
    expect(pickVersion(p, '>=1.1.0', runtime)).toBe('1.1.0')
    expect(pickVersion(p, 'latest', runtime)).toBe('1.0.0')
  })

  test('past the tag: the highest not deprecated, and fit for this node', () => {
    const p = packument('0.9.0', {
      '0.9.0': {},
      '1.0.0': {},
      '1.1.0': { deprecated: 'broken' },
      '1.2.0': { engines: { node: '>=99' } },
    })
    expect(pickVersion(p, '^1.0.0', runtime)).toBe('1.0.0')
    expect(pickVersion(p, '^2.0.0', runtime)).toBeNull()
  })

  test('a dependency whose latest tag is not its highest version: the tagged one is the one read', async () => {
    expect(await resolveNpmTree('uses-tagged', 'latest', registry, net)).toMatchObject({
      ok: false,
      refused: true,
      spec: 'tagged@1.0.0',
    })
  })
})

describe('a packument cut to what the resolution reads', () => {
  // What a version keeps, beside its tarball's address.
  const kept = {
    version: '2.1.0',
    engines: { node: '>=999' },
    _hasShrinkwrap: true,
    optionalDependencies: { b: '^1' },
    peerDependencies: { c: '^1' },
  }
  const full = {
    name: 'cut',
    'dist-tags': { latest: '2.0.0', next: '3.0.0-rc.1' },
    versions: {
      '1.0.0': { name: 'cut', version: '1.0.0', dist: { tarball: 'https://r/cut-1.0.0.tgz', integrity: 'x' } },
      '2.0.0': {
        name: 'cut',
        version: '2.0.0',
        deprecated: 'use 2.1',
        bin: { cut: 'bin.js' },
        dist: { tarball: 'https://r/cut-2.0.0.tgz', signatures: [{ sig: 'y' }] },
        dependencies: { a: '^1' },
      },
      '2.1.0': { ...kept, dist: { tarball: 'https://elsewhere/cut-2.1.0.tgz', fileCount: 3 }, bin: { x: 'x.js' } },
      '3.0.0-rc.1': { version: '3.0.0-rc.1', dist: { tarball: 'https://r/cut-3.tgz' } },
    },
  }

  test('npm chooses the same version from it for every kind of range', () => {
    const slim = slimPackument(structuredClone(full))
    for (const range of ['latest', 'next', '*', '^1', '^2', '>=2', '2.1.0', '^3.0.0-0', '^9'])
      expect(pickVersion(slim, range)).toBe(pickVersion(full, range))
  })

  test('it keeps what the checks read: dependencies, the shrinkwrap and the tarball', () => {
    const slim = slimPackument(structuredClone(full))
    expect(slim.versions?.['2.1.0']).toEqual({ ...kept, dist: { tarball: 'https://elsewhere/cut-2.1.0.tgz' } })
    expect(slim.versions?.['2.0.0']).toMatchObject({ deprecated: 'use 2.1', dependencies: { a: '^1' } })
    expect(JSON.stringify(slim)).not.toContain('signatures')
  })
})
