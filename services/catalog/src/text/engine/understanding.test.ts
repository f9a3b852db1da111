import { describe, expect, test } from 'bun:test'
import { queryWords } from './analyze'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'
import { officialNamespace } from './document'

const doc = testDocument
const none = { category: null, transport: null, verified: false }
const index = new SearchIndex()
for (const d of [
  doc('pg', 'io.github.acme/postgres', 'Query a Postgres database with read-only SQL'),
  doc('pgsql', 'postgresql-tools', 'PostgreSQL schema tools'),
  doc('js', 'javascript-runner', 'Runs JavaScript snippets in a sandbox'),
  doc('wx', 'weather-now', 'Current conditions and forecasts for a city'),
  doc('cal', 'calendar-sync', 'Create and move calendar events'),
  ...Array.from({ length: 40 }, (_, i) => doc(`filler${i}`, `filler-${i}`, `Unrelated helper number ${i} for notes`)),
])
  index.upsert(d)
const ids = (q: string) => index.search(q, none, 5).hits.map((h) => h.id)

describe('understanding a query', () => {
  test('the conversational frame of a request is dropped', () => {
    expect(queryWords('I want a tool that can show me the weather right now, please')).toEqual(['show', 'weather'])
    expect(ids('could you find me an MCP server for the weather')[0]).toBe('wx')
  })
  test('plural and tense are folded; a prefix reaches the longer word; a typo reaches the word', () => {
    expect(ids('forecast')[0]).toBe('wx')
    expect(ids('calendars')[0]).toBe('cal')
    expect(ids('postgre')).toContain('pgsql')
    expect(ids('postgress').slice(0, 2).sort()).toEqual(['pg', 'pgsql'])
  })
  test('an abbreviation reaches its long form', () => {
    expect(ids('js')[0]).toBe('js')
  })
  test('a listing whose text is all stop words is held, replaced and removed like any other', () => {
    const i = new SearchIndex()
    i.upsert(doc('empty', 'mcp-server', 'The MCP server', { category: 'Tools' }))
    i.upsert(doc('empty', 'mcp-server', 'An MCP server for the model context protocol', { category: 'Tools' }))
    expect(i.size).toBe(1)
    i.remove('empty')
    expect(i.size).toBe(0)
  })
  test('an unknown word finds nothing rather than anything', () => {
    expect(index.search('qqqzzz', none, 5).total).toBe(0)
  })
  test('the official namespace is the repository owner named by the reverse-DNS name or npm scope', () => {
    expect(officialNamespace('io.github.acme/x', 'https://github.com/acme/x')).toBe(true)
    expect(officialNamespace('com.acme/x', 'https://github.com/acme/x-mcp')).toBe(true)
    expect(officialNamespace('@acme/x', 'https://github.com/acme/x')).toBe(true)
    expect(officialNamespace('io.github.mallory/x', 'https://github.com/acme/x')).toBe(false)
    expect(officialNamespace('io.github.github/x', 'https://github.com/acme/x')).toBe(false)
    expect(officialNamespace('x', 'https://github.com/x/x')).toBe(false)
  })
  test('a submitted io.github.<owner> name earns no trust: only an imported registry name proves its publisher', () => {
    const first = (source: string) => {
      const i = new SearchIndex()
      const repositoryUrl = 'https://github.com/acme/notes'
      i.upsert(doc('a', 'io.github.other/notes', 'notes', { repositoryUrl, source }))
      i.upsert(doc('b', 'io.github.acme/notes', 'notes', { repositoryUrl, source }))
      return i.search('notes', none, 1).hits[0]!.id
    }
    expect(first('official-registry')).toBe('b')
    expect(first('submission')).toBe('a')
  })
})
