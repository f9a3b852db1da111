import { describe, expect, test } from 'bun:test'
import { readinessOf } from './index'

const titled = (name: string) => ({ name, title: name.toUpperCase(), annotations: { readOnlyHint: true } })
const oauth = {
  kind: 'oauth',
  resourceMetadata: 'https://mcp.example/.well-known/oauth-protected-resource',
  authorizationServers: ['https://auth.example'],
  confirmed: true,
  checkedAt: '2026-12-01T00:00:00.000Z',
}
const seen = { toolsSource: 'streamable-http', toolsCheckedAt: '2026-12-01T00:00:00.000Z' }

describe('readinessOf', () => {
  test('titles, annotations, short unique names and OAuth: every check passed, ready', () => {
    const r = readinessOf({ tools: [titled('a'), titled('b')], ...seen, remotes: [{}], remoteAuth: oauth })
    expect(r.ready).toBe(true)
    expect(r.checks.map((c) => [c.id, c.passed])).toEqual([
      ['tool-titles', true],
      ['tool-annotations', true],
      ['tool-names', true],
      ['remote-auth', true],
    ])
    expect(r.checks[0]!.evidence).toBe(
      'all 2 tools have a title; source: tools/list of streamable-http, seen 2026-12-01T00:00:00.000Z',
    )
    expect(r.checks[3]!.evidence).toContain('https://mcp.example/.well-known/oauth-protected-resource')
  })

  test('a title in annotations counts; destructiveHint counts as a read/write annotation', () => {
    const tool = { name: 'x', annotations: { title: 'X', destructiveHint: false } }
    const r = readinessOf({ tools: [tool], remotes: [] })
    expect(r.ready).toBe(true)
    expect(r.checks[3]!.evidence).toBe('no remote endpoint (it runs locally)')
  })

  test('failures name the tools: missing titles, missing hints, long and repeated names, an API key', () => {
    const long = 'n'.repeat(65)
    const tools = [
      titled('ok'),
      { name: 'bare' },
      { name: 'hinted', annotations: { openWorldHint: true, readOnlyHint: 'yes' } },
      { name: long, title: 'Long', annotations: { readOnlyHint: false } },
      titled('ok'),
    ]
    const r = readinessOf({ tools, ...seen, remotes: [{}], remoteAuth: { kind: 'api_key' } })
    expect(r.ready).toBe(false)
    const [titles, hints, names, auth] = r.checks
    expect(titles!.passed).toBe(false)
    expect(titles!.evidence).toStartWith(
      '2 of 5 tools lack a title: bare, hinted; source: tools/list of streamable-http',
    )
    expect(hints!.evidence).toStartWith('2 of 5 tools lack readOnlyHint/destructiveHint: bare, hinted;')
    expect(names!.passed).toBe(false)
    expect(names!.evidence).toStartWith(`1 longer than 64 characters: ${long}; 1 given to more than one tool: ok;`)
    expect(auth!.passed).toBe(false)
    expect(auth!.evidence).toContain('without OAuth protected-resource metadata')
  })

  test('nothing observed is unknown, never a pass', () => {
    const r = readinessOf({ tools: [], remotes: [{}], remoteAuth: null })
    expect(r.ready).toBeNull()
    expect(r.checks.every((c) => c.passed === null)).toBe(true)
    expect(r.checks[0]!.evidence).toBe('no tool list observed yet')
    const empty = readinessOf({ tools: [], ...seen, remotes: [] })
    expect(empty.ready).toBeNull()
    expect(empty.checks[0]).toEqual({
      id: 'tool-titles',
      passed: null,
      evidence: 'it listed no tools; source: tools/list of streamable-http, seen 2026-12-01T00:00:00.000Z',
    })
  })

  test('a declared secret header is not a failure before the probe: many token endpoints also offer OAuth', () => {
    const r = readinessOf({
      tools: [],
      remotes: [{ headers: [{ name: 'Authorization', isSecret: true }] }],
    })
    expect(r.ready).toBeNull()
    expect(r.checks[3]).toEqual({
      id: 'remote-auth',
      passed: null,
      evidence:
        "the endpoint's auth has not been probed yet; its registry entry declares a secret header (Authorization)",
    })
    // One failure makes it not ready even when others are unknown.
    const keyed = readinessOf({ tools: [], remotes: [{}], remoteAuth: { kind: 'api_key' } })
    expect(keyed.ready).toBe(false)
  })

  test('no auth observed passes; a long list of failures says how many more', () => {
    const tools = Array.from({ length: 12 }, (_, i) => ({ name: `t${i}` }))
    const r = readinessOf({ tools, toolsSource: 'sandbox', remotes: [{}], remoteAuth: { kind: 'none' } })
    expect(r.checks[3]!.passed).toBe(true)
    expect(r.checks[0]!.evidence).toBe(
      '12 of 12 tools lack a title: t0, t1, t2, t3, t4, t5, t6, t7, t8, t9 and 2 more; source: tools/list of the package started in the sandbox',
    )
  })
})
