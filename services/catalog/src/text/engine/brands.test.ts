// Over the real catalog: the 20 brand names listings most often write in camelCase (MongoDB, GitHub, …) find the same
// top 10 typed in lower case as in the brand's own spelling.
import { describe, expect, test } from 'bun:test'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'

interface Entry {
  name: string
  title?: string
  description?: string
}

const none = { category: null, transport: null, verified: false }

describe('brands in camelCase', () => {
  test('the lower-case query returns the same top 10 as the brand spelling', async () => {
    const servers = await loadSharedData<Entry[]>('servers.json')
    const index = new SearchIndex()
    const spellings = new Map<string, Map<string, number>>()
    servers.forEach((s, i) => {
      const text = [s.title ?? '', s.description ?? ''].join(' ')
      index.upsert(testDocument(`l${i}`, s.name, s.description ?? '', { title: s.title ?? null }))
      // A brand written in camelCase: a capital, lower-case letters, then another capital (MongoDB, GitHub, OpenAI).
      for (const [w] of text.matchAll(/\b[A-Z][a-z]+[A-Z][A-Za-z]*\b/g)) {
        const forms = spellings.get(w.toLowerCase()) ?? new Map<string, number>()
        forms.set(w, (forms.get(w) ?? 0) + 1)
        spellings.set(w.toLowerCase(), forms)
      }
    })
    // The 20 written by the most listings, each in its most common spelling.
    const brands = [...spellings.values()]
      .map((forms) => [...forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)))
      .map((forms) => ({ spelling: forms[0]![0], uses: forms.reduce((n, f) => n + f[1], 0) }))
      .sort((a, b) => b.uses - a.uses || (a.spelling < b.spelling ? -1 : 1))
      .slice(0, 20)
    expect(brands).toHaveLength(20)
    const top = (q: string) => index.search(q, none, 10).hits.map((h) => h.id)
    for (const { spelling } of brands) {
      const own = top(spelling)
      expect(own.length).toBeGreaterThan(0)
      expect({ brand: spelling, top: top(spelling.toLowerCase()) }).toEqual({ brand: spelling, top: own })
    }
  })
})
