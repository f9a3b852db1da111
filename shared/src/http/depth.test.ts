import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { AppError } from '../errors'
import { MAX_JSON_DEPTH, nestsDeeperThan, readJsonBody } from './index'

// The depth as a parser sees it: each object or array is one level.
function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0
  const inner = Object.values(v as Record<string, unknown>).map(depthOf)
  return 1 + Math.max(0, ...inner)
}

const post = (text: string) =>
  new Request('http://x/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text })

const deepTags = (levels: number) => `{"tags":${'['.repeat(levels)}"x"${']'.repeat(levels)}}`

describe('nestsDeeperThan', () => {
  test('property: agrees with the depth of the parsed value, whatever its strings hold', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), fc.integer({ min: 0, max: 12 }), (v, max) => {
        expect(nestsDeeperThan(JSON.stringify(v), max)).toBe(depthOf(v) > max)
      }),
      { numRuns: 2000 },
    )
  })

  test('brackets and escaped quotes inside strings do not count', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{\\"[[[[' }), 1)).toBe(false)
    expect(nestsDeeperThan('{"a":"\\\\"}', 1)).toBe(false)
  })

  test('a body at the limit passes, one level more does not', () => {
    expect(nestsDeeperThan(deepTags(MAX_JSON_DEPTH - 1))).toBe(false)
    expect(nestsDeeperThan(deepTags(MAX_JSON_DEPTH))).toBe(true)
  })
})

describe('readJsonBody', () => {
  test('a body nested 10,000 levels deep is a 400 invalid_body, read without recursion', async () => {
    const err = (await readJsonBody(post(deepTags(10_000)), 1 << 20).catch((e: unknown) => e)) as AppError
    expect(err).toBeInstanceOf(AppError)
    expect({ status: err.status, code: err.code }).toEqual({ status: 400, code: 'invalid_body' })
  })

  test('a body within the depth is parsed as sent', async () => {
    expect(await readJsonBody(post(deepTags(10)), 1 << 20)).toEqual(JSON.parse(deepTags(10)))
  })
})
