// A re-check that changes only a listing's facts (health, verified, lifecycle) replaces it in the index with the
// same text. What the index remembers of words (their forms, their associations) then stays, and a search must
// answer exactly what it answers when everything is computed again: property-based over which listings are
// re-checked, with which facts, between which searches.
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { loadSharedData } from '@mcp-directory/shared/testing'
import type { SearchDocument } from './document'
import { associatesOf } from './associations'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'

interface Entry {
  name: string
  title?: string
  description?: string
  tags?: string[]
}

const FILTERS = { category: null, transport: null, verified: false }
const QUERIES = ['postgres', 'web search', 'browser automation', 'github issues', 'memory graph', 'slack', 'pdf']

describe('search index: a re-check with the same text', () => {
  test('keeps what it remembers of words, and every page is what a search computed afresh answers', async () => {
    const servers = await loadSharedData<Entry[]>('servers.json')
    const docs: SearchDocument[] = servers.map((s, i) =>
      testDocument(`s${i}`, s.name, s.description ?? '', { title: s.title ?? null, tags: s.tags ?? [] }),
    )
    // Listings a query word is in: the ones whose re-check can change what a search reads.
    const words = QUERIES.flatMap((q) => q.split(' '))
    const holding = docs.flatMap((d, i) => (words.some((w) => `${d.name} ${d.description}`.includes(w)) ? [i] : []))
    const recheck = fc.record({
      at: fc.constantFrom(...holding),
      verified: fc.boolean(),
      down: fc.boolean(),
      retired: fc.boolean(),
      query: fc.constantFrom(...QUERIES),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(recheck, { minLength: 1, maxLength: 12 }), async (steps) => {
        const kept = new SearchIndex()
        for (const d of docs) kept.upsert(d)
        const current = [...docs]
        for (const q of QUERIES) kept.search(q, FILTERS, 10)
        for (const s of steps) {
          current[s.at] = {
            ...current[s.at]!,
            verified: s.verified,
            lifecycle: { retired: s.retired ? 'archived' : null, down: s.down, install: 'high' },
          }
          kept.upsert(current[s.at]!)
          // Remembered words survive the re-check (a change of facts alone).
          expect((kept as any).forms.size).toBeGreaterThan(0)
          kept.search(s.query, FILTERS, 10)
        }
        // The same index state, with everything remembered forgotten before each search.
        for (const q of QUERIES) {
          const page = kept.search(q, FILTERS, 10, undefined, true)
          ;(kept as any).changed('text')
          const afresh = kept.search(q, FILTERS, 10, undefined, true)
          expect(page).toEqual(afresh)
          if (page.nextCursor)
            expect(kept.search(q, FILTERS, 10, page.nextCursor)).toEqual(
              kept.search(q, FILTERS, 10, afresh.nextCursor!),
            )
        }
      }),
      { numRuns: 8 },
    )
  }, 120_000)

  test("a word's associations are the same after its listings are replaced by themselves", async () => {
    const servers = await loadSharedData<Entry[]>('servers.json')
    const index = new SearchIndex()
    const docs = servers.map((s, i) =>
      testDocument(`s${i}`, s.name, s.description ?? '', { title: s.title ?? null, tags: s.tags ?? [] }),
    )
    for (const d of docs) index.upsert(d)
    const store = (index as any).store
    // Words held by more listings than an association's sample takes: the sample is a choice among them.
    const common = [...store.terms.values()]
      .filter((p: { df: number }) => p.df > 300 && p.df < 0.2 * store.live)
      .map((p: { term: string }) => p.term as string)
      .sort()
    expect(common.length).toBeGreaterThan(5)
    const before = common.map((t) => associatesOf(store, t))
    // Every third listing re-checked: a new number in the index, the same id and text.
    for (let i = 0; i < docs.length; i += 3) index.upsert({ ...docs[i]!, verified: true })
    expect(common.map((t) => associatesOf(store, t))).toEqual(before)
  }, 60_000)

  test('a replacement with other text forgets what was remembered of words', () => {
    const index = new SearchIndex()
    index.upsert(testDocument('a', 'alpha-tool', 'reads postgres tables'))
    index.upsert(testDocument('b', 'beta-tool', 'writes postgres rows'))
    index.search('postgres', FILTERS, 10)
    expect((index as any).forms.size).toBeGreaterThan(0)
    index.upsert(testDocument('a', 'alpha-tool', 'reads mysql tables'))
    expect((index as any).forms.size).toBe(0)
    expect(index.search('postgres', FILTERS, 10).hits.map((h) => h.id)).toEqual(['b'])
  })
})
