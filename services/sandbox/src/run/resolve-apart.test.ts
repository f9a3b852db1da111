import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cmdline, descendants } from '@mcp-directory/shared/testing'
import { installNetwork } from './netconfig'
import { resolveNpmTree } from './resolve'
import { resolveNpmTreeApart, spawnResolver } from './resolve-apart'

// A registry stand-in on loopback: `plain` resolves, `parent` depends on one that fetches its tarball elsewhere,
// `hang` is never answered (the resolver waits until it is ended).
const hanging: (() => void)[] = []
// The Authorization headers the registry was sent.
const authorizations: string[] = []
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
    const auth = req.headers.get('authorization')
    if (auth) authorizations.push(auth)
    const name = decodeURIComponent(new URL(req.url).pathname.slice(1))
    if (name === 'hang') return new Promise<Response>((resolve) => hanging.push(() => resolve(new Response(null))))
    if (name === 'gone') return new Response('not found', { status: 404 })
    const own = `${new URL(req.url).origin}/${name}/-/${name}-1.0.0.tgz`
    const manifest: Record<string, unknown> = { name, version: '1.0.0', dist: { tarball: own } }
    if (name === 'elsewhere') manifest.dist = { tarball: 'http://127.0.0.1:6379/elsewhere-1.0.0.tgz' }
    if (name === 'parent') manifest.dependencies = { elsewhere: '^1.0.0', plain: '1' }
    return Response.json({ name, 'dist-tags': { latest: '1.0.0' }, versions: { '1.0.0': manifest } })
  },
})
afterAll(() => {
  for (const answer of hanging) answer()
  server.stop(true)
})
const registry = `http://127.0.0.1:${server.port}`
const net = installNetwork({})

/** The processes this one started that still run the resolver. */
const resolvers = () => descendants(process.pid).filter((p) => cmdline(p).includes('resolve-child.ts'))

test('the resolution in a process of its own answers what it answers in this one', async () => {
  for (const name of ['plain', 'parent', 'gone', 'elsewhere']) {
    const apart = await resolveNpmTreeApart(name, 'latest', registry, net)
    expect(apart).toEqual(await resolveNpmTree(name, 'latest', registry, net))
  }
  expect(await resolveNpmTreeApart('plain', 'latest', registry, net)).toEqual({
    ok: true,
    packages: 1,
    version: '1.0.0',
  })
  expect(resolvers()).toEqual([])
})

test('ended with its time bound: the resolution fails at once and its process is gone', async () => {
  const controller = new AbortController()
  const pending = resolveNpmTreeApart('hang', 'latest', registry, net, controller.signal)
  await Bun.sleep(300)
  controller.abort()
  const r = await pending
  expect(r).toMatchObject({ ok: false, refused: false, missing: false })
  expect(r.ok ? '' : r.detail).toContain('time for the install ran out')
  await Bun.sleep(100)
  expect(resolvers()).toEqual([])
})

test('the resolver ends when the directory that asked is gone (its standard input closed)', async () => {
  const child = spawnResolver({})
  const request = { name: 'hang', range: 'latest', registry, runtime: { nodeVersion: 'v20.0.0', npmVersion: null } }
  child.stdin.write(`${JSON.stringify(request)}\n`)
  await child.stdin.flush()
  await Bun.sleep(300)
  // Still waiting for the registry: it has not ended by itself.
  expect(child.exitCode).toBeNull()
  child.stdin.end()
  const ended = await Promise.race([child.exited, Bun.sleep(10_000).then(() => 'still running')])
  child.kill('SIGKILL')
  expect(ended).not.toBe('still running')
})

test("the resolver reads no .env where the directory runs: the operator's secrets there never reach it", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'resolver-env-'))
  const home = process.cwd()
  try {
    // A .env naming an npmrc whose token is for this registry: read, it would be sent as Authorization.
    writeFileSync(join(dir, 'npmrc'), `//127.0.0.1:${server.port}/:_authToken=from-the-env-file\n`)
    writeFileSync(join(dir, '.env'), `SANDBOX_NPMRC=${join(dir, 'npmrc')}\n`)
    process.chdir(dir)
    authorizations.length = 0
    expect(await resolveNpmTreeApart('plain', 'latest', registry, net)).toMatchObject({ ok: true })
    expect(authorizations).toEqual([])
  } finally {
    process.chdir(home)
    rmSync(dir, { recursive: true, force: true })
  }
})
