// A word found in at least a tenth of the listings (and in at least TUNING.common.minListings) beside one that is not
// only scores the listings the other matches; common words alone are each required. Which listings match, and how they rank among themselves, is asserted
// on a small index with the floor lowered; that nothing else about a search moves is the bench's and the quality
// figures' business.
import { afterEach, describe, expect, test } from 'bun:test'
import { SearchIndex } from './index'
import { packPlan, unpackPlan } from './plan-cursor'
import { testDocument } from './test-documents'
import { TUNING } from './tuning'

const none = { category: null, transport: null, verified: false }
const saved = { ...TUNING.common }
afterEach(() => Object.assign(TUNING.common, saved))
const floor = (minListings: number) => Object.assign(TUNING.common, { minListings })

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
const ids = (index: SearchIndex, q: string, limit = 100) => index.search(q, none, limit).hits.map((h) => h.id)
/** Every hit of a walk of pages of `limit`, cursor after cursor. */
function walk(index: SearchIndex, q: string, limit: number): string[] {
  const seen: string[] = []
  let cursor: string | undefined
  do {
    const page = index.search(q, none, limit, cursor)
    seen.push(...page.hits.map((h) => h.id))
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return seen
}

describe('search: common words score, rarer words match', () => {
  test('a common word beside a rare one matches nothing of its own, and still orders what the rare one matched', () => {
    floor(1)
    const page = catalog().search('enable zebrafish', none, 100)
    expect(page.total).toBe(2)
    // l08 says "enable" too: it comes first.
    expect(page.hits.map((h) => h.id)).toEqual(['l08', 'l03'])
    // Turned off, every listing saying "enable" matches again, below the two.
    Object.assign(TUNING.common, { share: 0 })
    const all = catalog().search('enable zebrafish', none, 100)
    expect(all.total).toBe(21)
    expect(all.hits.slice(0, 2).map((h) => h.id)).toEqual(['l08', 'l03'])
  })

  test('common words alone are each required, as in Lucene; a common word alone and rare words match as before', () => {
    floor(1)
    const index = catalog()
    // "offer" in the odd 20 and "records" in 30: both in the 10 where i % 4 is 3, where either is in all 40.
    const both = index.search('offer records', none, 100)
    expect(both.total).toBe(10)
    expect(both.hits.map((h) => Number(h.id.slice(1)) % 4)).toEqual(new Array(10).fill(3))
    expect(index.search('enable workflow', none, 100).total).toBe(0)
    expect(index.search('enable', none, 100).total).toBe(20)
    expect(index.search('zebrafish kiwi', none, 100).total).toBe(3)
    // Turned off, a listing saying either matches, those saying both first, in the same order.
    Object.assign(TUNING.common, { share: 0 })
    const either = catalog().search('offer records', none, 100)
    expect(either.total).toBe(40)
    expect(either.hits.slice(0, 10).map((h) => h.id)).toEqual(both.hits.map((h) => h.id))
  })

  test('common words also known joined (mongo db, mongodb) are not required: a listing writing mongodb matches', () => {
    floor(1)
    const index = new SearchIndex()
    for (let i = 0; i < 40; i++) {
      const text = i < 20 ? 'Mongo db tools' : i < 30 ? 'A mongodb client' : 'Spreadsheet notes'
      index.upsert(testDocument(`m${String(i).padStart(2, '0')}`, `listing-${i}`, text))
    }
    const page = index.search('mongo db', none, 100)
    expect(page.total).toBe(30)
    expect(page.hits.map((h) => h.id)).toContain('m25')
  })

  test('a word in fewer listings than the floor is never common: a small catalog matches as it did', () => {
    expect(catalog().search('enable zebrafish', none, 100).total).toBe(21)
    expect(catalog().search('offer records', none, 100).total).toBe(40)
  })

  test('the plan names its common words, a cursor carries them, and a walk meets each match once', () => {
    floor(1)
    const index = catalog()
    expect(walk(index, 'enable zebrafish', 1)).toEqual(ids(index, 'enable zebrafish'))
    // So does a walk of common words alone, each required.
    const required = walk(index, 'offer records', 3)
    expect(required).toEqual(ids(index, 'offer records'))
    expect(required).toHaveLength(10)
    // What a cursor may name: the slots of words, never all of them as common; two or more as required.
    const plan = {
      slots: [1, 2],
      avg: new Array(8).fill(1),
      terms: [
        { slot: 0, term: 'enabl', weight: 1, idf: 1 },
        { slot: 1, term: 'zebrafish', weight: 1, idf: 2 },
      ],
    }
    expect(unpackPlan(packPlan({ ...plan, common: [0] }))?.common).toEqual([0])
    expect(unpackPlan(packPlan(plan))?.common).toBeUndefined()
    for (const common of [[0, 1], [2], [0, 0], [], [0.5], '0'])
      expect(unpackPlan([...packPlan(plan), common])).toBeNull()
    expect(unpackPlan(packPlan({ ...plan, required: [1, 0] }))?.required).toEqual([1, 0])
    for (const forged of [[0], [0, 0], [0, 2], [0, 0.5], '01'])
      expect(unpackPlan([...packPlan(plan), [], forged])).toBeNull()
    expect(unpackPlan([...packPlan(plan), [0], [0, 1]])).toBeNull()
  })
})
