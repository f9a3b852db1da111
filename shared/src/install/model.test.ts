import { describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type {
  EnvVarSpec,
  HeaderSpec,
  InstallModel,
  PackageEvidence,
  PackageSpec,
  RemoteSpec,
  RepositoryRun,
} from '../contracts/listing'
import { buildClientConfigs, deriveInstallModel, installName, isConcreteVersion, type InstallSource } from './index'

const SERVERS = fileURLToPath(new URL('../../../../shared/data/servers.json', import.meta.url))
const hasData = existsSync(SERVERS)

const pkg = (p: Partial<PackageSpec> & Pick<PackageSpec, 'registryType' | 'identifier'>): PackageSpec => ({
  environmentVariables: [],
  ...p,
})
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
  if (m?.kind !== 'local') throw new Error(`expected a local model, got ${JSON.stringify(m)}`)
  return m
}
const hosted = (m: InstallModel | null) => {
  if (m?.kind !== 'remote') throw new Error(`expected a remote model, got ${JSON.stringify(m)}`)
  return m
}

describe('isConcreteVersion', () => {
  test('accepts releases, rejects tags and ranges', () => {
    for (const v of ['1.2.3', '0.1.0', '10.0.0-beta.1', '0.10.0-beta.10', '2.0.0-rc1', '1.0', '1.2.3+build.5'])
      expect(isConcreteVersion(v)).toBe(true)
    for (const v of [
      'latest',
      'v1.0.0',
      '^1.2.3',
      '~1.2',
      '>=1',
      '1.x',
      '*',
      '',
      '1.2.3 || 2',
      'main',
      null,
      undefined,
    ])
      expect(isConcreteVersion(v)).toBe(false)
  })
})

