import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { written } from '../terms'
import { queryWords } from './analyze'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'

const none = { category: null, transport: null, verified: false }
const capital = (w: string) => w[0]!.toUpperCase() + w.slice(1)
// Random lower-case words of letters that are no stop word (a fixed prefix keeps them clear of English).
const piece = fc.stringMatching(/^[a-z]{3,7}$/).map((w) => `zq${w}`)

describe('how a word is written', () => {
  test('a camelCase, PascalCase or digit-marked word is read joined and as its parts', () => {
    expect(written('MongoDB')).toMatchObject({ words: ['mongodb'], parts: ['mongo', 'db'] })
    expect(written('OpenAI')).toMatchObject({ words: ['openai'], parts: ['open', 'ai'] })
    expect(written('HTTPServer web3')).toMatchObject({
      words: ['httpserver', 'web3'],
      parts: ['http', 'server', 'web'],
    })
    expect(written('next.js mongo-db')).toMatchObject({
      words: ['next', 'js', 'mongo', 'db'],
      joined: ['nextjs', 'mongodb'],
    })
    // Words every server shares stay out of a joined word.
    expect(written('postgres-mcp').joined).toEqual([])
  })

  test('a query is read in lower case whatever its case', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 30 }),
        (ws, up) => {
          const q = ws.join(' ')
          const mixed = [...q].map((c, i) => (up[i % up.length] ? c.toUpperCase() : c)).join('')
          expect(queryWords(mixed)).toEqual(queryWords(q))
        },
      ),
    )
  })

  test('a listing is found by its compound written joined, split, in any case, or with a hyphen or a dot', () => {
    fc.assert(
      fc.property(piece, piece, fc.constantFrom('camel', 'hyphen', 'dot', 'underscore', 'joined'), (a, b, style) => {
        fc.pre(a !== b)
        const forms = {
          camel: `${capital(a)}${capital(b)}`,
          hyphen: `${a}-${b}`,
          dot: `${a}.${b}`,
          underscore: `${a}_${b}`,
          joined: `${a}${b}`,
        }
        const index = new SearchIndex()
        index.upsert(testDocument('it', `io.github.o/${forms[style]}`, `Works with ${forms[style]} everywhere`))
        index.upsert(testDocument('other', 'io.github.o/other', `Unrelated notes about ${a}`))
        for (const q of [`${a}${b}`, `${a}${b}`.toUpperCase(), `${capital(a)}${capital(b)}`, `${a}-${b}`, `${a}.${b}`])
          expect(index.search(q, none, 5).hits.map((h) => h.id)).toContain('it')
      }),
      { numRuns: 60 },
    )
  })

  test('case never changes the result list', () => {
    const docs = [
      testDocument('mongo', 'io.github.a/mongodb-tools', 'Query MongoDB collections'),
      testDocument('mongo-split', 'io.github.b/mongo-helper', 'A Mongo DB helper'),
      testDocument('open', 'io.github.c/openai-bridge', 'Call OpenAI models'),
      testDocument('openish', 'io.github.d/open-files', 'Open files and folders'),
      testDocument('next', 'io.github.e/next-tools', 'Tools for Next.js apps'),
    ]
    const index = new SearchIndex()
    for (const d of docs) index.upsert(d)
    fc.assert(
      fc.property(
        fc.constantFrom('mongodb', 'openai', 'nextjs', 'mongo db', 'next js'),
        fc.array(fc.boolean(), { minLength: 10 }),
        (q, up) => {
          const mixed = [...q].map((c, i) => (up[i % up.length] ? c.toUpperCase() : c)).join('')
          const ids = (s: string) => index.search(s, none, 10).hits.map((h) => h.id)
          expect(ids(mixed)).toEqual(ids(q))
        },
      ),
    )
  })

  test('a query word is not outranked by its parts, and its parts alone match only together', () => {
    const index = new SearchIndex()
    index.upsert(testDocument('joined', 'io.github.a/ai-bridge', 'Calls OpenAI models'))
    index.upsert(testDocument('apart', 'io.github.b/bridge', 'Calls open AI models'))
    index.upsert(testDocument('open', 'io.github.c/files', 'Open files and folders'))
    const ids = index.search('OpenAI', none, 10).hits.map((h) => h.id)
    expect(ids).toEqual(['joined', 'apart'])
    // `mongodb` asked as its parts (the index saw MongoDB written), and only where both are held.
    index.upsert(testDocument('mongo', 'io.github.d/store', 'MongoDB queries'))
    index.upsert(testDocument('mongo-apart', 'io.github.e/store2', 'Mongo DB queries'))
    index.upsert(testDocument('db-only', 'io.github.f/store3', 'Any DB queries'))
    expect(index.search('mongodb', none, 10).hits.map((h) => h.id)).toEqual(['mongo', 'mongo-apart'])
  })
})
