/**
 * A plan as a cursor carries it: compact JSON, numbers kept exact so a later page is scored bit for bit as the first
 * was, and read back only when it is a plan this API could have made.
 */
import { FIELD_COUNT } from './document'
import type { Plan, PlanTerm } from './plan'
import { TUNING } from './tuning'

// Bounds of a plan read back from a cursor (anything else is not a plan this API made).
const MAX_PLAN_TERMS = 160 + TUNING.associations.max
const MAX_SLOTS = 32

/** A plan as compact JSON (numbers kept exact, so scores repeat bit for bit). */
export const packPlan = (p: Plan) => [
  p.slots,
  p.avg,
  p.terms.map((t) => [t.slot, t.term, t.weight, t.idf]),
  ...(p.common ? [p.common] : []),
]

/** Reads a plan back from a cursor; null when it is not one this API could have made. */
export function unpackPlan(v: unknown): Plan | null {
  if (!Array.isArray(v) || v.length < 3 || v.length > 4) return null
  const [slots, avg, terms, common] = v as unknown[]
  const num = (x: unknown, lo: number, hi: number) => typeof x === 'number' && Number.isFinite(x) && x >= lo && x <= hi
  if (!Array.isArray(slots) || slots.length > MAX_SLOTS || !slots.every((s) => num(s, 0, 100))) return null
  if (!Array.isArray(avg) || avg.length !== FIELD_COUNT || !avg.every((a) => num(a, 1, 65_535))) return null
  if (!Array.isArray(terms) || terms.length > MAX_PLAN_TERMS) return null
  const out: PlanTerm[] = []
  for (const t of terms) {
    if (!Array.isArray(t) || t.length !== 4) return null
    const [slot, term, weight, idf] = t as unknown[]
    if (!Number.isInteger(slot) || !num(slot, -1, slots.length - 1)) return null
    if (typeof term !== 'string' || !/^[a-z0-9]{1,64}( [a-z0-9]{1,64}){0,3}$/.test(term)) return null
    if (!num(weight, 0.001, 1) || !num(idf, 0, 100)) return null
    out.push({ slot: slot as number, term, weight: weight as number, idf: idf as number })
  }
  const plan: Plan = { slots: slots as number[], avg: avg as number[], terms: out }
  if (common === undefined) return plan
  const words = new Set(out.filter((t) => t.slot >= 0).map((t) => t.slot))
  if (!Array.isArray(common) || !common.length || common.length >= words.size) return null
  if (!common.every((s, i) => Number.isInteger(s) && words.has(s) && common.indexOf(s) === i)) return null
  plan.common = common as number[]
  return plan
}
