// The install as a supply-chain boundary, against a local npm registry (real HTTP, real tarballs, the real npm
// client): dependencies that name the host's files, its own loopback or a git repository are refused before
// npm sees them; a tarball that expands past the bound is stopped; a box whose processes together take more
// memory than the box may is stopped; and an install that needs the operator's CA or proxy gets it.
import { afterAll, describe, expect, test } from 'bun:test'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { detectBoxLimits } from '../src/run/boxlimits'
import { DEFAULT_LIMITS } from '../src/run/bwrap'
import { installNetwork } from '../src/run/netconfig'
import { startPackage, type StartOptions } from '../src/run/start'
import { type StandIn, startNpmRegistry } from './registry'
import { bombTarball } from './tarball'

const SECRET = 'host-secret-value-7d1f'
const hostDir = mkdtempSync(join(tmpdir(), 'sandbox-host-'))
chmodSync(hostDir, 0o755)
writeFileSync(join(hostDir, 'secret.tgz'), SECRET)
mkdirSync(join(hostDir, 'pkgdir'))
writeFileSync(join(hostDir, 'pkgdir', 'package.json'), JSON.stringify({ name: 'leak', version: '1.0.0' }))
writeFileSync(join(hostDir, 'pkgdir', 'index.js'), `module.exports = ${JSON.stringify(SECRET)}`)

// A listener on the host's loopback that the dependency specs point at: it must never be asked anything.
let loopbackRequests = 0
const loopback = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: () => {
    loopbackRequests++
    return new Response('no', { status: 404 })
  },
})
const here = `127.0.0.1:${loopback.port}`

const plain = (name: string, dependencies?: Record<string, string>): StandIn => ({
  name,
  dependencies,
  source: `require('./mcp-lines')([{ name: 'hello', description: 'Says hello', inputSchema: { type: 'object' } }])`,
})

/** Each refused spec, as a package depending on it. */
const REFUSED: [string, string][] = [
  ['dep-file-tgz', `file:${join(hostDir, 'secret.tgz')}`],
  ['dep-file-dir', `file:${join(hostDir, 'pkgdir')}`],
  ['dep-link', `link:${join(hostDir, 'pkgdir')}`],
  ['dep-git-file', `git+file://${join(hostDir, 'repo')}`],
  ['dep-http-tarball', `http://${here}/leak-1.0.0.tgz`],
  ['dep-git-http', `git+http://${here}/leak.git`],
  ['dep-github', 'someone/leak#main'],
  ['dep-alias', `npm:leak@git+http://${here}/leak.git`],
  ['dep-workspace', 'workspace:*'],
]

// About 13 MB that expands to 1,600 MiB.
const bomb = bombTarball('bomb', 16, 100 * 1024 * 1024)
const registry = startNpmRegistry([
  ...REFUSED.map(([name, spec]) => plain(name, { leak: spec })),
  plain('dep-transitive', { middle: '^1.0.0' }),
  plain('middle', { leak: `file:${join(hostDir, 'pkgdir')}` }),
  plain('with-registry-deps', { middle2: '1.x' }),
  // A dependency whose latest tag (1.0.0) is not its highest version (1.1.0, clean): npm installs the tagged one.
  plain('dep-on-tagged', { tagged: '^1.0.0' }),
  { ...plain('tagged', { leak: `http://${here}/leak-1.0.0.tgz` }), latest: true },
  { ...plain('tagged'), version: '1.1.0' },
  plain('middle2'),
  { name: 'bomb', source: '', tarball: bomb },
])
const asNobody = process.getuid?.() === 0
const options = (overrides: Partial<StartOptions> = {}): StartOptions => ({
  registries: { npmUrl: registry.url, pypiUrl: 'http://127.0.0.1:9/pypi' },
  limits: { ...DEFAULT_LIMITS, timeMs: 15_000 },
  installTimeoutMs: 60_000,
  asNobody,
  net: installNetwork({}),
  ...overrides,
})
const npm = (identifier: string) => ({ registryType: 'npm' as const, identifier, version: null, variables: [] })

afterAll(() => {
  registry.close()
  loopback.stop(true)
  rmSync(hostDir, { recursive: true, force: true })
})

describe('dependencies that are not registry versions', () => {
  test.each(REFUSED)(
    '%s (%s) is refused, naming the spec',
    async (name, spec) => {
      const r = await startPackage(npm(name), options())
      expect(r.verdict).toBe('install_refused')
      expect(r.detail).toContain(`leak@${spec}`)
      expect(JSON.stringify(r)).not.toContain(SECRET)
      expect(loopbackRequests).toBe(0)
    },
    60_000,
  )

  test('a refused spec deep in the tree is found too', async () => {
    const r = await startPackage(npm('dep-transitive'), options())
    expect(r.verdict).toBe('install_refused')
    expect(r.detail).toContain('middle@1.0.0 depends on leak@file:')
    expect(JSON.stringify(r)).not.toContain(SECRET)
  }, 60_000)

  test('the version npm would install is the one read: a latest tag below the highest version is refused', async () => {
    const r = await startPackage(npm('dep-on-tagged'), options())
    expect(r.verdict).toBe('install_refused')
    expect(r.detail).toContain(`tagged@1.0.0 depends on leak@http://${here}`)
    expect(loopbackRequests).toBe(0)
  }, 60_000)

  test('registry dependencies install and the server runs', async () => {
    const r = await startPackage(npm('with-registry-deps'), options())
    expect(r.detail).toBe('1 tools')
    expect(r.verdict).toBe('ran')
  }, 60_000)

  test('the loopback listener was never asked anything', () => {
    expect(loopbackRequests).toBe(0)
  })
})

describe('bounds', () => {
  test('a 13 MB tarball expanding to 1,600 MiB, past 512 MiB, is stopped while it extracts, the disk growth bounded', async () => {
    const r = await startPackage(npm('bomb'), options())
    expect(r.verdict).toBe('install_refused')
    expect(r.detail).toMatch(/more than 512 MiB/)
    const peak = Number(/(\d+) MiB on disk at most/.exec(r.detail)?.[1])
    console.log(`a ${(bomb.length / 1e6).toFixed(1)} MB tarball of 1,600 MiB: ${r.detail}`)
    expect(peak).toBeGreaterThan(512)
    expect(peak).toBeLessThan(1024)
  }, 120_000)

  test('a box whose processes together pass its memory is stopped: memory_limit', async () => {
    const mode = detectBoxLimits()
    expect(mode.kind === 'per-process' ? mode.why : mode.kind).toMatch(/^cgroup/)
    const hog = {
      name: 'memory-hog',
      source: `const { fork } = require('child_process')
if (process.argv[2] === 'child') { const b = []; setInterval(() => b.push(Buffer.alloc(32 << 20, 1)), 20) }
else {
  for (let i = 0; i < 4; i++) fork(__filename, ['child']).on('exit', () => process.exit(1))
  setTimeout(() => require('./mcp-lines')([{ name: 'x', description: 'x', inputSchema: { type: 'object' } }]), 8000)
}`,
    }
    const hogs = startNpmRegistry([hog])
    try {
      const r = await startPackage(
        npm('memory-hog'),
        options({
          registries: { npmUrl: hogs.url, pypiUrl: '' },
          limits: { ...DEFAULT_LIMITS, timeMs: 15_000, boxMemoryBytes: 384 * 1024 * 1024 },
          boxLimits: mode,
        }),
      )
      expect(r.verdict).toBe('memory_limit')
    } finally {
      hogs.close()
    }
  }, 90_000)
})
