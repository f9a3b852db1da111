import { describe, expect, test } from 'bun:test'
import { associatesOf, withAssociations } from './associations'
import { SearchIndex } from './index'
import { basePlan } from './plan'
import type { TermStore } from './store'
import { testDocument as doc } from './test-documents'

const none = { category: null, transport: null, verified: false }

// Listings that say "exception" also say "crash" and "stacktrace"; one names only the product's own words.
function catalog(): SearchIndex {
  const index = new SearchIndex()
  for (let i = 0; i < 6; i++)
    index.upsert(doc(`ex${i}`, `exceptions-${i}`, `Exception reports with crash stacktrace grouping number ${i}`))
  index.upsert(doc('crashy', 'crashy', 'Crash and stacktrace alerts for your apps'))
  index.upsert(doc('plain', 'exception-notes', 'Exception notes kept in a folder'))
  for (let i = 0; i < 40; i++) index.upsert(doc(`filler${i}`, `filler-${i}`, `Unrelated helper ${i} for calendars`))
  return index
}
const storeOf = (index: SearchIndex) => (index as unknown as { store: TermStore }).store

describe('associations learnt from the catalog', () => {
  test("a word's associates are the terms its listings use far more often than the catalog", () => {
    const store = storeOf(catalog())
    const found = associatesOf(store, 'except').map((a) => a.term)
    expect(found).toContain('crash')
    // Terms every listing uses and unrelated ones are not associates.
    expect(found).not.toContain('calendar')
    expect(associatesOf(store, 'nosuchword')).toEqual([])
  })

  test('associates only reorder: the listings matched and the total stay those holding the words asked', () => {
    const index = catalog()
    const store = storeOf(index)
    const base = basePlan(store, ['exception'])
    const plan = withAssociations(store, base, ['exception'], new Map())
    const added = plan.terms.slice(base.terms.length)
    expect(added.length).toBeGreaterThan(0)
    for (const t of added) {
      expect(t.slot).toBe(-1)
      expect(t.weight).toBeLessThan(1)
    }
    const page = index.search('exception', none, 20)
    expect(page.total).toBe(7)
    expect(page.hits.map((h) => h.id)).not.toContain('crashy')
    // The listing that speaks of exceptions in the catalog's usual words ranks above the one that does not.
    const order = page.hits.map((h) => h.id)
    expect(order.indexOf('ex0')).toBeLessThan(order.indexOf('plain'))
  })

  test('the same catalog gives the same associates, in the same order', () => {
    const a = associatesOf(storeOf(catalog()), 'except')
    const b = associatesOf(storeOf(catalog()), 'except')
    expect(a).toEqual(b)
  })
})
