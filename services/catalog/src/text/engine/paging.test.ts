import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { BadCursor, type Filters, type SearchDocument, SearchIndex } from './index'
import { testDocument } from './test-documents'

// A small vocabulary, so random listings share words and ties in score are common; two name a country, so some
// listings are scoped to one.
const WORDS = [
  'postgres',
  'database',
  'files',
  'github',
  'issues',
  'browser',
  'slack',
  'search',
  'weather',
  'maps',
  'korean',
  'japan',
]
const CATEGORIES = ['Databases', 'Developer Tools', 'Search']

const docArb = (id: string) =>
  fc
    .record({
      name: fc
        .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
        .map((w) => `io.github.o/${w.join('-')}`),
      description: fc.array(fc.constantFrom(...WORDS), { maxLength: 8 }).map((w) => w.join(' ')),
      tags: fc.array(fc.constantFrom(...WORDS), { maxLength: 2 }),
      category: fc.constantFrom(...CATEGORIES),
      repo: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
      hasPackage: fc.boolean(),
      verified: fc.boolean(),
      stars: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
    })
    .map(
      (r): SearchDocument => ({
        id,
        name: r.name,
        title: null,
        description: r.description,
        tags: r.tags,
        tools: [],
        readme: null,
        category: r.category,
        repositoryUrl: r.repo === null ? null : `https://github.com/o/r${r.repo}`,
        repositoryKey: r.repo === null ? null : `github.com/o/r${r.repo}`,
        hasPackage: r.hasPackage,
        hasRemote: !r.hasPackage,
        verified: r.verified,
        isOfficial: false,
        stars: r.stars,
        source: 'official-registry',
      }),
    )

const catalogArb = fc
  .integer({ min: 0, max: 60 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => docArb(`l${String(i).padStart(3, '0')}`))))

const filtersArb: fc.Arbitrary<Filters> = fc.record({
  category: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
  transport: fc.constantFrom(null, 'stdio' as const, 'remote' as const),
  verified: fc.boolean(),
})
const queryArb = fc.option(
  fc
    .array(fc.constantFrom(...WORDS, 'postgre', 'githib', 'the', 'zzz'), { minLength: 1, maxLength: 3 })
    .map((w) => w.join(' ')),
  { nil: null },
)

/** Walks every page; returns the ids in order and the totals each page reported. */
function walk(index: SearchIndex, q: string | null, filters: Filters, limit: number, between?: (page: number) => void) {
  const ids: string[] = []
  const totals: number[] = []
  let cursor: string | undefined
  for (let page = 0; page < 1000; page++) {
    const r = index.search(q, filters, limit, cursor)
    ids.push(...r.hits.map((h) => h.id))
    totals.push(r.total)
    if (!r.nextCursor) return { ids, totals }
    between?.(page)
    cursor = r.nextCursor
  }
  throw new Error('the walk did not end')
}

describe('exact paging', () => {
  test('walking every page yields every match once, as many as total, in the order of one big page', () => {
    fc.assert(
      fc.property(catalogArb, queryArb, filtersArb, fc.integer({ min: 1, max: 7 }), (docs, q, filters, limit) => {
        const index = new SearchIndex()
        for (const d of docs) index.upsert(d)
        const { ids, totals } = walk(index, q, filters, limit)
        expect(new Set(ids).size).toBe(ids.length)
        expect(ids.length).toBe(totals[0]!)
        const all = index.search(q, filters, 100_000)
        expect(ids).toEqual(all.hits.map((h) => h.id))
        // One result per server: no two hits share a repository.
        const repos = ids.map((id) => docs.find((d) => d.id === id)!.repositoryKey).filter(Boolean)
        expect(new Set(repos).size).toBe(repos.length)
      }),
      { numRuns: 300 },
    )
  })

  test('while listings are added and removed between pages, no listing appears twice', () => {
    fc.assert(
      fc.property(
        catalogArb,
        fc.array(docArb('x'), { maxLength: 10 }),
        queryArb,
        filtersArb,
        fc.integer({ min: 1, max: 5 }),
        (docs, extra, q, filters, limit) => {
          const index = new SearchIndex()
          for (const d of docs) index.upsert(d)
          const { ids } = walk(index, q, filters, limit, (page) => {
            const added = extra[page]
            if (added) index.upsert({ ...added, id: `new${page}` })
            const gone = docs[(page * 7) % Math.max(1, docs.length)]
            if (gone) index.remove(gone.id)
          })
          expect(new Set(ids).size).toBe(ids.length)
        },
      ),
      { numRuns: 300 },
    )
  })

  test('a cursor belongs to its query and filters; a forged one is refused', () => {
    const index = new SearchIndex()
    for (let i = 0; i < 5; i++)
      index.upsert(testDocument(`l${i}`, `io.github.o/postgres-${i}`, 'postgres database', { category: 'Databases' }))
    const none = { category: null, transport: null, verified: false }
    const first = index.search('postgres', none, 2)
    expect(first.nextCursor).not.toBeNull()
    expect(() => index.search('database', none, 2, first.nextCursor!)).toThrow(BadCursor)
    expect(() => index.search('postgres', { ...none, verified: true }, 2, first.nextCursor!)).toThrow(BadCursor)
    for (const forged of ['x', Buffer.from('{"h":1}').toString('base64url'), Buffer.from('[]').toString('base64url')])
      expect(() => index.search('postgres', none, 2, forged)).toThrow(BadCursor)
    expect(index.search('postgres', none, 2, first.nextCursor!).hits.map((h) => h.id)).toHaveLength(2)
  })
})
