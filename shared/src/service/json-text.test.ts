// The typed JSON builders: the text they write is JSON.stringify's to the byte, and the compiler refuses a part of
// another model or an object missing a member (the `@ts-expect-error` lines below fail `tsc` if they compile).
import { describe, expect, test } from 'bun:test'
import type { SearchHit, SearchResponse } from '../contracts'
import {
  asBytes,
  type Json,
  json,
  jsonArray,
  jsonAsWritten,
  jsonJoin,
  type JsonMembers,
  jsonMembers,
  jsonMembersOf,
  jsonObject,
  JsonText,
  joinMembers,
  readJson,
} from './json-text'

const textOf = (j: Json<unknown>) => {
  const t = j.text
  return typeof t === 'string' ? t : Buffer.from(t).toString()
}

interface Hit {
  id: string
  name: string
  tags: string[]
  why?: { score: number }
}
interface Page {
  total: number
  hits: Hit[]
  next: string | null
}
const hit: Hit = { id: 'a', name: 'Ä é 🎉', tags: ['x', 'y'] }

describe('typed JSON', () => {
  test('each builder writes what JSON.stringify writes, in the order given', () => {
    const head = asBytes(jsonMembersOf<Omit<Hit, 'tags' | 'why'>>({ id: hit.id, name: hit.name }))
    const built = jsonJoin(head, jsonMembers<Pick<Hit, 'tags' | 'why'>>({ tags: json(hit.tags), why: undefined }))
    const page = jsonObject<Page>({ total: json(1), hits: jsonArray<Hit>([built, built]), next: json(null) })
    expect(page).toBeInstanceOf(JsonText)
    expect(textOf(page)).toBe(JSON.stringify({ total: 1, hits: [hit, hit], next: null }))
    expect(readJson(page)).toEqual({ total: 1, hits: [hit, hit], next: null })
  })

  test('an optional member is written when given; empty groups leave no comma', () => {
    const why = jsonMembers<Pick<Hit, 'why'>>({ why: json({ score: 2 }) })
    const all = joinMembers(jsonMembersOf({}), jsonMembersOf({ id: 'b' }), jsonMembersOf({}), why)
    expect(textOf(jsonJoin(all))).toBe('{"id":"b","why":{"score":2}}')
    expect(textOf(jsonJoin(jsonMembersOf({})))).toBe('{}')
    expect(textOf(jsonArray([]))).toBe('[]')
  })

  test('indented, and stored values as JSON writes them (dates as text)', () => {
    expect(textOf(json({ a: [1] }, 2))).toBe(JSON.stringify({ a: [1] }, null, 2))
    const at = new Date(0)
    const written: Json<{ at: string }> = jsonAsWritten({ at })
    expect(textOf(written)).toBe('{"at":"1970-01-01T00:00:00.000Z"}')
  })
})

// Compile-time only: the drifts the builders exist to refuse.
export function refusedDrifts(hits: Json<SearchHit>[], page: Json<Page>, head: JsonMembers<Omit<Hit, 'tags'>>) {
  // @ts-expect-error A search answer missing a member (`nextCursor`) does not compile.
  jsonObject<SearchResponse>({ total: json(1), query: json(null), category: json(null), servers: jsonArray(hits) })
  jsonObject<SearchResponse>({
    total: json(1),
    query: json(null),
    category: json(null),
    // @ts-expect-error A part of another model (a page of `Hit`s where search hits go) does not compile.
    servers: page,
    nextCursor: json(null),
  })
  jsonObject<SearchResponse>({
    // @ts-expect-error A member of the wrong type (a count as text) does not compile.
    total: json('1'),
    query: json(null),
    category: json(null),
    servers: jsonArray(hits),
    nextCursor: json(null),
  })
  // @ts-expect-error Kept members without `tags` are not a whole `Hit`.
  const partial: Json<Hit> = jsonJoin(head)
  // @ts-expect-error No answer is made from a bare string: the constructor is private.
  const forged = new JsonText<SearchResponse>('{}')
  // @ts-expect-error Nor is a bare string kept members.
  const members: JsonMembers<Hit> = '"id":"a"'
  return [partial, forged, members]
}
