import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { deriveInstallModel } from '@mcp-directory/shared/install'
import { inferInstall, packageOfCommand, packagesNamedIn } from './readme'
import { githubRepoOf } from './github'
import { healthAfter } from './health'

const fence = '```'

describe('inferInstall', () => {
  test("the README's own client config: high", () => {
    const md = `# Thing\n\n${fence}json\n{\n  "mcpServers": {\n    "thing": {\n      "command": "npx",\n      "args": ["-y", "@acme/thing-mcp@1.2.0"],\n      "env": { "KEY": "x" }\n    }\n  }\n}\n${fence}\n\nOr \`npm install -g other-thing\`.`
    expect(inferInstall(md)).toEqual({
      registryType: 'npm',
      identifier: '@acme/thing-mcp',
      confidence: 'high',
      basis: 'readme-config',
    })
  })

  test('uvx, uvx --from and docker run configs', () => {
    const uvx = `${fence}jsonc\n{ "mcpServers": { "t": { "command": "uvx", "args": ["mcp-server-time", "--local-timezone=UTC"], } } }\n${fence}`
    expect(inferInstall(uvx)).toMatchObject({ registryType: 'pypi', identifier: 'mcp-server-time', confidence: 'high' })
    expect(packageOfCommand('uvx', ['--from', 'acme-tools[cli]==1.0', 'acme'])).toEqual({
      registryType: 'pypi',
      identifier: 'acme-tools',
    })
    const docker = `${fence}json\n{"command": "docker", "args": ["run", "-i", "--rm", "-e", "GITHUB_TOKEN", "ghcr.io/github/github-mcp-server"]}\n${fence}`
    expect(inferInstall(docker)).toMatchObject({
      registryType: 'oci',
      identifier: 'ghcr.io/github/github-mcp-server',
      confidence: 'high',
    })
  })

  test('a bridge or a local path is not the server', () => {
    const bridge = `${fence}json\n{"command": "npx", "args": ["-y", "mcp-remote", "https://x.example/mcp"]}\n${fence}`
    expect(inferInstall(bridge)).toBeNull()
    const local = `${fence}json\n{"command": "node", "args": ["/path/to/build/index.js"]}\n${fence}`
    expect(inferInstall(local)).toBeNull()
  })

  test('an install command only names a package: low', () => {
    expect(inferInstall('Install it:\n\n```sh\npip install acme-mcp-server\n```\n')).toEqual({
      registryType: 'pypi',
      identifier: 'acme-mcp-server',
      confidence: 'low',
      basis: 'readme-mention',
    })
    expect(inferInstall('$ npm install --save @acme/db-mcp')).toMatchObject({
      registryType: 'npm',
      identifier: '@acme/db-mcp',
      confidence: 'low',
    })
    expect(inferInstall('Run `npx -y acme-mcp` in a terminal')).toMatchObject({
      registryType: 'npm',
      identifier: 'acme-mcp',
      confidence: 'low',
    })
    expect(inferInstall('docker pull ghcr.io/acme/thing:1.0')).toMatchObject({
      registryType: 'oci',
      identifier: 'ghcr.io/acme/thing:1.0',
      confidence: 'low',
    })
    expect(inferInstall('pip install -r requirements.txt\npip install uv\nnpm install')).toBeNull()
    expect(inferInstall(null)).toBeNull()
    expect(inferInstall('# Nothing to install here')).toBeNull()
  })

  test('names every package it finds, configs first, once each', () => {
    const md = `npm install acme-mcp\n\n${fence}json\n{"command": "npx", "args": ["-y", "acme-mcp"]}\n${fence}\npip install acme-py-mcp`
    expect(packagesNamedIn(md)).toEqual([
      { registryType: 'npm', identifier: 'acme-mcp', basis: 'readme-config' },
      { registryType: 'pypi', identifier: 'acme-py-mcp', basis: 'readme-mention' },
    ])
  })

  test('an inferred install becomes the install model only when the registry entry declares none', () => {
    const inferredInstall = {
      registryType: 'npm' as const,
      identifier: '@acme/thing-mcp',
      confidence: 'high' as const,
      basis: 'readme-config' as const,
    }
    const base = {
      name: 'io.github.acme/thing',
      packages: [],
      remotes: [],
      repositoryUrl: null,
      url: null,
      source: 'submission',
    }
    // The README's own config is used as given; its confidence waits for the package's registry entry (evidence).
    expect(deriveInstallModel({ ...base, inferredInstall })).toMatchObject({
      kind: 'local',
      command: 'npx',
      args: ['-y', '@acme/thing-mcp'],
      confidence: 'low',
      basis: 'readme-config',
    })
    // A mere mention is a guess: without evidence that the package is the listing's own, it is not used.
    expect(
      deriveInstallModel({
        ...base,
        inferredInstall: { ...inferredInstall, confidence: 'low', basis: 'readme-mention' },
      }),
    ).toBeNull()
    const registry = deriveInstallModel({
      ...base,
      packages: [{ registryType: 'pypi', identifier: 'thing', environmentVariables: [] }],
      inferredInstall,
    })
    expect(registry).toMatchObject({ runner: 'uvx', confidence: 'low', basis: 'registry' })
  })

  test('never throws and never infers an identifier the install model would refuse (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (s) => {
        const r = inferInstall(
          `${s}\n${fence}json\n{"command": "npx", "args": ["-y", ${JSON.stringify(s.slice(0, 40))}]}\n${fence}\nnpm install ${s.slice(0, 30)}`,
        )
        if (r) {
          // With evidence that the package is the listing's own (npm and PyPI only), every inferred package yields a model.
          const repositoryUrl = 'https://github.com/acme/x'
          const installEvidence =
            r.registryType === 'oci'
              ? []
              : [
                  {
                    registryType: r.registryType,
                    identifier: r.identifier,
                    version: null,
                    entryUrl: 'https://registry.example/x',
                    outcome: 'found' as const,
                    mcpNames: [],
                    repositories: [repositoryUrl],
                    checkedAt: '2026-11-01T00:00:00Z',
                  },
                ]
          const m = deriveInstallModel({
            name: 'x',
            packages: [],
            remotes: [],
            repositoryUrl,
            url: null,
            source: 's',
            inferredInstall: r,
            installEvidence,
          })
          if (r.basis === 'readme-config' || r.registryType !== 'oci') expect(m).not.toBeNull()
          expect(r.identifier.startsWith('-')).toBe(false)
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('githubRepoOf', () => {
  test('owner and repository of github.com addresses only', () => {
    expect(githubRepoOf('https://github.com/acme/thing')).toEqual({ owner: 'acme', repo: 'thing' })
    expect(githubRepoOf('https://www.github.com/acme/thing.git')).toEqual({ owner: 'acme', repo: 'thing' })
    expect(githubRepoOf('https://github.com/acme/thing/tree/main/sub')).toEqual({ owner: 'acme', repo: 'thing' })
    expect(githubRepoOf('https://gitlab.com/acme/thing')).toBeNull()
    expect(githubRepoOf('https://github.com/acme')).toBeNull()
    expect(githubRepoOf('https://github.com/-bad/x')).toBeNull()
    expect(githubRepoOf('https://github.com/acme/..')).toBeNull()
    expect(githubRepoOf('not a url')).toBeNull()
    expect(githubRepoOf(null)).toBeNull()
  })
})

describe('healthAfter', () => {
  test('answers, sign-in walls, garbage, silence', () => {
    expect(healthAfter('ok', null)).toEqual({ health: 'active', verified: true, ok: true, consecutiveFailures: 0 })
    expect(healthAfter('auth_required', null)).toMatchObject({ health: 'active', verified: true })
    expect(healthAfter('not_mcp', null)).toMatchObject({ health: 'degraded', verified: false, consecutiveFailures: 1 })
    expect(healthAfter('timeout', null)).toMatchObject({ health: 'down', verified: false })
    expect(healthAfter('refused', null)).toMatchObject({ health: 'unknown', verified: false })
  })

  test('one miss after an active state is degraded; the second is down', () => {
    const first = healthAfter('unreachable', { health: 'active', consecutiveFailures: 0 })
    expect(first).toMatchObject({ health: 'degraded', consecutiveFailures: 1 })
    expect(healthAfter('timeout', first)).toMatchObject({ health: 'down', consecutiveFailures: 2 })
  })
})

describe('hostile READMEs', () => {
  test('many unclosed fences and long lines are read in one pass', () => {
    const md = `${'```json\n"command": "npx", "args": ["-y",\n'.repeat(20_000)}${'npx '.repeat(50_000)}`
    // A backtracking parser would hang here (the per-test limit below guards against that); a linear one answers.
    expect(inferInstall(md)).toBeNull()
  }, 30_000)
})
