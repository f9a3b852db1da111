// Inputs generated from a route's models (JSON Schema, the subset TypeBox models here use): valid ones drawn with
// fast-check, invalid ones made by breaking exactly one property of a valid one.
import fc from 'fast-check'

/** The JSON Schema subset the models use. */
export interface Schema {
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  minProperties?: number
  minLength?: number
  maxLength?: number
  format?: string
  pattern?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  const?: unknown
  enum?: unknown[]
  anyOf?: Schema[]
  items?: Schema
  maxItems?: number
  minItems?: number
}

// Plain letters and digits: a valid input should not run into domain checks (invisible characters, lookalikes).
const word = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: min, maxLength: max })

function stringOf(s: Schema): fc.Arbitrary<string> {
  if (s.format === 'uri') return word(1, 12).map((w) => `https://example.com/${w}`)
  if (s.format === 'email') return word(1, 12).map((w) => `${w}@example.com`)
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString())
  if (s.pattern) {
    const re = new RegExp(s.pattern)
    try {
      return fc.stringMatching(re).filter((v) => within(v, s))
    } catch {
      // fast-check builds no pattern with a lookahead (the e-mail one): common shapes, kept when the pattern takes them.
      const w = word(1, 12)
      return fc
        .oneof(
          w,
          w.map((x) => `${x}@example.com`),
          w.map((x) => `https://example.com/${x}`),
        )
        .filter((v) => re.test(v) && within(v, s))
    }
  }
  const min = s.minLength ?? 0
  return word(min, Math.min(s.maxLength ?? min + 20, min + 20))
}

const within = (v: string, s: Schema) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity)

/** Values `s` accepts. */
export function valid(s: Schema): fc.Arbitrary<unknown> {
  if ('const' in s) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  if (s.anyOf) return fc.oneof(...s.anyOf.map(valid))
  switch (s.type) {
    case 'object': {
      const props = s.properties ?? {}
      const required = new Set(s.required ?? [])
      const record = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, valid(p)]))
      return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) })
    }
    case 'string':
      return stringOf(s)
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0)
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 1000)
      return fc.integer({ min, max })
    }
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(valid(s.items ?? {}), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + 3),
      })
    case 'null':
      return fc.constant(null)
    default:
      // No type: anything (e.g. a document described only in prose); an empty object stands for it.
      return fc.constant({})
  }
}

/** Values that break `s` by themselves, each with what it breaks; `asText`: the value travels in a query string. */
export function breaking(s: Schema, asText: boolean): { value: unknown; why: string }[] {
  const out: { value: unknown; why: string }[] = []
  const choices = s.enum ?? s.anyOf?.filter((a) => 'const' in a).map((a) => a.const)
  if (choices?.length && choices.length === (s.enum ?? s.anyOf)!.length) {
    out.push({ value: '__none_of_these__', why: 'outside its enum' })
    if (!asText) out.push({ value: 12345, why: 'wrong type' })
    return out
  }
  switch (s.type) {
    case 'string':
      if (!asText) out.push({ value: 12345, why: 'wrong type (number for a string)' })
      if (s.maxLength !== undefined) out.push({ value: 'a'.repeat(s.maxLength + 1), why: 'longer than maxLength' })
      if ((s.minLength ?? 0) > 0) out.push({ value: '', why: 'shorter than minLength' })
      if (s.format === 'email') out.push({ value: 'not-an-address', why: 'not an e-mail address' })
      if (s.format === 'uri') out.push({ value: 'not a uri', why: 'not a URI' })
      if (s.format === 'date-time') out.push({ value: 'yesterday', why: 'not a date-time' })
      break
    case 'integer':
    case 'number':
      out.push({ value: asText ? 'abc' : 'abc', why: 'wrong type (text for a number)' })
      if (s.minimum !== undefined)
        out.push({ value: asText ? String(s.minimum - 1) : s.minimum - 1, why: 'below minimum' })
      if (s.maximum !== undefined)
        out.push({ value: asText ? String(s.maximum + 1) : s.maximum + 1, why: 'above maximum' })
      break
    case 'boolean':
      out.push({ value: asText ? 'maybe' : 'yes', why: 'wrong type (not a boolean)' })
      break
    case 'array':
      if (!asText) out.push({ value: 'not-a-list', why: 'wrong type (text for an array)' })
      if (s.maxItems !== undefined && s.items)
        out.push({
          value: fc.sample(valid(s.items), { numRuns: 1, seed: 1 }).flatMap((v) => Array(s.maxItems! + 1).fill(v)),
          why: 'more items than maxItems',
        })
      break
    case 'object':
      if (!asText) out.push({ value: 'not-an-object', why: 'wrong type (text for an object)' })
      break
  }
  return out
}

/** Objects that break one property of `base` (an object valid for `s`): each with the property and what it breaks. */
export function invalidVariants(s: Schema, base: Record<string, unknown>, asText: boolean) {
  const variants: { input: Record<string, unknown>; property: string; why: string }[] = []
  for (const name of s.required ?? []) {
    const { [name]: _gone, ...rest } = base
    variants.push({ input: rest, property: name, why: 'required, missing' })
  }
  for (const [name, p] of Object.entries(s.properties ?? {}))
    for (const b of breaking(p, asText))
      variants.push({ input: { ...base, [name]: b.value }, property: name, why: b.why })
  return variants
}
