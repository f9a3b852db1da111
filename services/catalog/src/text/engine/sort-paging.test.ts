import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { BadCursor, type Filters, type SearchDocument, SearchIndex, SORTS, type Sort } from './index'
import { testDocument } from './test-documents'

// Few values per order fact, so ties are common and the id must break them; a few repositories, so some listings
// are one server.
const WORDS = ['postgres', 'database', 'github', 'issues', 'slack', 'search']
const DAY = 86_400_000

const docArb = (id: string) =>
  fc
    .record({
      words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
      repo: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
      verified: fc.boolean(),
      isOfficial: fc.boolean(),
      addedDay: fc.integer({ min: 0, max: 4 }),
      installs: fc.integer({ min: 0, max: 3 }),
      checkedDay: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    })
    .map(
      (r): SearchDocument =>
        testDocument(id, `io.github.o/${r.words.join('-')}`, r.words.join(' '), {
          repositoryUrl: r.repo === null ? null : `https://github.com/o/r${r.repo}`,
          repositoryKey: r.repo === null ? null : `github.com/o/r${r.repo}`,
          verified: r.verified,
          isOfficial: r.isOfficial,
          order: {
            addedAt: 1_700_000_000_000 + r.addedDay * DAY,
            installs: r.installs,
            checkedAt: r.checkedDay === null ? 0 : 1_700_000_000_000 + r.checkedDay * DAY,
          },
        }),
    )

const catalogArb = fc
  .integer({ min: 0, max: 50 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => docArb(`l${String(i).padStart(3, '0')}`))))
const filtersArb: fc.Arbitrary<Filters> = fc
  .record({ verified: fc.boolean(), claimed: fc.boolean() })
  .map(({ verified, claimed }) => ({ category: null, transport: null, verified, ...(claimed ? { claimed } : {}) }))
const queryArb = fc.option(fc.constantFrom(...WORDS, 'postgre', 'github slack'), { nil: null })
const sortArb = fc.constantFrom(...SORTS.filter((s) => s !== 'relevance'))

/** The ids of every page of a search in one order, and the totals each page said. */
function walk(
  index: SearchIndex,
  q: string | null,
  filters: Filters,
  limit: number,
  sort: Sort,
  between?: (page: number) => void,
) {
  const ids: string[] = []
  let cursor: string | undefined
  for (let page = 0; page < 1000; page++) {
    const r = index.search(q, filters, limit, cursor, false, sort)
    ids.push(...r.hits.map((h) => h.id))
    if (!r.nextCursor) return { ids, total: r.total }
    between?.(page)
    cursor = r.nextCursor
  }
  throw new Error('the walk did not end')
}

/** What an order reads of a listing (as the engine must: seen running first for `checked`). */
function orderOf(d: SearchDocument, sort: Sort): number {
  const o = d.order!
  if (sort === 'new') return o.addedAt
  if (sort === 'installs') return o.installs
  return (d.verified ? 1e13 : 0) + o.checkedAt
}

describe('exact paging in every order', () => {
  test('every page walked: each server once, as many as total, in the order asked, the same servers as relevance', () => {
    fc.assert(
      fc.property(
        catalogArb,
        queryArb,
        filtersArb,
        sortArb,
        fc.integer({ min: 1, max: 6 }),
        (docs, q, filters, sort, limit) => {
          const index = new SearchIndex()
          for (const d of docs) index.upsert(d)
          const byId = new Map(docs.map((d) => [d.id, d]))
          const { ids, total } = walk(index, q, filters, limit, sort)
          expect(new Set(ids).size).toBe(ids.length)
          expect(ids.length).toBe(total)
          expect(ids).toEqual(index.search(q, filters, 100_000, undefined, false, sort).hits.map((h) => h.id))
          // Higher value first, ties by id.
          for (let i = 1; i < ids.length; i++) {
            const [a, b] = [byId.get(ids[i - 1]!)!, byId.get(ids[i]!)!]
            const [va, vb] = [orderOf(a, sort), orderOf(b, sort)]
            expect(va > vb || (va === vb && a.id < b.id)).toBe(true)
          }
          // An order changes only the order: the same servers (each its best listing) as relevance, filtered alike.
          const relevance = walk(index, q, filters, 100_000, 'relevance').ids
          expect([...ids].sort()).toEqual([...relevance].sort())
          if (filters.claimed) expect(ids.every((id) => byId.get(id)!.isOfficial)).toBe(true)
          if (filters.verified) expect(ids.every((id) => byId.get(id)!.verified)).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })

  test('while installs are counted between pages (they only grow), no listing appears twice', () => {
    fc.assert(
      fc.property(
        catalogArb,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 })), { maxLength: 20 }),
        queryArb,
        fc.integer({ min: 1, max: 4 }),
        (docs, counted, q, limit) => {
          const index = new SearchIndex()
          for (const d of docs) index.upsert(d)
          const none = { category: null, transport: null, verified: false }
          const { ids } = walk(index, q, none, limit, 'installs', (page) => {
            const [which, more] = counted[page] ?? [0, 0]
            const d = docs[which % Math.max(1, docs.length)]
            if (d) {
              d.order = { ...d.order!, installs: d.order!.installs + more }
              index.setOrder(d.id, d.order)
            }
          })
          expect(new Set(ids).size).toBe(ids.length)
        },
      ),
      { numRuns: 300 },
    )
  })

  test('a cursor belongs to its order; relevance cursors are what they were without one', () => {
    const index = new SearchIndex()
    for (let i = 0; i < 5; i++)
      index.upsert(
        testDocument(`l${i}`, `io.github.o/postgres-${i}`, 'postgres', {
          order: { addedAt: i, installs: 5 - i, checkedAt: 0 },
        }),
      )
    const none = { category: null, transport: null, verified: false }
    const newest = index.search(null, none, 2, undefined, false, 'new')
    expect(newest.hits.map((h) => h.id)).toEqual(['l4', 'l3'])
    expect(() => index.search(null, none, 2, newest.nextCursor!, false, 'installs')).toThrow(BadCursor)
    expect(() => index.search(null, none, 2, newest.nextCursor!)).toThrow(BadCursor)
    expect(index.search(null, none, 2, newest.nextCursor!, false, 'new').hits.map((h) => h.id)).toEqual(['l2', 'l1'])
    const relevance = index.search(null, none, 2)
    expect(index.search(null, none, 2, relevance.nextCursor!, false, 'relevance').hits).toHaveLength(2)
    expect(() => index.search(null, { ...none, claimed: true }, 2, relevance.nextCursor!)).toThrow(BadCursor)
  })
})
