import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { codeHmac, generateCode } from './code'

describe('confirmation codes', () => {
  test('always six digits, leading zeros kept', () => {
    for (let i = 0; i < 2000; i++) expect(generateCode()).toMatch(/^\d{6}$/)
    expect(generateCode((b) => b.fill(7))).toBe('000007')
  })
  test('draws at or above the largest multiple of 10^6 are rejected (no modulo bias)', () => {
    const limit = Math.floor(2 ** 32 / 1_000_000) * 1_000_000
    const draws = [2 ** 32 - 1, limit, limit - 1]
    let i = 0
    expect(generateCode((b) => b.fill(draws[i++]))).toBe(String((limit - 1) % 1_000_000).padStart(6, '0'))
    expect(i).toBe(3)
  })
  test('roughly uniform over the first digit', () => {
    const counts = new Array(10).fill(0)
    for (let i = 0; i < 20_000; i++) counts[Number(generateCode()[0])]++
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(300)
  })
  test('the HMAC depends on every input', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        if (a === b) return
        expect(codeHmac('k'.repeat(32), 'r', 'e@x.io', a)).not.toBe(codeHmac('k'.repeat(32), 'r', 'e@x.io', b))
      }),
    )
    expect(codeHmac('k'.repeat(32), 'r1', 'e@x.io', '123456')).not.toBe(
      codeHmac('k'.repeat(32), 'r2', 'e@x.io', '123456'),
    )
  })
})
