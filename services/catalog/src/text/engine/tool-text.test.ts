// A listing's observed tools are searched, but they do not move the statistics every query is scored by: which
// listings happen to have tools must not reorder the listings that do not.
import { afterEach, describe, expect, test } from 'bun:test'
import { analyse, FIELDS } from './document'
import { SearchIndex } from './index'
import { TermStore } from './store'
import { testDocument } from './test-documents'
import { TUNING } from './tuning'

const none = { category: null, transport: null, verified: false }
const saved = { ...TUNING.feedback }
afterEach(() => Object.assign(TUNING.feedback, saved))
const tool = (name: string, description: string) => ({ name, description })

/** Ten listings about notes, two about screenshots; `withTools` gives three of the notes listings page tools. */
function documents(withTools: boolean) {
  return Array.from({ length: 12 }, (_, i) =>
    testDocument(
      `l${String(i).padStart(2, '0')}`,
      `listing-${i}`,
      i < 2 ? `Take a screenshot of a page ${'and more '.repeat(i)}` : `Keeps notes number ${i}`,
      withTools && i >= 2 && i < 5
        ? { tools: [tool('open_page', 'Open a page and take a screenshot'), tool('geocode', 'Geocode an address')] }
        : {},
    ),
  )
}

function index(withTools: boolean): SearchIndex {
  const out = new SearchIndex()
  for (const d of documents(withTools)) out.upsert(d)
  return out
}

describe("a listing's tools in search", () => {
  test("a word's listings are counted by their own text; a word only tools use, by those", () => {
    const store = new TermStore()
    for (const d of documents(true)) store.upsert(analyse(d))
    // "page" and "screenshot": the two listings that say it, not the three whose tools do.
    expect(store.terms.get('page')!.df).toBe(2)
    expect(store.terms.get('screenshot')!.df).toBe(2)
    expect(store.terms.get('geocod')!.df).toBe(3)
    // A listing gone takes its counts with it.
    store.remove('l02')
    expect(store.terms.get('geocod')!.df).toBe(2)
    expect(store.terms.get('page')!.df).toBe(2)
  })

  test("listings without tools score the same whether or not others' tools use the query's words", () => {
    // Feedback reads the best first-pass matches, which the listings with tools are (rightly) among: off here.
    Object.assign(TUNING.feedback, { terms: 0 })
    const relevance = (ix: SearchIndex) =>
      Object.fromEntries(
        ix
          .search('screenshot page', none, 20, undefined, true)
          .hits.filter((h) => h.id < 'l02')
          .map((h) => [h.id, h.why!.relevance]),
      )
    const without = relevance(index(false))
    expect(Object.keys(without)).toEqual(['l00', 'l01'])
    expect(relevance(index(true))).toEqual(without)
  })

  test('a word only tools use finds their listings', () => {
    expect(
      index(true)
        .search('geocode', none, 10)
        .hits.map((h) => h.id),
    ).toEqual(['l02', 'l03', 'l04'])
  })

  test('the tool fields are as long on average as the tool lists of the listings that have one', () => {
    const store = new TermStore()
    for (const d of documents(true)) store.upsert(analyse(d))
    const avg = store.averageLengths()
    const lengths = analyse(documents(true)[2]!).lengths
    for (const field of ['tools', 'toolText'] as const) {
      const f = FIELDS.indexOf(field)
      // Three listings with the same tools: their length, not a quarter of it (twelve listings in all).
      expect(avg[f]).toBe(lengths[f]!)
    }
  })
})
