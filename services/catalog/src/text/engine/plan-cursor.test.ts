import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { FIELD_COUNT } from './document'
import type { Plan } from './plan'
import { packPlan, unpackPlan } from './plan-cursor'

const plan: Plan = {
  slots: [1.2345678901234567, 0],
  avg: Array.from({ length: FIELD_COUNT }, (_, i) => 1 + i / 3),
  terms: [
    { slot: 0, term: 'postgr', weight: 1, idf: Math.E },
    { slot: 1, term: 'mongo db', weight: 0.6, idf: 0.1 + 0.2 },
    { slot: -1, term: 'sql', weight: 0.023333333333333334, idf: 3.3 },
  ],
}

describe('a plan in a cursor', () => {
  test('comes back with every number exact, bit for bit', () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,12}$/)
    const arbitrary = fc
      .record({
        slots: fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 4 }),
        avg: fc.array(fc.double({ min: 1, max: 65_535, noNaN: true }), {
          minLength: FIELD_COUNT,
          maxLength: FIELD_COUNT,
        }),
        terms: fc.array(
          fc.record({
            slot: fc.nat(3),
            term: word,
            weight: fc.double({ min: 0.001, max: 1, noNaN: true }),
            idf: fc.double({ min: 0, max: 100, noNaN: true }),
          }),
          { maxLength: 20 },
        ),
      })
      .map((p): Plan => ({ ...p, terms: p.terms.map((t) => ({ ...t, slot: Math.min(t.slot, p.slots.length - 1) })) }))
    fc.assert(
      fc.property(arbitrary, (p) => {
        // Through JSON, as a cursor carries it.
        const back = unpackPlan(JSON.parse(JSON.stringify(packPlan(p))))
        expect(back).not.toBeNull()
        const numbers = (x: Plan) => [...x.slots, ...x.avg, ...x.terms.flatMap((t) => [t.weight, t.idf])]
        expect(numbers(back!).every((n, i) => Object.is(n, numbers(p)[i]))).toBe(true)
        expect(back!.terms.map((t) => [t.slot, t.term])).toEqual(p.terms.map((t) => [t.slot, t.term]))
      }),
    )
  })

  test('made before numbers were packed (decimal JSON) is still read, the same plan', () => {
    const decimal = [plan.slots, plan.avg, plan.terms.map((t) => [t.slot, t.term, t.weight, t.idf])]
    expect(unpackPlan(JSON.parse(JSON.stringify(decimal)))).toEqual(plan)
    expect(unpackPlan(packPlan(plan))).toEqual(plan)
  })

  test('is refused when it is not a plan this API makes', () => {
    const packed = packPlan(plan) as [string, string, number, number[], string[]]
    const bytes = Buffer.from(packed[1], 'base64url')
    const withNumber = (at: number, value: number) => {
      const copy = new Float64Array(new Uint8Array(bytes).buffer)
      copy[at] = value
      return [packed[0], Buffer.from(copy.buffer).toString('base64url'), ...packed.slice(2)]
    }
    const idfAt = plan.slots.length + FIELD_COUNT + plan.terms.length
    for (const forged of [
      [packed[0], packed[1].slice(0, -4), ...packed.slice(2)],
      [packed[0], `${packed[1]}AAAAAAAAAAA`, ...packed.slice(2)],
      withNumber(idfAt, Number.NaN),
      withNumber(idfAt, Number.POSITIVE_INFINITY),
      withNumber(idfAt, 1e6),
      withNumber(plan.slots.length, 0),
      [packed[0], packed[1], 3, ...packed.slice(3)],
      [packed[0], packed[1], packed[2], [0, 1, 2], packed[4]],
      [packed[0], packed[1], packed[2], packed[3], ['postgr', 'DROP', 'sql']],
      [packed[0], packed[1], packed[2], packed[3], packed[4].slice(1)],
      [packed[0], 12, ...packed.slice(2)],
    ])
      expect(unpackPlan(forged)).toBeNull()
  })
})
