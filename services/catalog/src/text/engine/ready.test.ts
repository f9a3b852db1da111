// The `ready` filter: only listings whose every readiness check passed, in a query and in a browse, with a total that
// counts them alone; a change of readiness alone (a re-check) moves a listing in or out at once; a search without the
// filter pages as before (its cursor is not one of a `ready` walk).
import { describe, expect, test } from 'bun:test'
import { BadCursor } from './cursor'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'

const none = { category: null, transport: null, verified: false }
const ready = { ...none, ready: true }

function catalog(): SearchIndex {
  const index = new SearchIndex()
  for (let i = 0; i < 12; i++)
    index.upsert(
      testDocument(`l${String(i).padStart(2, '0')}`, `tides-${i}`, `Tide tables ${i}`, { ready: i % 3 === 0 }),
    )
  return index
}
const ids = (index: SearchIndex, q: string | null, filters = ready, limit = 20) =>
  index
    .search(q, filters, limit)
    .hits.map((h) => h.id)
    .sort()

describe('search: ready for an agent’s host', () => {
  test('a query and a browse keep only the ready listings, and count only them', () => {
    const index = catalog()
    expect(ids(index, 'tide')).toEqual(['l00', 'l03', 'l06', 'l09'])
    expect(ids(index, null)).toEqual(['l00', 'l03', 'l06', 'l09'])
    expect(index.search('tide', ready, 2).total).toBe(4)
    expect(index.search('tide', none, 2).total).toBe(12)
  })

  test('a re-check that changes readiness alone moves the listing in or out at once', () => {
    const index = catalog()
    index.upsert(testDocument('l01', 'tides-1', 'Tide tables 1', { ready: true }))
    index.upsert(testDocument('l00', 'tides-0', 'Tide tables 0', { ready: false }))
    expect(ids(index, 'tide')).toEqual(['l01', 'l03', 'l06', 'l09'])
  })

  test("a cursor walks the pages it was made for: one without the filter is not a ready walk's", () => {
    const index = catalog()
    const first = index.search('tide', none, 2)
    expect(() => index.search('tide', ready, 2, first.nextCursor!)).toThrow(BadCursor)
    const page = index.search('tide', ready, 2)
    const next = index.search('tide', ready, 2, page.nextCursor!)
    expect([...page.hits, ...next.hits].map((h) => h.id).sort()).toEqual(['l00', 'l03', 'l06', 'l09'])
  })
})
