// The PyPI install as a supply-chain boundary, against a local index (real HTTP, real wheels, the real pip): a
// dependency anywhere in the tree that is a direct reference (`name @ url`) is refused before pip fetches it, so
// an sdist there never runs its setup code in the install box; index dependencies install and the server runs.
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_LIMITS } from '../src/run/bwrap'
import { installNetwork } from '../src/run/netconfig'
import { startPackage, type StartOptions } from '../src/run/start'
import { PYTHON_SERVER, startPypiIndex } from './pypi-index'

// A listener on the host's loopback serving an sdist whose setup.py calls back: it must never be asked anything.
const loopbackAsked: string[] = []
const work = mkdtempSync(join(tmpdir(), 'sandbox-sdist-'))
const loopback = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (req) => {
    loopbackAsked.push(new URL(req.url).pathname)
    return new Response(Bun.file(join(work, 'leak-1.0.tar.gz')))
  },
})
const here = `http://127.0.0.1:${loopback.port}`
writeSdist()

function writeSdist() {
  const src = join(work, 'leak-1.0')
  mkdirSync(src)
  writeFileSync(join(src, 'PKG-INFO'), 'Metadata-Version: 2.1\nName: leak\nVersion: 1.0\n')
  writeFileSync(
    join(src, 'setup.py'),
    `import urllib.request\ntry: urllib.request.urlopen('${here}/setup-ran', timeout=3)\nexcept Exception: pass\nfrom setuptools import setup\nsetup(name='leak', version='1.0')\n`,
  )
  Bun.spawnSync(['tar', 'czf', join(work, 'leak-1.0.tar.gz'), '-C', work, 'leak-1.0'])
}

const index = startPypiIndex([
  { name: 'outer', requires: ['middle'], source: PYTHON_SERVER },
  { name: 'middle', requires: [`leak @ ${here}/leak-1.0.tar.gz`] },
  // No space before the `@`: a direct reference too.
  { name: 'tight', requires: [`leak@${here}/leak-1.0.tar.gz`], source: PYTHON_SERVER },
  { name: 'withdeps', requires: ['helper'], source: PYTHON_SERVER },
  { name: 'helper' },
])

const options = (): StartOptions => ({
  registries: { npmUrl: 'http://127.0.0.1:9', pypiUrl: index.url },
  limits: { ...DEFAULT_LIMITS, timeMs: 15_000 },
  installTimeoutMs: 60_000,
  asNobody: process.getuid?.() === 0,
  net: installNetwork({}),
})
const pypi = (identifier: string) => ({ registryType: 'pypi' as const, identifier, version: null, variables: [] })

afterAll(() => {
  index.close()
  loopback.stop(true)
  rmSync(work, { recursive: true, force: true })
})

describe('PyPI dependencies that are direct references', () => {
  test('a direct reference in a dependency is refused, naming it; the loopback is never asked', async () => {
    const r = await startPackage(pypi('outer'), options())
    expect(loopbackAsked).toEqual([])
    expect(r.verdict).toBe('install_refused')
    expect(r.detail).toContain(`middle requires leak@ ${here}/leak-1.0.tar.gz`)
  }, 90_000)

  test('one written without a space before `@` is refused too', async () => {
    const r = await startPackage(pypi('tight'), options())
    expect(loopbackAsked).toEqual([])
    expect(r.verdict).toBe('install_refused')
    expect(r.detail).toContain(`${here}/leak-1.0.tar.gz`)
  }, 90_000)

  test('index dependencies install and the server runs', async () => {
    const r = await startPackage(pypi('withdeps'), options())
    expect(r.detail).toBe('1 tools')
    expect(r.verdict).toBe('ran')
  }, 90_000)
})
