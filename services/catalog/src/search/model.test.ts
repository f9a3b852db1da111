import { describe, expect, test } from 'bun:test'
import { createLogger } from '@mcp-directory/shared/log'
import { serviceApp } from '@mcp-directory/shared/service'
import fc from 'fast-check'
import { SearchQuery } from './model'
import { searchSpecOf } from './service'

// The search route's model on a bare service app: what it accepts reaches the handler, the rest is a 400.
const app = serviceApp('test', 'http://localhost', createLogger('test', 'silent')).get(
  '/search',
  ({ query }) => searchSpecOf(query),
  { query: SearchQuery },
)
const get = async (qs: string) => {
  const res = await app.handle(new Request(`http://localhost/search?${qs}`))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const parse = async (qs: string) => {
  const r = await get(qs)
  expect([qs, r.status]).toEqual([qs, 200])
  return r.body as { q: string | null; limit: number; filters: Record<string, unknown>; sort: string }
}
const failure = async (qs: string) => {
  const r = await get(qs)
  expect([qs, r.status, r.body.error]).toEqual([qs, 400, 'invalid_parameter'])
  return r.body as { details: unknown[] }
}

describe('search parameters (contract §6)', () => {
  test('defaults', async () => {
    expect(await parse('')).toEqual({
      q: null,
      limit: 20,
      filters: { category: null, transport: null, verified: false },
      sort: 'relevance',
    })
    expect((await parse('q=%20%20')).q).toBeNull()
    expect((await parse('q=%20postgres%20')).q).toBe('postgres')
  })
  test('limit must be an integer from 1 to 100, never clamped', async () => {
    expect((await parse('limit=1')).limit).toBe(1)
    expect((await parse('limit=100')).limit).toBe(100)
    for (const bad of ['0', '101', '-1', '1.5', 'abc', '', ' 5', '1e2', '0x10']) {
      const e = await failure(`limit=${encodeURIComponent(bad)}`)
      expect(e.details).toEqual([{ parameter: 'limit', message: 'must be an integer from 1 to 100' }])
    }
  })
  test('transport and verified allow only their values', async () => {
    expect((await parse('transport=stdio')).filters.transport).toBe('stdio')
    expect((await parse('transport=remote')).filters.transport).toBe('remote')
    expect((await failure('transport=http')).details).toEqual([
      { parameter: 'transport', message: 'must be "stdio" or "remote"' },
    ])
    expect((await parse('verified=1')).filters.verified).toBe(true)
    for (const bad of ['0', 'true', 'yes', '']) await failure(`verified=${bad}`)
  })
  test('q is at most 200 characters; a cursor is made of the characters this API writes', async () => {
    expect((await failure(`q=${'a'.repeat(201)}`)).details).toEqual([
      { parameter: 'q', message: 'must be at most 200 characters' },
    ])
    for (const bad of ['forged!', '', 'x'.repeat(4097), 'a b'])
      expect((await failure(`cursor=${encodeURIComponent(bad)}`)).details).toEqual([
        { parameter: 'cursor', message: 'is not a cursor this API returned' },
      ])
    // What a well-formed cursor holds is the index's to judge (see engine/paging.test.ts).
    expect((await get(`cursor=${Buffer.from('{}').toString('base64url')}`)).status).toBe(200)
  })
  test('sort is one of the orders and claimed allows only 1; both are additive', async () => {
    for (const sort of ['relevance', 'new', 'installs', 'checked'])
      expect((await parse(`sort=${sort}`)).sort).toBe(sort)
    expect((await failure('sort=stars')).details).toEqual([
      { parameter: 'sort', message: 'must be one of relevance, new, installs, checked' },
    ])
    for (const bad of ['NEW', '', 'new,installs']) await failure(`sort=${encodeURIComponent(bad)}`)
    expect((await parse('claimed=1')).filters.claimed).toBe(true)
    // Absent, the filters are exactly what they were (a cursor hashes them).
    expect((await parse('')).filters).not.toHaveProperty('claimed')
    for (const bad of ['0', 'true', '']) await failure(`claimed=${bad}`)
  })
  test('client is one of the config clients', async () => {
    expect((await get('client=cursor')).status).toBe(200)
    const e = await failure('client=notepad')
    expect(e.details).toEqual([
      { parameter: 'client', message: expect.stringMatching(/^must be one of claude-desktop, /) },
    ])
  })
  test('an unknown category is a 400 unknown_category', async () => {
    expect((await parse('category=databases')).filters.category).toEqual(expect.any(String))
    const r = await get('category=definitely-not-a-category')
    expect([r.status, r.body.error]).toEqual([400, 'unknown_category'])
  })
  test('a repeated parameter is refused rather than guessed', async () => {
    for (const name of ['limit', 'client', 'q'])
      expect((await failure(`${name}=5&${name}=6`)).details).toEqual([
        { parameter: name, message: 'must be given at most once' },
      ])
  })
  test('any query string either parses or fails with a 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom(
            'q',
            'limit',
            'transport',
            'verified',
            'category',
            'cursor',
            'client',
            'sort',
            'claimed',
            'x',
          ),
          fc.string(),
        ),
        async (params) => {
          const r = await get(new URLSearchParams(params).toString())
          expect([200, 400]).toContain(r.status)
        },
      ),
      { numRuns: 2000 },
    )
  })
})
