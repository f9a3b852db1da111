import { describe, expect, test } from 'bun:test'
import { marksList, marksOf } from './marks'

const base = { isOfficial: false, isVerifiedActive: false }
const keys = (f: Parameters<typeof marksOf>[0]) => marksOf(f).map((m) => m.key)

describe('marks', () => {
  test('the publisher mark shows only when publisherVerified is present and true, with its evidence', () => {
    expect(keys(base)).not.toContain('publisher')
    expect(keys({ ...base, publisherVerified: false })).not.toContain('publisher')
    const m = marksOf({
      ...base,
      publisherVerified: true,
      publisherEvidence: { rule: 'io.github namespace', repository: 'github.com/github/github-mcp-server' },
    }).find((x) => x.key === 'publisher')!
    expect(m.label).toBe('Verified publisher')
    expect(m.means).toContain('github.com/github/github-mcp-server')
  })

  test("with the answer's publisher, the mark follows its verified and its tooltip names the proof", () => {
    const publisher = {
      name: 'mallory',
      kind: 'github' as const,
      id: 'mallory',
      verified: true,
      relation: 'community' as const,
      label: 'by mallory · community',
      evidence: [
        {
          kind: 'registry-namespace' as const,
          source: 'official-registry' as const,
          proves: true,
          detail: 'namespace io.github.mallory, granted by the official MCP registry after a GitHub login as mallory',
        },
        {
          kind: 'repository' as const,
          source: 'entry' as const,
          proves: false,
          detail: 'repository github.com/mallory/zulip',
        },
      ],
    }
    const m = marksOf({ ...base, publisherVerified: false, publisher }).find((x) => x.key === 'publisher')!
    expect(m.label).toBe('Verified publisher')
    expect(m.means).toBe(
      "Who published it is proven: by mallory · community. Evidence: namespace io.github.mallory, granted by the official MCP registry after a GitHub login as mallory (checked by the official MCP registry). A community server: about another brand or topic, not mallory's own.",
    )
    // Only links, or nobody known: no mark, whatever the older field says.
    const unproven = { ...publisher, verified: false, evidence: [publisher.evidence[1]!] }
    expect(keys({ ...base, publisherVerified: true, publisher: unproven })).not.toContain('publisher')
    // A hostile label stays text in the tooltip.
    const out = marksList(marksOf({ ...base, publisher: { ...publisher, label: 'by <script>x</script>' } })).value
    expect(out).toContain('title="Who published it is proven: by &lt;script&gt;x&lt;/script&gt;.')
    expect(out).not.toContain('<script>')
  })

  test('archived and risk come first; a cleared risk says so; a low risk is no mark', () => {
    const risk = (level: string, cleared = false) => ({
      level,
      cleared,
      findings: [{ message: 'asks to ignore its instructions' }],
    })
    const m = marksOf({ ...base, isOfficial: true, archived: 'the repository is archived', risk: risk('high') })
    expect(m.map((x) => x.key).slice(0, 3)).toEqual(['archived', 'risk', 'official'])
    expect(m[1]!.label).toBe('Risk: high')
    expect(m[1]!.means).toContain('asks to ignore its instructions')
    expect(m[1]!.means).toContain('high-level finding')
    // A search hit says the level without findings: the tooltip says where they are.
    const hit = marksOf({ ...base, risk: { level: 'medium', cleared: false, findings: [] } })[0]!
    expect([hit.label, hit.tone]).toEqual(['Risk: medium', 'warn'])
    expect(hit.means).toContain('medium-level finding to read before use (the listing page shows it)')
    expect(marksOf({ ...base, risk: risk('high', true) })[0]!.label).toBe('Risk cleared')
    expect(keys({ ...base, risk: risk('low') })).not.toContain('risk')
  })

  test('install confidence: confirmed, unconfirmed with its note, guessed only with its guess; none when unknown', () => {
    const mark = (f: Parameters<typeof marksOf>[0]) => marksOf(f).find((m) => m.key === 'install')
    const label = (f: Parameters<typeof marksOf>[0]) => mark(f)?.label
    expect(label({ ...base, install: { confidence: 'high' } })).toBe('Install: confirmed')
    expect(label({ ...base, install: { confidence: 'low' } })).toBe('Install: unconfirmed')
    // A detail without configs says "guessed" only when its install holds the command guessed, and names it.
    const guessed = {
      kind: 'local',
      confidence: 'low',
      command: 'npx',
      args: ['-y', 'github:acme/tool'],
      note: 'a guess',
    }
    expect(mark({ ...base, install: guessed, configs: null })).toMatchObject({
      label: 'Install: guessed',
      means:
        'No confirmed install: the directory only guesses npx -y github:acme/tool (a guess). Check the README first.',
    })
    expect(label({ ...base, install: { confidence: 'high' }, configs: null })).toBe('Install: unknown')
    expect(label({ ...base, install: null, configs: null })).toBe('Install: unknown')
    // A hit (with a client) carries its guess; one without an install says unknown, never guessed.
    const hitGuess = { confidence: 'low', guess: { command: 'uvx --from git+https://github.com/a/b b', note: 'n' } }
    expect(mark({ ...base, install: hitGuess })?.means).toContain('uvx --from git+https://github.com/a/b b (n)')
    expect(label({ ...base, install: null })).toBe('Install: unknown')
    expect(label(base)).toBeUndefined()
  })

  test('each mark is a text label with its meaning as a tooltip and for screen readers, escaped', () => {
    const out = marksList(marksOf({ ...base, archived: '<script>x</script>', transports: ['stdio', 'remote'] })).value
    expect(out).toContain('data-mark="archived" title="No longer maintained: &lt;script&gt;x&lt;/script&gt;."')
    expect(out).toContain('>Local<span class="visually-hidden">: Runs as a local process')
    expect(out).not.toContain('<script>')
  })
})
