import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { parseSearchParams } from '../src/contracts'
import { AppError } from '../src/errors'

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs))
const failure = (qs: string) => {
  try {
    parse(qs)
  } catch (e) {
    return e as AppError
  }
  throw new Error(`expected ${qs} to fail`)
}

describe('search parameters (contract §6)', () => {
  test('defaults', () => {
    expect(parse('')).toEqual({ q: null, category: null, limit: 20, transport: null, verified: false, cursor: null })
  })
  test('limit must be an integer from 1 to 100, never clamped', () => {
    expect(parse('limit=1').limit).toBe(1)
    expect(parse('limit=100').limit).toBe(100)
    for (const bad of ['0', '101', '-1', '1.5', 'abc', '', ' 5', '1e2', '0x10']) {
      const e = failure(`limit=${encodeURIComponent(bad)}`)
      expect(e.status).toBe(400)
      expect(e.code).toBe('invalid_parameter')
      expect(e.details).toEqual([{ parameter: 'limit', message: expect.any(String) }])
    }
  })
  test('transport and verified allow only their values', () => {
    expect(parse('transport=stdio').transport).toBe('stdio')
    expect(parse('transport=remote').transport).toBe('remote')
    expect(failure('transport=http').details).toEqual([{ parameter: 'transport', message: expect.any(String) }])
    expect(parse('verified=1').verified).toBe(true)
    for (const bad of ['0', 'true', 'yes', '']) expect(failure(`verified=${bad}`).code).toBe('invalid_parameter')
  })
  test('a repeated parameter is refused rather than guessed', () => {
    expect(failure('limit=5&limit=6').details).toEqual([{ parameter: 'limit', message: expect.any(String) }])
  })
  test('any query string either parses or fails with a 400 invalid_parameter', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('q', 'limit', 'transport', 'verified', 'category', 'cursor', 'x'), fc.string()),
        (params) => {
          const qs = new URLSearchParams(params).toString()
          try {
            parse(qs)
          } catch (e) {
            expect(e).toBeInstanceOf(AppError)
            expect((e as AppError).status).toBe(400)
          }
        },
      ),
      { numRuns: 2000 },
    )
  })
})