describe('deriveInstallModel: registry packages', () => {
  test('npm → npx -y, pinned to a concrete version of a registry entry', () => {
    const m = local(
      deriveInstallModel(
        listing({
          packages: [
            pkg({ registryType: 'npm', identifier: '@acme/thing-mcp', version: '1.2.3', transport: { type: 'stdio' } }),
          ],
        }),
      ),
    )
    expect(m).toMatchObject({
      kind: 'local',
      runner: 'npx',
      command: 'npx',
      args: ['-y', '@acme/thing-mcp@1.2.3'],
      registryType: 'npm',
      identifier: '@acme/thing-mcp',
      confidence: 'low',
      basis: 'registry',
    })
  })

  test('npm versions that are not concrete, and ToolSDK versions, are not pinned', () => {
    const args = (version: string | undefined, source = 'official-registry') =>
      local(
        deriveInstallModel(
          listing({ source, packages: [pkg({ registryType: 'npm', identifier: 'thing-mcp', version })] }),
        ),
      ).args
    expect(args('latest')).toEqual(['-y', 'thing-mcp'])
    expect(args('^1.0.0')).toEqual(['-y', 'thing-mcp'])
    expect(args(undefined)).toEqual(['-y', 'thing-mcp'])
    expect(args('0.3.4', 'toolsdk-registry')).toEqual(['-y', 'thing-mcp'])
    expect(args('0.3.4', 'import')).toEqual(['-y', 'thing-mcp@0.3.4'])
  })

  test('runtime arguments: only runner options that neither choose what runs nor reach the host', () => {
    const model = (registryType: string, identifier: string, runtimeArguments: PackageSpec['runtimeArguments']) =>
      deriveInstallModel(listing({ packages: [pkg({ registryType, identifier, version: '1.0.0', runtimeArguments })] }))
    // Another package run in its place, a shell command, another registry: no command at all.
    for (const [name, value] of [
      ['--package', 'evil-pkg'],
      ['-p', 'evil-pkg'],
      ['--call', 'sh'],
      ['-c', 'sh'],
      ['--registry', 'https://npm.evil.example'],
    ])
      expect(model('npm', '@acme/x', [{ type: 'named', name, value }])).toBeNull()
    // A positional runtime argument stands where the package is named.
    expect(model('npm', '@acme/x', [{ type: 'positional', value: 'evil-pkg' }])).toBeNull()
    expect(model('pypi', 'acme-x', [{ type: 'named', name: '--from', value: 'git+https://evil.example/x' }])).toBeNull()
    expect(model('pypi', 'acme-x', [{ type: 'named', name: '--with', value: 'evil' }])).toBeNull()
    expect(local(model('pypi', 'acme-x', [{ type: 'named', name: '--python', value: '3.12' }])).args).toEqual([
      '--python',
      '3.12',
      'acme-x@1.0.0',
    ])
    // docker: the host stays the user's to hand over.
    for (const [name, value] of [
      ['-v', '/:/host'],
      ['--mount', 'type=bind,source=/,target=/host'],
      ['--privileged', 'true'],
      ['--network', 'host'],
      ['--entrypoint', 'sh'],
    ])
      expect(model('oci', 'ghcr.io/acme/x:1.0.0', [{ type: 'named', name, value }])).toBeNull()
    expect(
      local(
        model('oci', 'ghcr.io/acme/x:1.0.0', [
          { type: 'named', name: '-v', isRequired: true, valueHint: 'project_dir' },
          { type: 'named', name: '-p', value: '8080:8080' },
        ]),
      ).args,
    ).toEqual(['run', '-i', '--rm', '-v', '<project-dir>', '-p', '8080:8080', 'ghcr.io/acme/x:1.0.0'])
    // A flag without a value would leave the entry's value standing where the image is named; a bare -e NAME copies
    // the user's own variable into the image; a Python that is a path runs a program of the host.
    expect(
      model('oci', 'ghcr.io/acme/x:1.0.0', [{ type: 'named', name: '--init', value: 'attacker/image' }]),
    ).toBeNull()
    expect(
      model('oci', 'ghcr.io/acme/x:1.0.0', [{ type: 'named', name: '-e', value: 'AWS_SECRET_ACCESS_KEY' }]),
    ).toBeNull()
    expect(model('pypi', 'acme-x', [{ type: 'named', name: '--python', value: '/bin/sh' }])).toBeNull()
    expect(
      local(model('oci', 'ghcr.io/acme/x:1.0.0', [{ type: 'named', name: '-e', value: 'LOG_LEVEL=debug' }])).args,
    ).toEqual(['run', '-i', '--rm', '-e', 'LOG_LEVEL=debug', 'ghcr.io/acme/x:1.0.0'])
    // An optional argument without a value is left out, whatever it is.
    expect(local(model('npm', '@acme/x', [{ type: 'named', name: '--package' }])).args).toEqual(['-y', '@acme/x@1.0.0'])
    // A registry type named like an object's own property is no runner.
    expect(model('toString', 'x', [])).toBeNull()
  })

  test('pypi → uvx, pinned as name@version', () => {
    expect(
      local(
        deriveInstallModel(
          listing({ packages: [pkg({ registryType: 'pypi', identifier: 'mcp-server-time', version: '0.6.2' })] }),
        ),
      ).args,
    ).toEqual(['mcp-server-time@0.6.2'])
    const m = local(
      deriveInstallModel(
        listing({
          source: 'toolsdk-registry',
          packages: [pkg({ registryType: 'pypi', identifier: 'mcp-server-time' })],
        }),
      ),
    )
    expect(m).toMatchObject({ runner: 'uvx', command: 'uvx', args: ['mcp-server-time'], confidence: 'low' })
  })

  test('oci → docker run -i --rm with -e for each declared variable; tag from version when missing', () => {
    const env: EnvVarSpec[] = [{ name: 'API_KEY', isRequired: true, isSecret: true }, { name: 'LOG_LEVEL' }]
    const tagged = local(
      deriveInstallModel(
        listing({
          packages: [pkg({ registryType: 'oci', identifier: 'ghcr.io/acme/thing:1.0.0', environmentVariables: env })],
        }),
      ),
    )
    expect(tagged).toMatchObject({
      runner: 'docker',
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'API_KEY', '-e', 'LOG_LEVEL', 'ghcr.io/acme/thing:1.0.0'],
    })
    expect(tagged.env.map((e) => e.name)).toEqual(['API_KEY', 'LOG_LEVEL'])
    const untagged = local(
      deriveInstallModel(
        listing({ packages: [pkg({ registryType: 'oci', identifier: 'docker.io/acme/thing', version: '2.1.0' })] }),
      ),
    )
    expect(untagged.args.at(-1)).toBe('docker.io/acme/thing:2.1.0')
    const registryPort = local(
      deriveInstallModel(
        listing({
          packages: [pkg({ registryType: 'oci', identifier: 'registry.local:5000/acme/thing', version: 'latest' })],
        }),
      ),
    )
    expect(registryPort.args.at(-1)).toBe('registry.local:5000/acme/thing')
  })

  test('nuget → dnx id@version --yes', () => {
    const m = local(
      deriveInstallModel(
        listing({ packages: [pkg({ registryType: 'nuget', identifier: 'NuGet.Mcp.Server', version: '1.1.12' })] }),
      ),
    )
    expect(m).toMatchObject({ runner: 'dnx', command: 'dnx', args: ['NuGet.Mcp.Server@1.1.12', '--yes'] })
  })

  test('mcpb bundles and unknown registries are not runnable; an entry with only those gets no model', () => {
    expect(
      deriveInstallModel(
        listing({
          packages: [pkg({ registryType: 'mcpb', identifier: 'https://github.com/a/b/releases/download/v1/x.mcpb' })],
        }),
      ),
    ).toBeNull()
    expect(
      deriveInstallModel(
        listing({ name: '@acme/thing-mcp', packages: [pkg({ registryType: 'cargo', identifier: 'thing' })] }),
      ),
    ).toBeNull()
  })

  test('packages that serve HTTP themselves are skipped (a client cannot spawn them over stdio)', () => {
    const http = pkg({
      registryType: 'npm',
      identifier: 'thing-mcp',
      transport: { type: 'streamable-http', url: 'http://localhost:3000/mcp' },
    })
    expect(deriveInstallModel(listing({ packages: [http] }))).toBeNull()
    expect(
      hosted(deriveInstallModel(listing({ packages: [http], remotes: [remote('sse', 'https://x.example/sse')] }))).url,
    ).toBe('https://x.example/sse')
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
    expect(
      local(
        deriveInstallModel(
          listing({
            packages: [
              pkg({ registryType: 'oci', identifier: 'ghcr.io/a/thing:1' }),
              pkg({ registryType: 'pypi', identifier: 'thing' }),
            ],
          }),
        ),
      ).runner,
    ).toBe('uvx')
  })

  test('a local package is preferred over a remote endpoint', () => {
    const m = deriveInstallModel(
      listing({
        packages: [pkg({ registryType: 'npm', identifier: 'thing-mcp' })],
        remotes: [remote('streamable-http', 'https://x.example/mcp')],
      }),
    )
    expect(m?.kind).toBe('local')
  })

  test('an invalid package falls through to the next candidate', () => {
    const m = local(
      deriveInstallModel(
        listing({
          packages: [
            pkg({ registryType: 'npm', identifier: '--package=evil' }),
            pkg({ registryType: 'pypi', identifier: 'thing' }),
          ],
        }),
      ),
    )
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
          packages: [
            pkg({
              registryType: 'npm',
              identifier: 'thing-mcp',
              environmentVariables: [
                { name: '' },
                { name: 'A B' },
                { name: 'API_KEY', isRequired: true },
                { name: 'API_KEY' },
                { name: 'x-api-key' },
              ],
            }),
          ],
        }),
      ),
    )
    expect(m.env.map((e) => e.name)).toEqual(['API_KEY', 'x-api-key'])
  })
})

