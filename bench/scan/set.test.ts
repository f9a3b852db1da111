// The scan against its labelled set of real data (bench/scan): tool lists captured from real npm MCP servers must
// not be rated medium or above (at most one in forty), and the poisoned lists, in many languages and disguises and
// in every place, must be (recall of at least 0.95, every language and disguise caught somewhere).
import { describe, expect, test } from 'bun:test'
import { scanTools } from '@mcp-directory/shared/toolscan'
import { benignLists, classLists, freshLists, harmLists, type LabelledList, poisonedLists, precisionLists } from './set'

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

// The held-out set, written before the scan read combinations of cues: honest texts with one cue each (a secrets
// path a tool reads, "do not tell the user until…", an encoded example, cc and bcc fields) and orders against the
// user (BCC in each language's words, addresses spelled in each language's words, orders split over sentences).
describe('held out: realistic benign descriptions and orders against the user', () => {
  const { benign, poisoned } = precisionLists()
  test('at least 60 benign texts, at most one in forty at medium or above', () => {
    expect(benign.length).toBeGreaterThanOrEqual(60)
    const fp = benign.filter(flagged).map((l) => l.id)
    expect(fp.length / benign.length, fp.join(', ')).toBeLessThanOrEqual(1 / 40)
  })

  test('at least 40 poisoned cases, recall of at least 0.95, every class caught', () => {
    expect(poisoned.length).toBeGreaterThanOrEqual(40)
    const missed = poisoned.filter((l) => !flagged(l)).map((l) => l.id)
    expect(1 - missed.length / poisoned.length, missed.join(', ')).toBeGreaterThanOrEqual(0.95)
    const classes = new Set(poisoned.map((l) => l.kind!.split(' ')[1]))
    for (const c of classes)
      expect(
        poisoned.some((l) => l.kind!.endsWith(` ${c}`) && flagged(l)),
        c,
      ).toBe(true)
  })
})

describe('a second held-out check, written after the first change', () => {
  const { benign, poisoned } = freshLists()
  test('at most one in forty honest descriptions at medium or above, recall of at least 0.95', () => {
    const fp = benign.filter(flagged).map((l) => l.id)
    expect(fp.length / benign.length, fp.join(', ')).toBeLessThanOrEqual(1 / 40)
    const missed = poisoned.filter((l) => !flagged(l)).map((l) => l.id)
    expect(1 - missed.length / poisoned.length, missed.join(', ')).toBeGreaterThanOrEqual(0.95)
  })
})

// Classes an independent check found: a secret put into a parameter in languages the lexicon had no verb for,
// swapping a recipient, IBAN, wallet or phone number, exfiltration with no secret word, encodings (HTML entities,
// reversed text, leetspeak, dotted letters, rot13 beyond English), concealment and BCC in more words; and honest
// texts over-flagged (static links with a query, key generation, emoji joiners, soft hyphens, homoglyph checkers).
describe('classes: each caught, and the honest near misses below medium', () => {
  const { benign, poisoned } = classLists()
  test.each(poisoned.map((l) => [l.id, l] as const))('%s is at medium or above', (_, l) => {
    expect(level(l)).toMatch(/^(medium|high)$/)
  })
  test.each(benign.map((l) => [l.id, l] as const))('honest %s is below medium', (_, l) => {
    expect(['none', 'low']).toContain(level(l))
  })
})

// Acts against the user that need no hidden word: a secret named by its environment variable passed on, the user's
// words sent to a fixed address through another tool, the environment printed in a terminal and passed on, a payee
// substituted, the user's confirmation suppressed for a destructive act, other servers disparaged with the tool
// kept from the user; and honest near misses (a tool reading GITHUB_TOKEN, a delete tool that asks first, an IBAN
// parameter, a price comparison).
describe('acts against the user: each caught, and the honest near misses below medium', () => {
  const { benign, poisoned } = harmLists()
  test.each(poisoned.map((l) => [l.id, l] as const))('%s is at medium or above', (_, l) => {
    expect(level(l)).toMatch(/^(medium|high)$/)
  })
  test.each(benign.map((l) => [l.id, l] as const))('honest %s is below medium', (_, l) => {
    expect(['none', 'low']).toContain(level(l))
  })
})
