// The cost of one search is bounded by what the query asks, not by how many made-up words it holds: near spellings
// are looked for only for the first few words the index does not know (each look compares the word with every
// written word sharing its first letter). Twelve made-up 9-letter words once cost about 100 times a judged query.
// Bound asserted on the real catalog: the words a search's prefix and near-spelling look-ups hand back (what it then
// compares), for such a query, at most 4 times the worst of the 40 judged queries.
import { describe, expect, test } from 'bun:test'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'

interface Entry {
  name: string
  title?: string
  description?: string
  tags?: string[]
}

describe('search: typo and prefix look-ups per query are bounded', () => {
  test('12 unknown 9-letter words examine no more words than 4x the worst judged query', async () => {
    const servers = await loadSharedData<Entry[]>('servers.json')
    const queries = (await loadSharedData<{ query: string }[]>('queries.json')).map((q) => q.query)
    const index = new SearchIndex()
    for (const [i, s] of servers.entries())
      index.upsert(testDocument(`s${i}`, s.name, s.description ?? '', { title: s.title ?? null, tags: s.tags ?? [] }))
    // Counts what the store's look-ups hand back to the planner (each returned word is then compared or weighed).
    const store = (index as any).store
    let examined = 0
    for (const method of ['wordsWithPrefix', 'withPrefix'] as const) {
      const original = store[method].bind(store)
      store[method] = (prefix: string) => {
        const out = original(prefix) as string[]
        examined += out.length
        return out
      }
    }
    const cost = (q: string) => {
      ;(index as any).changed()
      examined = 0
      index.search(q, { category: null, transport: null, verified: false }, 20)
      return examined
    }
    const judged = Math.max(...queries.map(cost))
    const attack = cost(
      'sqzvkjwxq cqzvkjwxq pqzvkjwxq aqzvkjwxq dqzvkjwxq mqzvkjwxq tqzvkjwxq rqzvkjwxq eqzvkjwxq fqzvkjwxq gqzvkjwxq iqzvkjwxq',
    )
    expect(attack).toBeLessThanOrEqual(4 * judged)
  }, 120_000)
})
