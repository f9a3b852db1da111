// Both protocol eras in the sandbox: a stdio server built with the official SDK v2 that speaks only 2026-07-28,
// and one that speaks only 2025-06-18, each bundled into a stand-in package and installed from the local registry.
// The sandbox's client asks server/discover first and falls back to initialize: both run, each era recorded.
import { afterAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { DEFAULT_LIMITS } from '../src/run/bwrap'
import { startPackage } from '../src/run/start'
import { startNpmRegistry } from './registry'

/** The era server bundled (the SDK inlined) for one era, as the source of a package's index.js. */
async function bundled(era: 'modern' | 'legacy'): Promise<string> {
  const out = await Bun.build({
    entrypoints: [join(import.meta.dir, 'packages/era-server.ts')],
    target: 'node',
    format: 'cjs',
    define: { ERA: JSON.stringify(era) },
  })
  if (!out.success) throw new Error(out.logs.join('\n'))
  return (await out.outputs[0]!.text()).replace(/^#!.*\n/, '')
}

const registry = startNpmRegistry([
  { name: 'era-modern', source: await bundled('modern') },
  { name: 'era-legacy', source: await bundled('legacy') },
])
afterAll(() => registry.close())

const start = (identifier: string) =>
  startPackage(
    { registryType: 'npm', identifier, version: null, variables: [] },
    {
      registries: { npmUrl: registry.url, pypiUrl: 'http://127.0.0.1:9/pypi' },
      limits: { ...DEFAULT_LIMITS, timeMs: 20_000, outputBytes: 4 * 1024 * 1024 },
      installTimeoutMs: 60_000,
      asNobody: process.getuid?.() === 0,
    },
  )

test('a server that speaks only 2026-07-28 runs through server/discover; its era and ttlMs recorded', async () => {
  const r = await start('era-modern')
  expect({ verdict: r.verdict, detail: r.detail }).toEqual({ verdict: 'ran', detail: '1 tools' })
  expect(r.tools?.map((t) => t.name)).toEqual(['echo'])
  expect(r.protocol).toEqual({ version: '2026-07-28', era: 'modern', ttlMs: 60_000, source: 'sandbox' })
}, 90_000)

test('a server that speaks only 2025-06-18 runs through the 2025 handshake; its era recorded', async () => {
  const r = await start('era-legacy')
  expect({ verdict: r.verdict, detail: r.detail }).toEqual({ verdict: 'ran', detail: '1 tools' })
  expect(r.tools?.map((t) => t.name)).toEqual(['echo'])
  expect(r.protocol).toEqual({ version: '2025-06-18', era: 'legacy', ttlMs: null, source: 'sandbox' })
}, 90_000)
