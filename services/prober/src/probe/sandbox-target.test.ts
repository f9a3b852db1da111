import { describe, expect, test } from 'bun:test'
import type { SandboxRun } from '@mcp-directory/shared/contracts'
import { sandboxDue, sandboxTarget, startedAnother } from './sandbox-target'

const DAY = 86_400_000
const run = (over: Partial<SandboxRun> = {}): SandboxRun => ({
  verdict: 'ran',
  registryType: 'npm',
  identifier: 'pkg',
  version: null,
  steps: {},
  detail: '',
  toolCount: 1,
  installFailures: 0,
  retired: false,
  checkedAt: new Date(0).toISOString(),
  ...over,
})

describe('which package the sandbox starts', () => {
  test("a package that declares no variables gets those its README's config sets", () => {
    const evidence = [
      {
        registryType: 'npm',
        identifier: 'pkg',
        readmeSettings: [
          { name: 'DATABASE_URI', secret: false },
          { name: 'PG_TOKEN', secret: true },
        ],
      },
    ]
    const packages = [{ registryType: 'npm', identifier: 'pkg', environmentVariables: [] }]
    const t = sandboxTarget({ packages, inferredInstall: null, installEvidence: evidence } as never)
    expect(t?.variables).toEqual(['DATABASE_URI', 'PG_TOKEN'])
    // What the entry declares wins.
    const declared = [{ ...packages[0], environmentVariables: [{ name: 'API_KEY' }] }]
    expect(
      sandboxTarget({ packages: declared, inferredInstall: null, installEvidence: evidence } as never)?.variables,
    ).toEqual(['API_KEY'])
  })

  test('the declared npm/PyPI package with its declared variables; a concrete version only', () => {
    const t = sandboxTarget({
      packages: [
        { registryType: 'oci', identifier: 'img', transport: { type: 'stdio' } },
        {
          registryType: 'npm',
          identifier: 'pkg',
          version: '^1.0.0',
          transport: { type: 'stdio' },
          environmentVariables: [{ name: 'API_KEY' }, { name: 'bad name' }],
        },
      ] as never,
      inferredInstall: null,
    })
    expect(t).toEqual({ registryType: 'npm', identifier: 'pkg', version: null, guessed: false, variables: ['API_KEY'] })
    expect(
      sandboxTarget({ packages: [{ registryType: 'pypi', identifier: 'py', version: '1.2.3' }] as never })?.version,
    ).toBe('1.2.3')
  })

  test("else the README's package, as a guess; nothing for OCI or none", () => {
    expect(
      sandboxTarget({
        packages: [],
        inferredInstall: { registryType: 'pypi', identifier: 'py', confidence: 'low', basis: 'readme-mention' },
      }),
    ).toEqual({ registryType: 'pypi', identifier: 'py', version: null, guessed: true, variables: [] })
    expect(
      sandboxTarget({
        packages: [],
        inferredInstall: { registryType: 'oci', identifier: 'img', confidence: 'low', basis: 'readme-mention' },
      }),
    ).toBeNull()
    expect(sandboxTarget({ packages: [] })).toBeNull()
  })
})

describe('when a start is due', () => {
  const t = { registryType: 'npm' as const, identifier: 'pkg', version: null, guessed: true, variables: [] }
  test('never started, another package, or the last start older than the interval', () => {
    expect(sandboxDue({ sandbox: null }, t, 0, 7 * DAY)).toBe(true)
    expect(sandboxDue({ sandbox: run({ identifier: 'other' }) }, t, 1, 7 * DAY)).toBe(true)
    expect(sandboxDue({ sandbox: run() }, t, 6 * DAY, 7 * DAY)).toBe(false)
    expect(sandboxDue({ sandbox: run() }, t, 7 * DAY, 7 * DAY)).toBe(true)
  })
  test('a retired guess is not started again unless the listing names another package', () => {
    expect(sandboxDue({ sandbox: run({ retired: true, verdict: 'package_missing' }) }, t, 100 * DAY, 7 * DAY)).toBe(
      false,
    )
    expect(sandboxDue({ sandbox: run({ retired: true, identifier: 'old' }) }, t, 1, 7 * DAY)).toBe(true)
  })
})

describe('a start of a package the listing no longer names', () => {
  test('another name, registry or concrete version is another package; its verdict does not stand for the new one', () => {
    const t = sandboxTarget({
      packages: [
        {
          registryType: 'npm',
          identifier: 'new-pkg',
          version: '2.0.0',
          transport: { type: 'stdio' },
          environmentVariables: [],
        },
      ],
    })
    expect(t).not.toBeNull()
    const another = startedAnother(run({ identifier: 'pkg' }), t!)
    expect(another).toBe(true)
    expect(startedAnother(run({ identifier: 'new-pkg', registryType: 'pypi' }), t!)).toBe(true)
    expect(startedAnother(run({ identifier: 'new-pkg', version: '1.0.0' }), t!)).toBe(true)
    expect(startedAnother(run({ identifier: 'new-pkg', version: '2.0.0' }), t!)).toBe(false)
  })
})
