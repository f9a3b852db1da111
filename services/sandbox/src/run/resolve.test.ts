import { afterAll, expect, test } from 'bun:test'
import type { InstallNetwork } from './netconfig'
import { resolveNpmTree } from './resolve'

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
    return Response.json({ name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': manifest } })
  },
})
afterAll(() => server.stop(true))
const registry = `http://127.0.0.1:${server.port}`
const net: InstallNetwork = { env: {}, binds: [], ca: [], proxyFor: () => null, authFor: () => null }

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
  expect(await resolveNpmTree('plain', 'latest', registry, net)).toEqual({ ok: true, packages: 1 })
})
