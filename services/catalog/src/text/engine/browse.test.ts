// A browse (no query words) walks every listing: its first pages are remembered, shared by every query of stop words
// alone, until the index changes (a listing's text, facts or counters).
import { describe, expect, test } from 'bun:test'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'

const none = { category: null, transport: null, verified: false }
const order = (installs: number) => ({ addedAt: 0, installs, checkedAt: 0 })

function catalog(): SearchIndex {
  const index = new SearchIndex()
  for (let i = 0; i < 30; i++)
    index.upsert(testDocument(`l${String(i).padStart(2, '0')}`, `listing-${i}`, `Notes ${i}`, { order: order(i) }))
  return index
}
const ids = (index: SearchIndex, q: string | null, sort: 'relevance' | 'installs' = 'relevance') =>
  index.search(q, none, 5, undefined, false, sort).hits.map((h) => h.id)

describe('search: a browse page is remembered until the index changes', () => {
  test('an empty query and one of stop words alone share the first page; another page size or order its own', () => {
    const index = catalog()
    const first = index.search(null, none, 5)
    expect(index.search('the and with', none, 5)).toBe(first)
    expect(index.search(null, none, 6)).not.toBe(first)
    expect(index.search(null, none, 5, undefined, false, 'installs')).not.toBe(first)
    // A later page is walked afresh, from the cursor of the remembered one.
    const next = index.search('with', none, 5, first.nextCursor!)
    expect(next.hits.map((h) => h.id)).not.toContain(first.hits[0]!.id)
  })

  test('a new listing, a change of facts and a change of counters are seen at once', () => {
    const index = catalog()
    expect(ids(index, null)).not.toContain('new')
    index.upsert(testDocument('new', 'new-listing', 'Notes', { isOfficial: true, verified: true }))
    expect(ids(index, null)[0]).toBe('new')
    index.upsert(testDocument('new', 'new-listing', 'Notes', { order: order(-1) }))
    expect(ids(index, 'the')[0]).not.toBe('new')
    expect(ids(index, null, 'installs')[0]).toBe('l29')
    index.setOrder('l00', order(1000))
    expect(ids(index, null, 'installs')[0]).toBe('l00')
    index.remove('l00')
    expect(ids(index, null, 'installs')).not.toContain('l00')
  })
})
