// A word found in more than about one listing in ten (TUNING.common) only scores the listings its query's rarer words
// match; a query of common words alone is matched by its rarest word, the others scoring. Which listings match,
// and how they rank among themselves, is asserted on a small index; that nothing else about a search moves is the
// bench's and the quality figures' business.
import { afterEach, describe, expect, test } from 'bun:test'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'
import { TUNING } from './tuning'

const none = { category: null, transport: null, verified: false }
const saved = { ...TUNING.common }
afterEach(() => Object.assign(TUNING.common, saved))

/** 40 listings: "enable" in half of them, "workflow" in a quarter, "zebrafish" in two, "kiwi" in one. */
function catalog(): SearchIndex {
  const index = new SearchIndex()
  for (let i = 0; i < 40; i++) {
    const words = [
      i % 2 === 0 ? 'enable' : 'offer',
      i % 4 === 1 ? 'workflow' : 'records',
      i === 3 || i === 8 ? 'zebrafish' : i === 5 ? 'kiwi' : 'notes',
    ]
    index.upsert(testDocument(`l${String(i).padStart(2, '0')}`, `listing-${i}`, `Servers that ${words.join(' ')}`))
  }
  return index
}
const ids = (index: SearchIndex, q: string) => index.search(q, none, 100).hits.map((h) => h.id)

describe('search: common words score, rarer words match', () => {
  test('a common word beside a rare one matches nothing of its own, and still orders what the rare one matched', () => {
    const index = catalog()
    const page = index.search('enable zebrafish', none, 100)
    expect(page.total).toBe(2)
    // l08 says "enable" too: it comes first.
    expect(page.hits.map((h) => h.id)).toEqual(['l08', 'l03'])
    // Turned off, every listing saying "enable" matches again, below the two.
    Object.assign(TUNING.common, { idf: 0 })
    const all = catalog().search('enable zebrafish', none, 100)
    expect(all.total).toBe(21)
    expect(all.hits.slice(0, 2).map((h) => h.id)).toEqual(['l08', 'l03'])
  })

  test('a query of common words alone is matched by its rarest word', () => {
    const index = catalog()
    const workflow = ids(index, 'workflow')
    expect(workflow).toHaveLength(10)
    const both = index.search('enable workflow', none, 100)
    expect(both.total).toBe(10)
    expect(new Set(both.hits.map((h) => h.id))).toEqual(new Set(workflow))
    // The alone rule off, both words match (every "enable" listing and every "workflow" one).
    Object.assign(TUNING.common, { rarest: false })
    expect(catalog().search('enable workflow', none, 100).total).toBe(30)
  })

  test('a common word alone, and rare words together, match as before', () => {
    const index = catalog()
    expect(index.search('enable', none, 100).total).toBe(20)
    expect(index.search('zebrafish kiwi', none, 100).total).toBe(3)
  })

  test('a cursor walks the same matches as the first page', () => {
    const index = catalog()
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = index.search('enable workflow', none, 3, cursor)
      seen.push(...page.hits.map((h) => h.id))
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    expect(seen).toEqual(ids(index, 'enable workflow'))
  })
})