describe('deriveInstallModel: remotes', () => {
  test('streamable-http is preferred over sse, then listed order', () => {
    const m = hosted(
      deriveInstallModel(
        listing({
          remotes: [
            remote('sse', 'https://a.example/sse'),
            remote('streamable-http', 'https://a.example/mcp'),
            remote('streamable-http', 'https://b.example/mcp'),
          ],
        }),
      ),
    )
    expect(m).toMatchObject({
      kind: 'remote',
      transport: 'streamable-http',
      url: 'https://a.example/mcp',
      confidence: 'high',
    })
  })

  test('sse alone is used', () => {
    expect(hosted(deriveInstallModel(listing({ remotes: [remote('sse', 'https://a.example/sse')] }))).transport).toBe(
      'sse',
    )
  })

  test('unusable URLs and transports are skipped; nothing usable → null, not a guess', () => {
    for (const url of [
      'javascript:alert(1)',
      'ftp://a.example/x',
      'https://{tenant}.example/mcp',
      'https://a.example/mcp?x={y}',
      'https://a.example/ mcp',
      'not a url',
      '',
    ]) {
      expect(
        deriveInstallModel(listing({ name: '@acme/thing-mcp', remotes: [remote('streamable-http', url)] })),
      ).toBeNull()
    }
    expect(deriveInstallModel(listing({ remotes: [remote('websocket', 'wss://a.example/mcp')] }))).toBeNull()
  })

  test('headers are kept (cleaned), for configs to turn into placeholders', () => {
    const m = hosted(
      deriveInstallModel(
        listing({
          remotes: [
            remote('streamable-http', 'https://a.example/mcp', [
              { name: 'Authorization', value: 'Bearer {api_key}', isRequired: true, isSecret: true },
              { name: 'bad header' },
              { name: 'authorization' },
            ]),
          ],
        }),
      ),
    )
    expect(m.headers.map((h) => h.name)).toEqual(['Authorization'])
  })
})

