// The scan against its labelled set of real data (bench/scan): tool lists captured from real npm MCP servers must
// not be rated medium or above (at most one in forty), and the poisoned lists, in many languages and disguises and
// in every place, must be (recall of at least 0.95, every language and disguise caught somewhere).
import { describe, expect, test } from 'bun:test'
import { scanTools } from '@mcp-directory/shared/toolscan'
import { benignLists, type LabelledList, poisonedLists } from './set'

const at = '2026-01-01T00:00:00.000Z'
const level = (l: LabelledList) => scanTools(l.tools, { name: l.name }, at, l.server).level
const flagged = (l: LabelledList) => level(l) === 'medium' || level(l) === 'high'

describe('benign: real npm servers as they list their tools', () => {
  const lists = benignLists()
  test('at least 40 captured servers, at most one in forty at medium or above', () => {
    expect(lists.length).toBeGreaterThanOrEqual(40)
    const fp = lists.filter(flagged).map((l) => l.id)
    expect(fp.length / lists.length, fp.join(', ')).toBeLessThanOrEqual(1 / 40)
  }, 60_000)

  // Servers a reviewer saw rated medium or high for honest text: a relative path to resolve, a usage example,
  // `find` queries, long descriptions, dangerous capabilities.
  test.each([
    '@circleci/mcp-server-circleci',
    'firecrawl-mcp',
    'mongodb-mcp-server',
    '@pinecone-database/mcp',
    '@softeria/ms-365-mcp-server',
    '@zereight/mcp-gitlab',
    'mcp-server-kubernetes',
    '@cyanheads/git-mcp-server',
  ])('%s is below medium', (name) => {
    const l = lists.find((x) => x.name === name)
    if (!l) return // not captured (see benign.json): nothing to assert
    expect(['none', 'low']).toContain(level(l))
  })
})

describe('poisoned: one order in one place, in many languages and disguises', () => {
  const lists = poisonedLists()
  test('recall of at least 0.95', () => {
    const missed = lists.filter((l) => !flagged(l)).map((l) => l.id)
    expect(1 - missed.length / lists.length, missed.join(', ')).toBeGreaterThanOrEqual(0.95)
  })

  test('at least 20 languages, each caught in every place', () => {
    const langs = new Set(lists.filter((l) => / (override|exfil)$/.test(l.kind!)).map((l) => l.kind!.split(' ')[0]))
    expect(langs.size).toBeGreaterThanOrEqual(20)
    for (const lang of langs)
      for (const place of ['description', 'parameter', 'instructions'])
        expect(
          lists.some((l) => l.kind === `${lang} override` && l.place === place && flagged(l)),
          `${lang} ${place}`,
        ).toBe(true)
  })

  test('every disguise (rot13, base64, spelled-out addresses, look-alike letters) is caught', () => {
    for (const l of lists.filter((x) => !/ /.test(x.kind!))) expect(flagged(l), l.id).toBe(true)
  })
})
