import { describe, expect, test } from 'bun:test'
import { nodeCommandOf, pythonScriptOf, repositoryRunOf } from './repository-run'

const at = new Date('2026-11-01T00:00:00Z')

describe('how a repository runs', () => {
  test('package.json: one bin command, or one named like the package', () => {
    expect(nodeCommandOf('{"name":"@acme/x","bin":"dist/x.js"}')).toEqual({ ok: true, command: 'x' })
    expect(nodeCommandOf('{"name":"x","bin":{"x-server":"a.js"}}')).toEqual({ ok: true, command: 'x-server' })
    expect(nodeCommandOf('{"name":"x","bin":{"x":"a.js","other":"b.js"}}')).toEqual({ ok: true, command: 'x' })
    expect(nodeCommandOf('{"name":"x","bin":{"a":"a.js","b":"b.js"}}').ok).toBe(false)
    expect(nodeCommandOf('{"name":"x","main":"index.js"}').ok).toBe(false)
    expect(nodeCommandOf('not json').ok).toBe(false)
  })

  test('pyproject.toml: the one console script, or the one named like the project, or the MCP one', () => {
    expect(pythonScriptOf('[project]\nname="x"\n[project.scripts]\nx-server = "x:main"\n')).toEqual({
      ok: true,
      script: 'x-server',
    })
    expect(pythonScriptOf('[project]\nname="my_x"\n[project.scripts]\nmy-x = "x:main"\nother = "x:o"\n')).toEqual({
      ok: true,
      script: 'my-x',
    })
    expect(pythonScriptOf('[project]\nname="x"\n[project.scripts]\ncli = "x:c"\nx-mcp = "x:m"\n')).toEqual({
      ok: true,
      script: 'x-mcp',
    })
    expect(pythonScriptOf('[project]\nname="x"\n').ok).toBe(false)
    expect(pythonScriptOf('[project\n').ok).toBe(false)
  })

  test('decided from the language; a failed read stores nothing', async () => {
    const files = (m: Record<string, string>) => async (p: string) =>
      m[p] !== undefined ? { status: 'found' as const, text: m[p] as string } : { status: 'missing' as const }
    expect(
      await repositoryRunOf('acme/x', 'TypeScript', files({ 'package.json': '{"bin":"a.js"}' }), at),
    ).toMatchObject({ ecosystem: 'node', from: 'package.json' })
    expect(
      await repositoryRunOf('acme/x', 'Python', files({ 'pyproject.toml': '[project.scripts]\nx = "x:m"\n' }), at),
    ).toMatchObject({ ecosystem: 'python', entryPoint: 'x' })
    expect(await repositoryRunOf('acme/x', 'Rust', files({}), at)).toMatchObject({ ecosystem: null })
    expect(await repositoryRunOf('acme/x', null, files({}), at)).toMatchObject({
      ecosystem: null,
      from: 'GitHub names no language for the repository',
    })
    expect(
      await repositoryRunOf('acme/x', 'JavaScript', async () => ({ status: 'failed', reason: 'HTTP 502' }), at),
    ).toBeNull()
  })
})
