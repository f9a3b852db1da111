import { describe, expect, test } from 'bun:test'
import { sandboxStartOf } from './sandbox-start'

const sandbox = { registryType: 'pypi', identifier: 'pg-mcp', detail: '', toolCount: 3 }

describe('sandboxStartOf', () => {
  test('a required argument without a value counts as a placeholder setting; a fixed one does not', () => {
    const pkg = (packageArguments: unknown[]) => ({ registryType: 'pypi', identifier: 'pg-mcp', packageArguments })
    const of = (args: unknown[]) => sandboxStartOf({ sandbox: { ...sandbox, verdict: 'ran' }, packages: [pkg(args)] })
    expect(of([{ type: 'positional', isRequired: true, valueHint: 'postgres-url' }])).toEqual({
      kind: 'listed',
      toolCount: 3,
      placeholders: true,
    })
    expect(of([{ type: 'positional', value: '--stdio' }])).toMatchObject({ placeholders: false })
    expect(sandboxStartOf({ sandbox: { ...sandbox, verdict: 'ran' }, packages: [null, 'x'] })).toMatchObject({
      placeholders: false,
    })
  })

  test('asked for keys without a variable named, and asked for config without an argument named: nothing said', () => {
    expect(sandboxStartOf({ sandbox: { ...sandbox, verdict: 'asked_for_keys' } })).toBeNull()
    expect(sandboxStartOf({ sandbox: { ...sandbox, verdict: 'asked_for_config', detail: 'stopped' } })).toBeNull()
    expect(
      sandboxStartOf({
        sandbox: { ...sandbox, verdict: 'asked_for_config', detail: 'stopped during initialize naming <url>' },
      }),
    ).toEqual({ kind: 'stops', without: '<url>', what: 'argument' })
  })
})