const NOW = '2026-11-01T00:00:00.000Z'
const npmEvidence = (over: Partial<PackageEvidence> = {}): PackageEvidence => ({
  registryType: 'npm',
  identifier: '@acme/thing-mcp',
  version: '1.2.3',
  entryUrl: 'https://registry.npmjs.org/@acme%2Fthing-mcp/1.2.3',
  outcome: 'found',
  mcpNames: [],
  repositories: [],
  checkedAt: NOW,
  ...over,
})
const declared = listing({ packages: [pkg({ registryType: 'npm', identifier: '@acme/thing-mcp', version: '1.2.3' })] })

describe('deriveInstallModel: evidence decides the confidence of a package', () => {
  test('a declared package not yet read by the prober: low, "not yet checked", configs kept (not a guess)', () => {
    const m = local(deriveInstallModel(declared))
    expect(m).toMatchObject({ confidence: 'low', basis: 'registry', args: ['-y', '@acme/thing-mcp@1.2.3'] })
    expect(m.note).toStartWith('not yet checked')
    expect(m.evidence).toBeUndefined()
    expect(buildClientConfigs(m, 'thing')).not.toBeNull()
  })

  test('npm mcpName naming the listing: high, with the registry entry, the link and the time', () => {
    const m = local(
      deriveInstallModel({ ...declared, installEvidence: [npmEvidence({ mcpNames: ['io.github.acme/thing'] })] }),
    )
    expect(m.confidence).toBe('high')
    expect(m.note).toBeUndefined()
    expect(m.evidence).toEqual({
      registryType: 'npm',
      identifier: '@acme/thing-mcp',
      version: '1.2.3',
      entryUrl: 'https://registry.npmjs.org/@acme%2Fthing-mcp/1.2.3',
      linkedBy: 'mcpName',
      link: 'io.github.acme/thing',
      checkedAt: NOW,
    })
  })

  test('npm repository linking back (any spelling of the same repository): high', () => {
    for (const repo of [
      'git+https://github.com/acme/thing.git',
      'github:acme/thing',
      'acme/thing',
      'git@github.com:Acme/Thing.git',
      'https://www.github.com/acme/thing/tree/main/packages/mcp',
    ]) {
      const m = local(deriveInstallModel({ ...declared, installEvidence: [npmEvidence({ repositories: [repo] })] }))
      expect(m).toMatchObject({ confidence: 'high', evidence: { linkedBy: 'repository', link: repo } })
    }
  })

  test('a package that neither names the listing nor links back: low, and the note says what is missing', () => {
    const m = local(
      deriveInstallModel({
        ...declared,
        installEvidence: [
          npmEvidence({ mcpNames: ['io.github.other/thing'], repositories: ['https://github.com/other/thing'] }),
        ],
      }),
    )
    expect(m.confidence).toBe('low')
    expect(m.note).toContain('neither names this listing')
    expect(m.note).toContain('https://github.com/other/thing')
    expect(m.evidence).toMatchObject({ linkedBy: null, link: null, checkedAt: NOW })
    const bare = local(deriveInstallModel({ ...declared, installEvidence: [npmEvidence()] }))
    expect(bare.note).toContain('it has no mcpName')
    expect(bare.note).toContain('it gives no repository')
  })

  test('a package the registry does not have: low', () => {
    const m = local(deriveInstallModel({ ...declared, installEvidence: [npmEvidence({ outcome: 'missing' })] }))
    expect(m).toMatchObject({ confidence: 'low', note: 'npm has no package @acme/thing-mcp at version 1.2.3' })
  })

  test('a free-text listing name claimed by a package proves nothing (only registry names count)', () => {
    const submitted = { ...declared, name: 'thing', repositoryUrl: 'https://github.com/acme/thing' }
    expect(
      local(deriveInstallModel({ ...submitted, installEvidence: [npmEvidence({ mcpNames: ['thing'] })] })).confidence,
    ).toBe('low')
  })

  test("another package's evidence, or a repository that only shares a prefix, counts for nothing", () => {
    expect(
      local(
        deriveInstallModel({
          ...declared,
          installEvidence: [npmEvidence({ identifier: '@acme/other', mcpNames: ['io.github.acme/thing'] })],
        }),
      ).confidence,
    ).toBe('low')
    expect(
      local(
        deriveInstallModel({
          ...declared,
          installEvidence: [npmEvidence({ repositories: ['https://github.com/acme/thing-evil'] })],
        }),
      ).confidence,
    ).toBe('low')
    expect(
      local(
        deriveInstallModel({
          ...declared,
          installEvidence: [npmEvidence({ repositories: ['https://gitlab.com/acme/thing'] })],
        }),
      ).confidence,
    ).toBe('low')
  })

  test('PyPI: mcp-name and project URLs; names compared as PyPI does', () => {
    const l = listing({ packages: [pkg({ registryType: 'pypi', identifier: 'Acme_Thing' })] })
    const e = (over: Partial<PackageEvidence>) =>
      npmEvidence({
        registryType: 'pypi',
        identifier: 'acme-thing',
        version: null,
        entryUrl: 'https://pypi.org/pypi/acme-thing/json',
        ...over,
      })
    expect(
      local(deriveInstallModel({ ...l, installEvidence: [e({ mcpNames: ['io.github.acme/thing'] })] })).evidence
        ?.linkedBy,
    ).toBe('mcp-name')
    expect(
      local(deriveInstallModel({ ...l, installEvidence: [e({ repositories: ['https://github.com/acme/thing'] })] }))
        .confidence,
    ).toBe('high')
    expect(local(deriveInstallModel({ ...l, installEvidence: [e({})] })).confidence).toBe('low')
  })

  test('OCI and NuGet are not read: low with a note that they were not checked', () => {
    const oci = local(
      deriveInstallModel(listing({ packages: [pkg({ registryType: 'oci', identifier: 'ghcr.io/acme/thing:1' })] })),
    )
    expect(oci).toMatchObject({ confidence: 'low' })
    expect(oci.note).toStartWith('not checked')
    expect(oci.note).toContain('io.modelcontextprotocol.server.name')
  })

  test('a package with evidence is preferred over one without, whatever the runner', () => {
    const l = listing({
      packages: [
        pkg({ registryType: 'npm', identifier: 'thing-npm' }),
        pkg({ registryType: 'pypi', identifier: 'thing-py' }),
      ],
    })
    const e = npmEvidence({
      registryType: 'pypi',
      identifier: 'thing-py',
      version: null,
      repositories: ['https://github.com/acme/thing'],
    })
    expect(local(deriveInstallModel({ ...l, installEvidence: [e] }))).toMatchObject({
      runner: 'uvx',
      identifier: 'thing-py',
      confidence: 'high',
    })
    expect(local(deriveInstallModel(l))).toMatchObject({ runner: 'npx', confidence: 'low' })
  })
})

