import { describe, expect, test } from 'bun:test'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { distinctQueries, normalizedQuery } from './queries'

interface Entry {
  name: string
  title?: string
  description?: string
}

describe('the bench query mix', () => {
  test('is thousands of distinct queries from the real catalog, none of them a judged query', async () => {
    const servers = await loadSharedData<Entry[]>('servers.json')
    const judged = (await loadSharedData<{ query: string }[]>('queries.json')).map((q) => q.query)
    const texts = servers.flatMap((s) => [s.name.split('/').at(-1)!, s.title ?? '', s.description ?? ''])
    const queries = distinctQueries(texts, judged, 3000)
    expect(queries.length).toBe(3000)
    expect(new Set(queries.map(normalizedQuery)).size).toBe(3000)
    const banned = new Set(judged.map(normalizedQuery))
    expect(queries.filter((q) => banned.has(normalizedQuery(q)))).toEqual([])
    for (const q of queries) expect(q.split(' ').length).toBeLessThanOrEqual(3)
    // The same seed gives the same mix.
    expect(distinctQueries(texts, judged, 3000)).toEqual(queries)
  })

  test('skips a phrase that is a judged query, however it is written in the text', () => {
    // Texts made only of judged phrases leave the generator only their other runs to take.
    const texts = ['Postgres', 'GitHub Issues', 'github-issues', 'send EMAIL', 'weather']
    const out = distinctQueries(texts, ['postgres', 'github issues', 'send email'], 5)
    expect(out.map(normalizedQuery)).not.toContain('postgres')
    expect(out.map(normalizedQuery)).not.toContain('github issues')
    expect(out.map(normalizedQuery)).not.toContain('send email')
    expect(out).toContain('weather')
  })

  test('says so when the texts cannot give as many queries as asked', () => {
    expect(() => distinctQueries(['postgres'], ['postgres'], 1)).toThrow('only 0 distinct queries')
  })
})
