import { describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { EnvVarSpec, HeaderSpec, InstallModel, PackageSpec, RemoteSpec } from '../contracts/listing'
import { buildClientConfigs, deriveInstallModel, installName, isConcreteVersion, type InstallSource } from './index'

const SERVERS = fileURLToPath(new URL('../../../../shared/data/servers.json', import.meta.url))
const hasData = existsSync(SERVERS)

const pkg = (p: Partial<PackageSpec> & Pick<PackageSpec, 'registryType' | 'identifier'>): PackageSpec => ({ environmentVariables: [], ...p })
const remote = (type: string, url: string, headers: HeaderSpec[] = []): RemoteSpec => ({ type, url, headers })
const listing = (over: Partial<InstallSource> = {}): InstallSource => ({
  name: 'io.github.acme/thing',
  packages: [],
  remotes: [],
  repositoryUrl: 'https://github.com/acme/thing',
  url: 'https://github.com/acme/thing',
  source: 'official-registry',
  ...over,
})
const local = (m: InstallModel | null) => {
  if (!m || m.kind !== 'local') throw new Error(`expected a local model, got ${JSON.stringify(m)}`)
  return m
}
const hosted = (m: InstallModel | null) => {
  if (!m || m.kind !== 'remote') throw new Error(`expected a remote model, got ${JSON.stringify(m)}`)
  return m
}

describe('isConcreteVersion', () => {
  test('accepts releases, rejects tags and ranges', () => {
    for (const v of ['1.2.3', '0.1.0', '10.0.0-beta.1', '0.10.0-beta.10', '2.0.0-rc1', '1.0', '1.2.3+build.5']) expect(isConcreteVersion(v)).toBe(true)
    for (const v of ['latest', 'v1.0.0', '^1.2.3', '~1.2', '>=1', '1.x', '*', '', '1.2.3 || 2', 'main', null, undefined]) expect(isConcreteVersion(v)).toBe(false)
  })
})

describe('deriveInstallModel: registry packages', () => {
  test('npm → npx -y, pinned to a concrete version of a registry entry', () => {
    const m = local(deriveInstallModel(listing({ packages: [pkg({ registryType: 'npm', identifier: '@acme/thing-mcp', version: '1.2.3', transport: { type: 'stdio' } })] })))
    expect(m).toMatchObject({ kind: 'local', runner: 'npx', command: 'npx', args: ['-y', '@acme/thing-mcp@1.2.3'], registryType: 'npm', identifier: '@acme/thing-mcp', confidence: 'high' })
  })

  test('npm versions that are not concrete, and ToolSDK versions, are not pinned', () => {
    const args = (version: string | undefined, source = 'official-registry') =>
      local(deriveInstallModel(listing({ source, packages: [pkg({ registryType: 'npm', identifier: 'thing-mcp', version })] }))).args
    expect(args('latest')).toEqual(['-y', 'thing-mcp'])
    expect(args('^1.0.0')).toEqual(['-y', 'thing-mcp'])
    expect(args(undefined)).toEqual(['-y', 'thing-mcp'])
    expect(args('0.3.4', 'toolsdk-registry')).toEqual(['-y', 'thing-mcp'])
    expect(args('0.3.4', 'import')).toEqual(['-y', 'thing-mcp@0.3.4'])
  })

  test('pypi → uvx, pinned as name@version', () => {
    expect(local(deriveInstallModel(listing({ packages: [pkg({ registryType: 'pypi', identifier: 'mcp-server-time', version: '0.6.2' })] }))).args).toEqual(['mcp-server-time@0.6.2'])
    const m = local(deriveInstallModel(listing({ source: 'toolsdk-registry', packages: [pkg({ registryType: 'pypi', identifier: 'mcp-server-time' })] })))
    expect(m).toMatchObject({ runner: 'uvx', command: 'uvx', args: ['mcp-server-time'], confidence: 'high' })
  })

  test('oci → docker run -i --rm with -e for each declared variable; tag from version when missing', () => {
    const env: EnvVarSpec[] = [
      { name: 'API_KEY', isRequired: true, isSecret: true },
      { name: 'LOG_LEVEL' },
    ]
    const tagged = local(deriveInstallModel(listing({ packages: [pkg({ registryType: 'oci', identifier: 'ghcr.io/acme/thing:1.0.0', environmentVariables: env })] })))
    expect(tagged).toMatchObject({ runner: 'docker', command: 'docker', args: ['run', '-i', '--rm', '-e', 'API_KEY', '-e', 'LOG_LEVEL', 'ghcr.io/acme/thing:1.0.0'] })
    expect(tagged.env.map((e) => e.name)).toEqual(['API_KEY', 'LOG_LEVEL'])
    const untagged = local(deriveInstallModel(listing({ packages: [pkg({ registryType: 'oci', identifier: 'docker.io/acme/thing', version: '2.1.0' })] })))
    expect(untagged.args.at(-1)).toBe('docker.io/acme/thing:2.1.0')
    const registryPort = local(deriveInstallModel(listing({ packages: [pkg({ registryType: 'oci', identifier: 'registry.local:5000/acme/thing', version: 'latest' })] })))
    expect(registryPort.args.at(-1)).toBe('registry.local:5000/acme/thing')
  })

  test('nuget → dnx id@version --yes', () => {
    const m = local(deriveInstallModel(listing({ packages: [pkg({ registryType: 'nuget', identifier: 'NuGet.Mcp.Server', version: '1.1.12' })] })))
    expect(m).toMatchObject({ runner: 'dnx', command: 'dnx', args: ['NuGet.Mcp.Server@1.1.12', '--yes'] })
  })

  test('mcpb bundles and unknown registries are not runnable; an entry with only those gets no model', () => {
    expect(deriveInstallModel(listing({ packages: [pkg({ registryType: 'mcpb', identifier: 'https://github.com/a/b/releases/download/v1/x.mcpb' })] }))).toBeNull()
    expect(deriveInstallModel(listing({ name: '@acme/thing-mcp', packages: [pkg({ registryType: 'cargo', identifier: 'thing' })] }))).toBeNull()
  })

  test('packages that serve HTTP themselves are skipped (a client cannot spawn them over stdio)', () => {
    const http = pkg({ registryType: 'npm', identifier: 'thing-mcp', transport: { type: 'streamable-http', url: 'http://localhost:3000/mcp' } })
    expect(deriveInstallModel(listing({ packages: [http] }))).toBeNull()
    expect(hosted(deriveInstallModel(listing({ packages: [http], remotes: [remote('sse', 'https://x.example/sse')] }))).url).toBe('https://x.example/sse')
  })

  test('preference: npm > pypi > oci > nuget, then listed order', () => {
    const m = local(
      deriveInstallModel(
        listing({
          packages: [
            pkg({ registryType: 'mcpb', identifier: 'https://x/y.mcpb' }),
            pkg({ registryType: 'nuget', identifier: 'Thing' }),
            pkg({ registryType: 'oci', identifier: 'ghcr.io/a/thing:1' }),
            pkg({ registryType: 'pypi', identifier: 'thing' }),
            pkg({ registryType: 'npm', identifier: 'thing-one' }),
            pkg({ registryType: 'npm', identifier: 'thing-two' }),
          ],
        }),
      ),
    )
    expect(m.identifier).toBe('thing-one')
    expect(local(deriveInstallModel(listing({ packages: [pkg({ registryType: 'oci', identifier: 'ghcr.io/a/thing:1' }), pkg({ registryType: 'pypi', identifier: 'thing' })] }))).runner).toBe('uvx')
  })

  test('a local package is preferred over a remote endpoint', () => {
    const m = deriveInstallModel(listing({ packages: [pkg({ registryType: 'npm', identifier: 'thing-mcp' })], remotes: [remote('streamable-http', 'https://x.example/mcp')] }))
    expect(m?.kind).toBe('local')
  })

  test('an invalid package falls through to the next candidate', () => {
    const m = local(deriveInstallModel(listing({ packages: [pkg({ registryType: 'npm', identifier: '--package=evil' }), pkg({ registryType: 'pypi', identifier: 'thing' })] })))
    expect(m.runner).toBe('uvx')
  })

  test('identifiers that could be read as options or words are refused', () => {
    for (const [registryType, identifier] of [
      ['npm', '-y'],
      ['npm', 'a b'],
      ['npm', 'thing;rm -rf /'],
      ['npm', ''],
      ['pypi', '--from=evil'],
      ['pypi', 'thing one'],
      ['oci', '--privileged'],
      ['oci', 'Ghcr.io/UPPER/Case'],
      ['oci', 'image name'],
      ['nuget', '-x'],
    ] as const) {
      expect(deriveInstallModel(listing({ name: 'x', packages: [pkg({ registryType, identifier })] }))).toBeNull()
    }
  })

  test('environment variables without a usable name are dropped, duplicates kept once', () => {
    const m = local(
      deriveInstallModel(
        listing({
          packages: [pkg({ registryType: 'npm', identifier: 'thing-mcp', environmentVariables: [{ name: '' }, { name: 'A B' }, { name: 'API_KEY', isRequired: true }, { name: 'API_KEY' }, { name: 'x-api-key' }] })],
        }),
      ),
    )
    expect(m.env.map((e) => e.name)).toEqual(['API_KEY', 'x-api-key'])
  })
})

describe('deriveInstallModel: remotes', () => {
  test('streamable-http is preferred over sse, then listed order', () => {
    const m = hosted(deriveInstallModel(listing({ remotes: [remote('sse', 'https://a.example/sse'), remote('streamable-http', 'https://a.example/mcp'), remote('streamable-http', 'https://b.example/mcp')] })))
    expect(m).toMatchObject({ kind: 'remote', transport: 'streamable-http', url: 'https://a.example/mcp', confidence: 'high' })
  })

  test('sse alone is used', () => {
    expect(hosted(deriveInstallModel(listing({ remotes: [remote('sse', 'https://a.example/sse')] }))).transport).toBe('sse')
  })

  test('unusable URLs and transports are skipped; nothing usable → null, not a guess', () => {
    for (const url of ['javascript:alert(1)', 'ftp://a.example/x', 'https://{tenant}.example/mcp', 'https://a.example/mcp?x={y}', 'https://a.example/ mcp', 'not a url', '']) {
      expect(deriveInstallModel(listing({ name: '@acme/thing-mcp', remotes: [remote('streamable-http', url)] }))).toBeNull()
    }
    expect(deriveInstallModel(listing({ remotes: [remote('websocket', 'wss://a.example/mcp')] }))).toBeNull()
  })

  test('headers are kept (cleaned), for configs to turn into placeholders', () => {
    const m = hosted(
      deriveInstallModel(
        listing({
          remotes: [remote('streamable-http', 'https://a.example/mcp', [{ name: 'Authorization', value: 'Bearer {api_key}', isRequired: true, isSecret: true }, { name: 'bad header' }, { name: 'authorization' }])],
        }),
      ),
    )
    expect(m.headers.map((h) => h.name)).toEqual(['Authorization'])
  })
})

describe('deriveInstallModel: low-confidence guesses', () => {
  const guess = (name: string) => deriveInstallModel(listing({ name, source: 'toolsdk-registry' }))

  test('scoped npm names → npx', () => {
    expect(local(guess('@modelcontextprotocol/server-postgres'))).toMatchObject({ runner: 'npx', args: ['-y', '@modelcontextprotocol/server-postgres'], registryType: 'npm', confidence: 'low', env: [] })
  })

  test('unscoped names with "mcp" → npx; with _ or . (Python naming) → uvx', () => {
    expect(local(guess('12306-mcp'))).toMatchObject({ runner: 'npx', args: ['-y', '12306-mcp'], confidence: 'low' })
    expect(local(guess('mcp_rss'))).toMatchObject({ runner: 'uvx', args: ['mcp_rss'], registryType: 'pypi', confidence: 'low' })
    expect(local(guess('awslabs.aws-documentation-mcp-server'))).toMatchObject({ runner: 'uvx', confidence: 'low' })
  })

  test('labels that are not package names get no guess', () => {
    for (const n of ['postgres', 'aws', 'filesystem', 'io.github.acme/thing-mcp', 'com.supabase/mcp', 'a-share-(mcp)', 'My MCP', 'Thing-MCP', '@Acme/Thing', '-mcp', '', '@/mcp']) {
      expect(guess(n)).toBeNull()
    }
  })

  test('a guess never yields client configs', () => {
    const m = guess('@acme/thing')
    expect(m?.confidence).toBe('low')
    expect(buildClientConfigs(m as InstallModel, 'thing')).toBeNull()
  })
})

describe('installName', () => {
  test.each([
    ['io.github.owner/postgres-mcp', 'postgres-mcp'],
    ['@modelcontextprotocol/server-postgres', 'server-postgres'],
    ['com.supabase/mcp', 'supabase'],
    ['com.cloudflare.mcp/mcp', 'cloudflare'],
    ['io.github.youdotcom-oss/mcp', 'youdotcom-oss'],
    ['@azure/mcp', 'azure'],
    ['io.github.Owner/My_Server.Name', 'my_server-name'],
    ['a-share-financial-data-(baostock)', 'a-share-financial-data-baostock'],
    ['tekton-ci/cd', 'tekton-ci-cd'],
    ['pokémon-data', 'pokemon-data'],
    ['Café  MCP', 'cafe-mcp'],
    ['', 'mcp-server'],
    ['日本語', 'mcp-server'],
    ['x'.repeat(100), 'x'.repeat(64)],
  ])('%p → %p', (name, expected) => {
    expect(installName({ name })).toBe(expected)
  })

  test('only [a-z0-9-_], never empty, never longer than 64', () => {
    for (const name of ['\n\t', '---', '@@@/###', 'a/b/c/d', 'A'.repeat(300), '-leading', 'trailing-', 'io.github.x/-', '"quoted"']) {
      const n = installName({ name })
      expect(n).toMatch(/^[a-z0-9_-]{1,64}$/)
      expect(n).not.toMatch(/^[-_]|[-_]$/)
    }
  })
})

interface RawEntry {
  name: string
  source: string
  url: string | null
  repository?: { url: string }
  packages?: Array<Omit<PackageSpec, 'environmentVariables'> & { environmentVariables?: EnvVarSpec[] }>
  remotes?: Array<Omit<RemoteSpec, 'headers'> & { headers?: HeaderSpec[] }>
}

// The fields a listing has after import: lists always present.
const shape = (e: RawEntry): InstallSource => ({
  name: e.name,
  packages: (e.packages ?? []).map((p) => ({ ...p, environmentVariables: p.environmentVariables ?? [] })),
  remotes: (e.remotes ?? []).map((r) => ({ ...r, headers: r.headers ?? [] })),
  repositoryUrl: e.repository?.url ?? null,
  url: e.url,
  source: e.source,
})

describe.skipIf(!hasData)('real data (servers.json)', () => {
  test('every entry yields null or a model whose configs all parse; names are valid keys', async () => {
    const data = (await Bun.file(SERVERS).json()) as RawEntry[]
    const kinds = new Map<string, number>()
    for (const e of data) {
      const name = installName(e)
      expect(name).toMatch(/^[a-z0-9_-]{1,64}$/)
      const m = deriveInstallModel(shape(e))
      const k = m ? `${m.kind}:${m.confidence}` : 'null'
      kinds.set(k, (kinds.get(k) ?? 0) + 1)
      if (!m) continue
      const configs = buildClientConfigs(m, name)
      if (m.confidence === 'low') {
        expect(configs).toBeNull()
        expect(e.packages ?? []).toHaveLength(0)
        expect(e.remotes ?? []).toHaveLength(0)
        continue
      }
      expect(configs).not.toBeNull()
      for (const c of configs ?? []) {
        if (c.format === 'json') expect(() => JSON.parse(c.snippet)).not.toThrow()
        if (c.format === 'toml') expect(() => Bun.TOML.parse(c.snippet)).not.toThrow()
        expect(c.snippet.length).toBeGreaterThan(0)
      }
    }
    // Every entry with a stdio npm/pypi package or a remote has a high-confidence model.
    expect(kinds.get('local:high') ?? 0).toBeGreaterThan(1100)
    expect(kinds.get('remote:high') ?? 0).toBeGreaterThan(400)
    expect(kinds.get('local:low') ?? 0).toBeGreaterThan(0)
  })

  test('entries with a stdio npm package get npx with that package', async () => {
    const data = (await Bun.file(SERVERS).json()) as RawEntry[]
    for (const e of data) {
      const npm = (e.packages ?? []).find((p) => p.registryType === 'npm' && (!p.transport || p.transport.type === 'stdio'))
      if (!npm) continue
      const m = local(deriveInstallModel(shape(e)))
      expect(m.runner).toBe('npx')
      expect(m.args[1]?.startsWith(npm.identifier)).toBe(true)
    }
  })

  test('secret header values of the data never reach a snippet', async () => {
    const data = (await Bun.file(SERVERS).json()) as RawEntry[]
    for (const e of data) {
      const m = deriveInstallModel(shape(e))
      if (!m || m.kind !== 'remote') continue
      const text = (buildClientConfigs(m, installName(e)) ?? []).map((c) => c.snippet).join('\n')
      for (const h of m.headers) {
        // Template variables such as {smithery_api_key} are replaced by placeholders.
        if (h.value && /\{[^}]+\}/.test(h.value)) expect(text).not.toContain(h.value)
      }
    }
  })
})
