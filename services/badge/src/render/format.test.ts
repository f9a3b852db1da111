import { expect, test } from 'bun:test'
import fc from 'fast-check'
import { abbreviate, cleanText, fitText, textWidth, xmlEscape } from './format'

test('numbers are abbreviated as badges show them', () => {
  const cases: [number, string][] = [
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [9_999, '10k'],
    [12_345, '12k'],
    [999_499, '999k'],
    [999_950, '1M'],
    [3_400_000, '3.4M'],
    [2_500_000_000, '2.5B'],
    [-5, '0'],
    [Number.NaN, '0'],
  ]
  for (const [n, s] of cases) expect(abbreviate(n)).toBe(s)
})

test('property: every count abbreviates to at most four characters of one shape', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
      const s = abbreviate(n)
      expect(s).toMatch(/^(\d{1,3}|\d(\.\d)?[kMBT]|\d{2,3}[kMBT])$/)
    }),
  )
})

test('property: cleaned and escaped text holds no markup and no character XML refuses', () => {
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (s) => {
      const out = xmlEscape(cleanText(s))
      expect(out).not.toMatch(/[<>"']/)
      expect(out).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/)
      expect(out).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/)
    }),
  )
})

test('long names are shortened to fit', () => {
  const long = 'an extraordinarily long server name that will never fit on one badge line'
  const fitted = fitText(long, 150, 14, true)
  expect(fitted.endsWith('…')).toBe(true)
  expect(textWidth(fitted, 14, true)).toBeLessThanOrEqual(150)
  expect(fitText('short', 150, 14, true)).toBe('short')
})
