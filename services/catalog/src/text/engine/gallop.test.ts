// A term that only reorders is either scanned whole or looked up listing by listing (galloping), by how common it is
// against the matches: both ways must answer every search with the same pages and the same scores, bit for bit.
import { afterEach, expect, test } from 'bun:test'
import fc from 'fast-check'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { SearchIndex } from './index'
import { GALLOP } from './gallop'
import { testDocument } from './test-documents'

const FILTERS = { category: null, transport: null, verified: false }
const SAVED = GALLOP.ratio
afterEach(() => {
  GALLOP.ratio = SAVED
})

/** Every page of a search (up to `pages`), with each hit's score, as JSON. */
function pagesOf(index: SearchIndex, q: string, pages = 3): string {
  const out: unknown[] = []
  let cursor: string | undefined
  for (let i = 0; i < pages; i++) {
    const page = index.search(q, FILTERS, 7, cursor, true)
    out.push(
      page.total,
      page.hits.map((h) => [h.id, h.why?.score]),
    )
    if (!page.nextCursor) break
    cursor = page.nextCursor
  }
  return JSON.stringify(out)
}

test('galloping through a common term adds what scanning it adds, for every query and page', async () => {
  const servers = await loadSharedData<{ name: string; title?: string; description?: string }[]>('servers.json')
  const texts = servers.slice(0, 1500)
  // One index per way, so each makes its own plans (feedback reads a first pass scored that way).
  const built = () => {
    const index = new SearchIndex()
    for (const [i, s] of texts.entries())
      index.upsert(testDocument(`s${i}`, s.name, s.description ?? '', { title: s.title ?? null }))
    return index
  }
  const scanning = built()
  const galloping = built()
  // Queries of one to three words of the listings' own text: rare words (few matches, common feedback terms:
  // galloped) and common ones (scanned).
  const vocabulary = [...new Set(texts.flatMap((s) => (s.description ?? '').toLowerCase().split(/[^a-z]+/)))].filter(
    (w) => w.length > 3,
  )
  await fc.assert(
    fc.property(fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 3 }), (words) => {
      const q = words.join(' ')
      GALLOP.ratio = Number.POSITIVE_INFINITY
      const scanned = pagesOf(scanning, q)
      GALLOP.ratio = 0
      const galloped = pagesOf(galloping, q)
      expect(galloped).toBe(scanned)
    }),
    { numRuns: 150 },
  )
})
