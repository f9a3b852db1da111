// A server that needs an argument (like @modelcontextprotocol/server-postgres, which takes its database URL):
// the registry entry's required positional argument becomes a placeholder, the boxed server is given it, stops
// naming it, and is `asked_for_config` (seen running); the configs a user copies show the same placeholder.
import { afterAll, describe, expect, test } from 'bun:test'
import { normalizePackage } from '../../catalog/src/import/packages'
import { sandboxTarget } from '@mcp-directory/prober'
import { argumentTokens, buildClientConfigs, deriveInstallModel } from '@mcp-directory/shared/install'
import { DEFAULT_LIMITS } from '../src/run/bwrap'
import { installNetwork } from '../src/run/netconfig'
import { startPackage } from '../src/run/start'
import { startNpmRegistry } from './registry'

const registry = startNpmRegistry([
  {
    name: 'needs-url',
    source: `const url = process.argv[2] || ''
if (!/^postgres(ql)?:\\/\\//.test(url)) { console.error('Invalid connection URL: ' + url + ' (expected postgresql://user@host/db)'); process.exit(1) }
require('./mcp-lines')([{ name: 'query', description: 'Run a read-only SQL query', inputSchema: { type: 'object' } }])`,
  },
])
afterAll(() => registry.close())

// As the registry publishes it, read through the catalog's import.
const entry = normalizePackage(
  {
    registryType: 'npm',
    identifier: 'needs-url',
    transport: { type: 'stdio' },
    packageArguments: [
      { type: 'positional', valueHint: 'postgres-url', isRequired: true, description: 'PostgreSQL connection URL' },
      { type: 'named', name: '--schema', valueHint: 'schema' },
    ],
  },
  'packages[0]',
  () => null,
)!
const listing = {
  name: 'io.example/needs-url',
  packages: [entry],
  remotes: [],
  repositoryUrl: null,
  url: 'https://example.com',
  source: 'official-registry',
  inferredInstall: null,
}

describe('a server that needs an argument', () => {
  test('the import keeps the arguments; a required one becomes a placeholder, an optional one is left out', () => {
    expect(entry.packageArguments).toHaveLength(2)
    expect(argumentTokens(entry.packageArguments)).toEqual(['<postgres-url>'])
  })

  test('started with the placeholder, it stops naming it: asked_for_config', async () => {
    const target = sandboxTarget(listing)!
    expect(target.arguments).toEqual(['<postgres-url>'])
    const r = await startPackage(target, {
      registries: { npmUrl: registry.url, pypiUrl: '' },
      limits: { ...DEFAULT_LIMITS, timeMs: 15_000 },
      installTimeoutMs: 60_000,
      asNobody: process.getuid?.() === 0,
      net: installNetwork({}),
    })
    expect(r.verdict).toBe('asked_for_config')
    expect(r.detail).toContain('<postgres-url>')
  }, 60_000)

  test('the configs show the placeholder where the argument goes', () => {
    const model = deriveInstallModel(listing as Parameters<typeof deriveInstallModel>[0])!
    expect(model.kind === 'local' && model.args).toEqual(['-y', 'needs-url', '<postgres-url>'])
    const configs = buildClientConfigs(model, 'needs-url')!
    expect(configs.length).toBeGreaterThan(0)
    for (const c of configs) expect(JSON.stringify(c), c.client).toContain('<postgres-url>')
  })
})
