// docs/configuration.md names every variable the code reads: those the config parser asks for (recorded as it reads
// an empty environment, and named in its source, since some are read only when others are set) and those a service
// reads on its own (`env('…')`). A variable added to the code without a line in the doc fails here.
import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig, SERVICE_URL_VARS } from '../src/config'

const root = join(import.meta.dir, '..', '..')
const doc = readFileSync(join(root, 'docs/configuration.md'), 'utf8')

/** Every variable the config parser reads from an empty environment. */
function readByParser(): Set<string> {
  const read = new Set<string>()
  const env = new Proxy({} as Record<string, string | undefined>, {
    get: (_, k) => {
      if (typeof k === 'string') read.add(k)
      return undefined
    },
  })
  loadConfig(env)
  return read
}

/** Variable names in TypeScript sources under `dir` (tests aside) matched by `pattern`'s first group. */
function namedIn(dir: string, pattern: RegExp): Set<string> {
  const out = new Set<string>()
  for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8')
    for (const m of text.matchAll(pattern)) out.add(m[1]!)
  }
  return out
}

test('docs/configuration.md names every variable the code reads', () => {
  const parsed = readByParser()
  // The parser reads more than a handful: the proxy saw them.
  expect(parsed.size).toBeGreaterThan(30)
  const named = namedIn('shared/src/config', /\br\.(?:str|int|url|base|oneOf|list|secret)\(\s*'([A-Z][A-Z0-9_]+)'/g)
  // A service's own reads (`env('NAME')`), the sandbox's (`env.NAME`, and the list of what its install step reads).
  const services = readdirSync(join(root, 'services')).flatMap((s) => [
    ...namedIn(`services/${s}/src`, /\benv\(\s*'([A-Z][A-Z0-9_]+)'\)/g),
  ])
  services.push(...namedIn('services/sandbox/src', /\benv\.([A-Z][A-Z0-9_]+)/g))
  const sandbox = readFileSync(join(root, 'services/sandbox/src/run/netconfig.ts'), 'utf8')
  const passed = [...sandbox.matchAll(/'([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!)
  expect(passed).toContain('SANDBOX_NPMRC')
  // PATH is the system's; PIP_CONFIG_FILE is one the sandbox sets for the install, never one it is given.
  const notOurs = new Set(['PATH', 'PIP_CONFIG_FILE'])
  const all = [...parsed, ...named, ...services, ...passed, ...Object.values(SERVICE_URL_VARS)].filter(
    (v) => !notOurs.has(v),
  )
  const missing = [...new Set(all)].filter((v) => !doc.includes(`\`${v}\``)).sort()
  expect(missing).toEqual([])
})