describe('deriveInstallModel: what the README gives', () => {
  const readme = (basis: 'readme-config' | 'readme-mention') =>
    listing({ inferredInstall: { registryType: 'npm', identifier: '@acme/thing-mcp', confidence: 'high', basis } })

  test("the README's own config: high only when its package links back; low (with configs) otherwise", () => {
    const linked = local(
      deriveInstallModel({
        ...readme('readme-config'),
        installEvidence: [npmEvidence({ version: null, repositories: ['https://github.com/acme/thing'] })],
      }),
    )
    expect(linked).toMatchObject({ confidence: 'high', basis: 'readme-config' })
    const unlinked = local(
      deriveInstallModel({ ...readme('readme-config'), installEvidence: [npmEvidence({ version: null })] }),
    )
    expect(unlinked).toMatchObject({ confidence: 'low', basis: 'readme-config' })
    expect(buildClientConfigs(unlinked, 'thing')).not.toBeNull()
  })

  test("a package the README only names is used only when it is the listing's own (low, no configs)", () => {
    const own = local(
      deriveInstallModel({
        ...readme('readme-mention'),
        installEvidence: [npmEvidence({ version: null, repositories: ['https://github.com/acme/thing'] })],
      }),
    )
    expect(own).toMatchObject({ confidence: 'low', basis: 'readme-mention', identifier: '@acme/thing-mcp' })
    expect(buildClientConfigs(own, 'thing')).toBeNull()
    expect(
      deriveInstallModel({ ...readme('readme-mention'), installEvidence: [npmEvidence({ version: null })] }),
    ).toBeNull()
    expect(deriveInstallModel(readme('readme-mention'))).toBeNull()
  })
})

