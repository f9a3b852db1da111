import { describe, expect, test } from 'bun:test'
import type { Listing, SandboxRun } from '@mcp-directory/shared/contracts'
import { markdownShape } from '@mcp-directory/shared/testing'
import { sandboxMetaLines } from './sandbox'

const pkg = (environmentVariables: Listing['packages'][number]['environmentVariables'], packageArguments = []) => ({
  registryType: 'npm',
  identifier: '@acme/pg',
  environmentVariables,
  packageArguments,
})
const run = (over: Partial<SandboxRun>): SandboxRun => ({
  verdict: 'ran',
  registryType: 'npm',
  identifier: '@acme/pg',
  version: '1.0.0',
  steps: {},
  detail: 'initialize and tools/list answered',
  toolCount: 12,
  installFailures: 0,
  retired: false,
  checkedAt: '2026-01-01T00:00:00.000Z',
  ...over,
})
const lines = (sandbox: SandboxRun | null, packages: unknown[]) =>
  sandboxMetaLines({ sandbox, packages: packages as Listing['packages'] })

describe('the Markdown sandbox line', () => {
  test('tools listed: with placeholder settings only when the started package declares settings', () => {
    expect(lines(run({}), [pkg([{ name: 'DATABASE_URI', isRequired: true }])])).toEqual([
      '- **Sandbox:** started in the sandbox with placeholder settings: 12 tools listed',
    ])
    expect(lines(run({ toolCount: 1 }), [pkg([])])).toEqual(['- **Sandbox:** started in the sandbox: 1 tool listed'])
    // Settings of another package than the one started say nothing of this start.
    expect(lines(run({ identifier: '@acme/other' }), [pkg([{ name: 'KEY' }])])[0]).not.toContain('placeholder')
  })

  test('stopped: names the variable or argument, escaped; other verdicts and no start: no line', () => {
    expect(
      lines(run({ verdict: 'asked_for_keys', variable: 'API_KEY', toolCount: 0 }), [pkg([{ name: 'API_KEY' }])]),
    ).toEqual(['- **Sandbox:** stops in the sandbox without API_KEY (a placeholder value was not enough)'])
    const config = lines(
      run({ verdict: 'asked_for_config', detail: 'stopped during initialize naming <postgres-url>', toolCount: 0 }),
      [pkg([])],
    )
    expect(config[0]).toContain('without \\<postgres-url\\>')
    expect(markdownShape(config[0]!).html).toEqual([])
    expect(lines(run({ verdict: 'crashed', toolCount: 0 }), [pkg([])])).toEqual([])
    expect(lines(null, [pkg([])])).toEqual([])
  })
})
