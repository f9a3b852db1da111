/**
 * A plan as a cursor carries it: its words' slots and terms as JSON, its numbers as the bytes of 64-bit floats (exact,
 * so a later page is scored bit for bit as the first was, and far cheaper to write and read than their decimal
 * text), read back only when it is a plan this API could have made. Cursors made before the numbers were packed
 * (every number in the JSON) are still read.
 */
import { FIELD_COUNT } from './document'
import type { Plan, PlanTerm } from './plan'
import { TUNING } from './tuning'

// Bounds of a plan read back from a cursor (anything else is not a plan this API made).
const MAX_PLAN_TERMS = 160 + TUNING.associations.max
const MAX_SLOTS = 32
// What a packed plan starts with: its numbers' bytes are in base64url.
const PACKED = 'f'

/**
 * A plan as compact JSON: ['f', numbers, the words' count, each term's slot, each term, common words?, required
 * words?] (common words empty when only required ones are named), the numbers being per word its rarity, the
 * average field lengths, then per term its weight and its idf.
 */
export function packPlan(p: Plan): unknown[] {
  const t = p.terms.length
  const numbers = new Float64Array(p.slots.length + FIELD_COUNT + 2 * t)
  numbers.set(p.slots)
  numbers.set(p.avg, p.slots.length)
  let at = p.slots.length + FIELD_COUNT
  for (let i = 0; i < t; i++) {
    numbers[at + i] = p.terms[i]!.weight
    numbers[at + t + i] = p.terms[i]!.idf
  }
  at = 0
  const slots = new Array<number>(t)
  const terms = new Array<string>(t)
  for (const term of p.terms) {
    slots[at] = term.slot
    terms[at++] = term.term
  }
  const packed: unknown[] = [PACKED, Buffer.from(numbers.buffer).toString('base64url'), p.slots.length, slots, terms]
  if (p.common || p.required) packed.push(p.common ?? [])
  if (p.required) packed.push(p.required)
  return packed
}

/** Reads a plan back from a cursor; null when it is not one this API could have made. */
export function unpackPlan(v: unknown): Plan | null {
  if (!Array.isArray(v)) return null
  const read = v[0] === PACKED ? readPacked(v) : readDecimal(v)
  const plan = read && checkedPlan(read.slots, read.avg, read.terms, read.common)
  if (!plan || read?.required === undefined) return plan
  return checkedRequired(plan, read.required)
}

type Read = { slots: unknown; avg: unknown; terms: unknown[][]; common: unknown; required?: unknown } | null

/** The parts of a packed plan (['f', numbers, words, slots, terms, common?, required?]), unchecked. */
function readPacked(v: unknown[]): Read {
  if (v.length < 5 || v.length > 7) return null
  const [, bytes, words, slots, terms, named, required] = v
  // Required words come after an empty list of common ones (a plan names one or the other).
  const common = v.length === 7 && Array.isArray(named) && named.length === 0 ? undefined : named
  if (typeof bytes !== 'string' || !Number.isInteger(words) || (words as number) < 0) return null
  if ((words as number) > MAX_SLOTS || !Array.isArray(slots) || !Array.isArray(terms)) return null
  if (slots.length !== terms.length || terms.length > MAX_PLAN_TERMS) return null
  const w = words as number
  const t = terms.length
  const raw = Buffer.from(bytes, 'base64url')
  if (raw.length !== (w + FIELD_COUNT + 2 * t) * 8) return null
  // Copied out: a Float64Array needs its bytes 8-aligned, which a decoded buffer's need not be.
  const numbers = new Float64Array(new Uint8Array(raw).buffer)
  const at = w + FIELD_COUNT
  return {
    slots: [...numbers.subarray(0, w)],
    avg: [...numbers.subarray(w, at)],
    terms: terms.map((term, i) => [slots[i], term, numbers[at + i], numbers[at + t + i]]),
    common,
    ...(v.length === 7 ? { required } : {}),
  }
}

/** The parts of a plan whose numbers are decimal JSON ([slots, avg, [slot, term, weight, idf][], common?]). */
function readDecimal(v: unknown[]): Read {
  if (v.length < 3 || v.length > 4) return null
  const [slots, avg, terms, common] = v
  if (!Array.isArray(terms) || terms.length > MAX_PLAN_TERMS || !terms.every(Array.isArray)) return null
  return { slots, avg, terms: terms as unknown[][], common }
}

/** A plan of these parts when every one is what this API makes, else null. */
function checkedPlan(slots: unknown, avg: unknown, terms: unknown[][], common: unknown): Plan | null {
  const num = (x: unknown, lo: number, hi: number) => typeof x === 'number' && Number.isFinite(x) && x >= lo && x <= hi
  if (!Array.isArray(slots) || slots.length > MAX_SLOTS || !slots.every((s) => num(s, 0, 100))) return null
  if (!Array.isArray(avg) || avg.length !== FIELD_COUNT || !avg.every((a) => num(a, 1, 65_535))) return null
  if (terms.length > MAX_PLAN_TERMS) return null
  const out: PlanTerm[] = []
  for (const t of terms) {
    if (t.length !== 4) return null
    const [slot, term, weight, idf] = t
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

/** The plan with its required words when they are what this API names (two or more distinct words), else null. */
function checkedRequired(plan: Plan, required: unknown): Plan | null {
  if (plan.common || !Array.isArray(required) || required.length < 2) return null
  const words = new Set(plan.terms.filter((t) => t.slot >= 0).map((t) => t.slot))
  if (!required.every((s, i) => Number.isInteger(s) && words.has(s) && required.indexOf(s) === i)) return null
  plan.required = required as number[]
  return plan
}