describe("deriveInstallModel: guesses run the listing's own repository, never a name", () => {
  const run = (over: Partial<RepositoryRun> = {}): RepositoryRun => ({
    repository: 'acme/thing',
    ecosystem: 'node',
    from: 'package.json',
    checkedAt: NOW,
    ...over,
  })

  test('a JavaScript repository → npx -y github:owner/repo, low, no configs', () => {
    const m = local(deriveInstallModel(listing({ repositoryRun: run() })))
    expect(m).toMatchObject({
      runner: 'npx',
      command: 'npx',
      args: ['-y', 'github:acme/thing'],
      registryType: 'github',
      confidence: 'low',
      basis: 'repository',
    })
    expect(m.note).toContain('guess')
    expect(buildClientConfigs(m, 'thing')).toBeNull()
  })

  test('a Python repository → uvx --from git+https://github.com/owner/repo <script>', () => {
    const m = local(
      deriveInstallModel(
        listing({ repositoryRun: run({ ecosystem: 'python', entryPoint: 'thing-server', from: 'pyproject.toml' }) }),
      ),
    )
    expect(m).toMatchObject({
      runner: 'uvx',
      args: ['--from', 'git+https://github.com/acme/thing', 'thing-server'],
      confidence: 'low',
      basis: 'repository',
    })
    expect(deriveInstallModel(listing({ repositoryRun: run({ ecosystem: 'python' }) }))).toBeNull()
    expect(
      deriveInstallModel(listing({ repositoryRun: run({ ecosystem: 'python', entryPoint: '--with=evil' }) })),
    ).toBeNull()
  })

  test('nothing safe to guess → null: no facts, a repository that cannot run, another repository, a subfolder', () => {
    for (const name of ['@modelcontextprotocol/server-postgres', '12306-mcp', 'mcp_rss', 'reddit-mcp']) {
      expect(deriveInstallModel(listing({ name, source: 'toolsdk-registry' }))).toBeNull()
    }
    expect(
      deriveInstallModel(
        listing({ repositoryRun: run({ ecosystem: null, from: 'package.json has no "bin" command' }) }),
      ),
    ).toBeNull()
    expect(deriveInstallModel(listing({ repositoryRun: run({ repository: 'other/thing' }) }))).toBeNull()
    expect(
      deriveInstallModel(
        listing({ repositoryUrl: 'https://github.com/acme/thing/tree/main/servers/x', repositoryRun: run() }),
      ),
    ).toBeNull()
  })

  test('a declared package or remote always wins over the repository', () => {
    expect(local(deriveInstallModel({ ...declared, repositoryRun: run() })).basis).toBe('registry')
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
    for (const name of [
      '\n\t',
      '---',
      '@@@/###',
      'a/b/c/d',
      'A'.repeat(300),
      '-leading',
      'trailing-',
      'io.github.x/-',
      '"quoted"',
    ]) {
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
      // Without facts from the prober: only what the entries declare, and no evidence yet.
      expect(m.basis).toBe('registry')
      if (m.kind === 'local')
        expect(m).toMatchObject({ confidence: 'low', note: expect.stringMatching(/^not (yet )?checked/) })
      expect(configs).not.toBeNull()
      for (const c of configs ?? []) {
        if (c.format === 'json') expect(() => JSON.parse(c.snippet)).not.toThrow()
        if (c.format === 'toml') expect(() => Bun.TOML.parse(c.snippet)).not.toThrow()
        expect(c.snippet.length).toBeGreaterThan(0)
      }
    }
    // Every entry with a stdio package has a model (low until the prober read its registry entry); remotes are high.
    expect(kinds.get('local:high') ?? 0).toBe(0)
    expect(kinds.get('local:low') ?? 0).toBeGreaterThan(1100)
    expect(kinds.get('remote:high') ?? 0).toBeGreaterThan(400)
  })

  test('entries with a stdio npm package get npx with that package', async () => {
    const data = (await Bun.file(SERVERS).json()) as RawEntry[]
    for (const e of data) {
      const npm = (e.packages ?? []).find(
        (p) => p.registryType === 'npm' && (!p.transport || p.transport.type === 'stdio'),
      )
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
      if (m?.kind !== 'remote') continue
      const text = (buildClientConfigs(m, installName(e)) ?? []).map((c) => c.snippet).join('\n')
      for (const h of m.headers) {
        // Template variables such as {smithery_api_key} are replaced by placeholders.
        if (h.value && /\{[^}]+\}/.test(h.value)) expect(text).not.toContain(h.value)
      }
    }
  })
})
