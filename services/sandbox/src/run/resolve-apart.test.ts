import { afterAll, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { installNetwork } from './netconfig'
import { resolveNpmTree } from './resolve'
import { resolveNpmTreeApart } from './resolve-apart'

// A registry stand-in on loopback: `plain` resolves, `parent` depends on one that fetches its tarball elsewhere,
// `hang` is never answered (the resolver waits until it is ended).
const hanging: (() => void)[] = []
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(req) {
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
function resolvers(): number[] {
  const out: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === process.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('resolve-child.ts'))
        out.push(Number(entry))
    } catch {}
  }
  return out
}

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
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 'resolve-child.ts')], {
    env: { PATH: process.env.PATH ?? '' },
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'ignore',
  })
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
