// Real servers started in the sandbox (bubblewrap, no network, no host files, bounded), installed by npm from a
// local registry or taken from the lockfile's node_modules: never the network.
import { afterAll, describe, expect, test } from 'bun:test'
import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scanTools } from '@mcp-directory/shared/toolscan'
import { DEFAULT_LIMITS } from '../src/run/bwrap'
import { startPackage, type StartOptions } from '../src/run/start'
import { standIns, startNpmRegistry } from './registry'

// A temp directory of this file's own: other processes on the machine may have starts in flight in the shared one.
const sharedTmp = process.env.TMPDIR
const ownTmp = mkdtempSync(join(tmpdir(), 'sandbox-start-test-'))
chmodSync(ownTmp, 0o755)
process.env.TMPDIR = ownTmp

// A host service the escape attempt tries to reach, and a host file it tries to read.
let connections = 0
const host = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { open: () => void connections++, data: () => {} } })
const secretDir = mkdtempSync(join(tmpdir(), 'sandbox-secret-'))
const secret = join(secretDir, 'credentials')
writeFileSync(secret, 'host-secret-value')

const registry = startNpmRegistry(standIns(host.port, secret))
const ROOT_NODE_MODULES = join(import.meta.dir, '../../../node_modules')
const asNobody = process.getuid?.() === 0
const options = (overrides: Partial<StartOptions> = {}): StartOptions => ({
  registries: { npmUrl: registry.url, pypiUrl: 'http://127.0.0.1:9/pypi' },
  limits: { ...DEFAULT_LIMITS, timeMs: 15_000, outputBytes: 1024 * 1024 },
  installTimeoutMs: 60_000,
  asNobody,
  ...overrides,
})
const npm = (identifier: string, variables: string[] = []) => ({
  registryType: 'npm' as const,
  identifier,
  version: null,
  variables,
})
const leftovers = () => readdirSync(tmpdir()).filter((f) => f.startsWith('mcp-sandbox-'))

afterAll(() => {
  registry.close()
  host.stop(true)
  rmSync(secretDir, { recursive: true, force: true })
  rmSync(ownTmp, { recursive: true, force: true })
  // Other test files of this run use the shared one again.
  if (sharedTmp === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = sharedTmp
})

describe('sandbox starts', () => {
  test('@modelcontextprotocol/server-everything from the lockfile: tools, prompts and resources listed', async () => {
    const r = await startPackage(
      npm('@modelcontextprotocol/server-everything'),
      options({ registries: { npmUrl: registry.url, pypiUrl: '', nodeModules: ROOT_NODE_MODULES } }),
    )
    expect(r.detail).toMatch(/tools$/)
    expect(r.verdict).toBe('ran')
    expect(r.tools!.map((t) => t.name)).toContain('echo')
    expect(r.promptCount).toBeGreaterThan(0)
    expect(r.resourceCount).toBeGreaterThan(0)
    expect(Object.keys(r.steps)).toEqual(expect.arrayContaining(['install', 'initialize', 'tools', 'total']))
  }, 60_000)

  test('a server that demands an API key gets a placeholder, stops naming it: asked for keys', async () => {
    const r = await startPackage(npm('demands-key', ['EXAMPLE_API_KEY']), options())
    expect(r.verdict).toBe('asked_for_keys')
    expect(r.variable).toBe('EXAMPLE_API_KEY')
  }, 60_000)

  test('a package that reaches for the network, a host file, /usr/local or more than its /tmp gets none of them', async () => {
    const r = await startPackage(npm('escape-attempt'), options())
    expect(r.verdict).toBe('ran')
    const seen = JSON.parse(r.tools![0]!.description!) as Record<string, string>
    // Its own loopback only: nothing listens there, and the host's listener saw no connection.
    expect(seen.network).toBe('ECONNREFUSED')
    expect(seen.dns).not.toBe('resolved')
    expect(connections).toBe(0)
    // The host file is not there at all; the root is read-only; its private home is writable.
    expect(seen.file).toBe('ENOENT')
    expect(seen.write).toMatch(/EROFS|EACCES/)
    expect(seen.home).toBe('written')
    // No /usr/local of the host (its global npmrc, its tools); /tmp is a tmpfs of 256 MiB, not half the host's memory.
    expect(seen.usrLocal).toBe('hidden')
    expect(seen.tmpFull).toBe('ENOSPC')
  }, 60_000)

  test('a server that never answers is killed at the time limit', async () => {
    const r = await startPackage(npm('never-answers'), options({ limits: { ...DEFAULT_LIMITS, timeMs: 3000 } }))
    expect(r.verdict).toBe('timeout')
    expect(r.steps.install).toBeGreaterThan(0)
  }, 60_000)

  test('a server that floods stdout is cut at the output limit', async () => {
    const r = await startPackage(npm('floods'), options({ limits: { ...DEFAULT_LIMITS, outputBytes: 256 * 1024 } }))
    expect(r.verdict).toBe('output_limit')
    expect(r.stdoutBytes).toBeGreaterThan(256 * 1024)
    expect(r.stdoutBytes).toBeLessThan(256 * 1024 + 512 * 1024)
  }, 60_000)

  test('a tool description carrying a hidden instruction is listed, and the scan flags it high', async () => {
    const r = await startPackage(npm('poisoned'), options())
    expect(r.verdict).toBe('ran')
    const risk = scanTools(r.tools!, { name: 'io.test/poisoned' }, new Date().toISOString())
    expect(risk.level).toBe('high')
    expect(risk.findings.map((f) => f.kind)).toContain('hidden_instruction')
  }, 60_000)

  test('a package the registry does not have: package missing', async () => {
    const r = await startPackage(npm('no-such-package'), options())
    expect(r.verdict).toBe('package_missing')
  }, 60_000)

  test('PyPI: an index that does not answer is an install failure; one that has no such project, package missing', async () => {
    const pypi = (pypiUrl: string) =>
      startPackage(
        { registryType: 'pypi', identifier: 'no-such-project', version: null, variables: [] },
        options({ registries: { npmUrl: registry.url, pypiUrl } }),
      )
    expect((await pypi('http://127.0.0.1:9/pypi')).verdict).toBe('install_failed')
    const index = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('Not Found', { status: 404 }) })
    try {
      expect((await pypi(`http://127.0.0.1:${index.port}/pypi`)).verdict).toBe('package_missing')
    } finally {
      index.stop(true)
    }
  }, 90_000)

  test('nothing is left behind', () => {
    expect(leftovers()).toEqual([])
  })
})
