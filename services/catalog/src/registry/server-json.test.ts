import { describe, expect, test } from 'bun:test'
import { registryBaseOf } from '../import/registry-upstream'
import { directoryNamespace, servedNameOf, servedServerJson, type ServedListing } from './server-json'

const listing: ServedListing = {
  id: 'zulip',
  name: 'zulip',
  title: 'Zulip MCP',
  description: 'x'.repeat(150),
  version: null,
  repositoryUrl: 'https://github.com/o/zulip-mcp',
  url: 'https://github.com/o/zulip-mcp',
  websiteUrl: null,
  packages: [{ registryType: 'npm', identifier: 'zulip-mcp', environmentVariables: [] }],
  remotes: [],
}

describe('served server.json', () => {
  test('the namespace is the reverse-DNS host of the public address', () => {
    expect(directoryNamespace('https://mcp.example.com')).toBe('com.example.mcp')
    expect(directoryNamespace('http://localhost:3000')).toBe('localhost')
  })
  test('a registry name is kept; any other name becomes <namespace>/<listing id>', () => {
    expect(servedNameOf('io.github.o/x', 'x', 'ns')).toBe('io.github.o/x')
    expect(servedNameOf('@scope/pkg', 'pkg', 'com.example')).toBe('com.example/pkg')
    expect(servedNameOf('zulip', 'zulip', 'com.example')).toBe('com.example/zulip')
  })
  test('a valid entry is served as given, registry-managed _meta aside', () => {
    const raw = {
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'io.github.o/x',
      description: 'Short',
      version: '1.0.0',
      packages: [
        {
          registryType: 'npm',
          identifier: 'x',
          version: '1.0.0',
          transport: { type: 'stdio' },
          runtimeArguments: [{ type: 'named', name: '--y' }],
        },
      ],
      _meta: {
        'io.modelcontextprotocol.registry/official': { status: 'active' },
        'io.modelcontextprotocol.registry/publisher-provided': { tool: 't' },
      },
    }
    const { _meta, ...rest } = raw
    expect(
      servedServerJson(raw, { ...listing, name: raw.name, title: null, repositoryUrl: null, url: null }, 'ns'),
    ).toEqual({ ...rest, _meta: { 'io.modelcontextprotocol.registry/publisher-provided': { tool: 't' } } })
  })
  test('invalid parts are replaced by the normalised listing', () => {
    const s = servedServerJson(
      {
        name: 'zulip',
        description: 'y'.repeat(300),
        packages: [{ registryType: 'npm', identifier: 'zulip-mcp' }],
        category: 'Communication',
      },
      listing,
      'ns',
    )
    expect(s.name).toBe('ns/zulip')
    expect((s.description as string).length).toBe(100)
    expect(s.version).toBe('0.0.0')
    expect(s.packages).toEqual([{ registryType: 'npm', identifier: 'zulip-mcp', transport: { type: 'stdio' } }])
    expect(s.repository).toEqual({ url: 'https://github.com/o/zulip-mcp', source: 'github' })
    expect(s.category).toBeUndefined()
  })
})

describe('registry base of an import source', () => {
  test('an http(s) address not naming a .json document is a registry base', () => {
    expect(registryBaseOf('https://registry.modelcontextprotocol.io')).toBe('https://registry.modelcontextprotocol.io')
    expect(registryBaseOf('https://registry.modelcontextprotocol.io/v0.1/servers')).toBe(
      'https://registry.modelcontextprotocol.io',
    )
    expect(registryBaseOf('http://127.0.0.1:3000/sub/')).toBe('http://127.0.0.1:3000/sub')
    expect(registryBaseOf('https://example.com/servers.json')).toBeNull()
    expect(registryBaseOf('https://example.com/list?format=json')).toBeNull()
    expect(registryBaseOf('../shared/data/servers.json')).toBeNull()
  })
})

test('an entry too large to serve as given is served as the directory normalised it', () => {
  const raw = {
    name: 'io.github.o/big',
    description: 'Big',
    version: '1.0.0',
    _meta: { 'io.example/x': { blob: 'x'.repeat(100_000) } },
  }
  const s = servedServerJson(raw, { ...listing, name: raw.name, description: 'Big', version: '1.0.0' }, 'ns')
  expect(s._meta).toBeUndefined()
  expect(s.name).toBe('io.github.o/big')
  expect(JSON.stringify(s).length).toBeLessThan(2000)
})
