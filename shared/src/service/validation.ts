// One place where a route's models meet the API's Error object: a request that fails its TypeBox model is a 400
// `invalid_parameter` (query, path) or `invalid_body` (body) whose `details` name each field and why, in words a
// person reads (`required`, `must be at most 200 characters`), not TypeBox's.
import { FormatRegistry, type TSchema } from '@sinclair/typebox'
import { ValueErrorType } from '@sinclair/typebox/errors'
import { AppError } from '../errors'

// Elysia reads an integer query parameter through the string format `integer`; its own check takes " 5" and
// "1e1". An integer in a query is digits only (contract §6: never silently read as something else).
FormatRegistry.Set('integer', (value) => /^-?[0-9]{1,16}$/.test(value))

/** One problem as TypeBox or Elysia reports it. */
export interface SchemaProblem {
  path: string
  type: number
  schema: TSchema
  value?: unknown
  message?: string
}

/** What a failed validation is about: Elysia's `ValidationError.type`. */
export type ValidationTarget = 'query' | 'params' | 'body' | 'headers' | 'cookie' | string

const literalsOf = (schema: TSchema): unknown[] | null => {
  const members = (schema.anyOf ?? schema.oneOf) as TSchema[] | undefined
  if (!members?.length || !members.every((m) => m.const !== undefined)) return null
  return members.map((m) => m.const)
}

// Elysia turns a number in a query into `anyOf [numeric string, number]`; the bounds stay on the outer schema.
const numericOf = (schema: TSchema): TSchema | null => {
  const members = (schema.anyOf ?? []) as TSchema[]
  return members.find((m) => m.type === 'integer' || m.type === 'number') ?? null
}

const range = (schema: TSchema, kind: string) => {
  const { minimum: min, maximum: max } = schema
  if (min !== undefined && max !== undefined) return `must be ${kind} from ${min} to ${max}`
  if (min !== undefined) return `must be ${kind} of at least ${min}`
  if (max !== undefined) return `must be ${kind} of at most ${max}`
  return `must be ${kind}`
}

const FORMATS: Record<string, string> = {
  uri: 'must be an absolute URI',
  email: 'not a valid e-mail address',
  'date-time': 'must be an RFC 3339 date-time',
}

/** A problem in the words of the API's `details`. */
export function describeProblem(p: SchemaProblem, where: 'body' | 'query' = 'body'): string {
  const s = p.schema
  // A missing property is reported against its type (`Expected string`): it is simply required, whatever the
  // model's own message for a wrong value says.
  if (p.value === undefined && p.type !== ValueErrorType.ObjectAdditionalProperties) return 'required'
  // A blank string where a body needs text is as good as missing (a query parameter keeps its model's message).
  const blankRefused = p.type === ValueErrorType.StringPattern || p.type === ValueErrorType.StringMinLength
  if (where === 'body' && blankRefused && typeof p.value === 'string' && p.value.trim() === '')
    return 'required: must not be empty'
  if (typeof s.error === 'string') return s.error
  const literals = literalsOf(s)
  if (literals) return `must be one of ${literals.map((l) => JSON.stringify(l)).join(', ')}`
  const numeric = numericOf(s)
  if (numeric) return range({ ...numeric, ...s }, numeric.type === 'integer' ? 'an integer' : 'a number')
  switch (p.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return 'required'
    case ValueErrorType.ObjectAdditionalProperties:
      return 'is not allowed'
    case ValueErrorType.Object:
      return 'must be a JSON object'
    case ValueErrorType.String:
      return 'must be a string'
    case ValueErrorType.StringMinLength:
      return s.minLength === 1 ? 'required: must not be empty' : `must be at least ${s.minLength} characters`
    case ValueErrorType.StringMaxLength:
      return `must be at most ${s.maxLength} characters`
    case ValueErrorType.StringFormat:
      return FORMATS[s.format as string] ?? `must be in the format ${s.format}`
    case ValueErrorType.StringPattern:
      return 'has the wrong form'
    case ValueErrorType.Integer:
    case ValueErrorType.Number:
    case ValueErrorType.IntegerMinimum:
    case ValueErrorType.IntegerMaximum:
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.NumberMaximum:
      return range(s, s.type === 'number' ? 'a number' : 'an integer')
    case ValueErrorType.Boolean:
      return 'must be true or false'
    case ValueErrorType.Array:
      return 'must be an array'
    case ValueErrorType.ArrayMaxItems:
      return `at most ${s.maxItems} items`
    case ValueErrorType.ArrayMinItems:
      return `at least ${s.minItems} items`
    case ValueErrorType.Literal:
      return `must be ${JSON.stringify(s.const)}`
    case ValueErrorType.Null:
      return 'must be null'
    default:
      return p.message ?? 'is not valid'
  }
}

// `/tags/0` → `tags[0]`; the body itself is `body`.
const fieldOf = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((seg, i) => (/^[0-9]+$/.test(seg) ? `[${seg}]` : i === 0 ? seg : `.${seg}`))
    .join('') || 'body'

/** The first problem of each field, the deepest field first replaced by its own (an item names its list). */
function firstPerField(problems: SchemaProblem[]): SchemaProblem[] {
  const seen = new Map<string, SchemaProblem>()
  for (const p of problems) {
    // A missing property is reported both as required and as its type: keep the first, `required`.
    if (!seen.has(p.path)) seen.set(p.path, p)
  }
  return [...seen.values()]
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

// Elysia checks a coerced query value on its own, so its problem has no path: find the property by its schema.
const locate = (p: SchemaProblem, properties: Record<string, TSchema>): SchemaProblem => {
  if (p.path) return p
  for (const [name, schema] of Object.entries(properties)) {
    const members = [schema, ...((schema.anyOf as TSchema[] | undefined) ?? [])]
    if (members.some((m) => same(m, p.schema))) return { ...p, path: `/${name}`, schema }
  }
  return p
}

// A nullable group (anyOf null and one schema) that is not null is reported by its own fields, as a plain group
// is; a union given an `error:` message is reported once, at its path.
function expandNullable(p: SchemaProblem & { errors?: Iterable<SchemaProblem>[] }): SchemaProblem[] {
  const members = p.schema.anyOf as TSchema[] | undefined
  if (p.type !== ValueErrorType.Union || p.schema.error !== undefined || p.value === null || members?.length !== 2)
    return [p]
  const at = members.findIndex((m) => m.type !== 'null')
  if (at < 0 || members[1 - at]?.type !== 'null' || !p.errors?.[at]) return [p]
  const inner = [...p.errors[at]].flatMap(expandNullable)
  return inner.length ? inner : [p]
}

/** The AppError of a request that failed its model (`properties`: the model's, to name a field Elysia did not). */
export function validationFailure(
  target: ValidationTarget,
  problems: SchemaProblem[],
  properties: Record<string, TSchema> = {},
): AppError {
  const each = firstPerField(problems.flatMap(expandNullable).map((p) => locate(p, properties)))
  if (target === 'body') {
    const details = each.map((p) => ({ field: fieldOf(p.path), message: describeProblem(p) }))
    const summary = details.map((d) => `${d.field} ${d.message}`).join('; ')
    return new AppError(400, 'invalid_body', `Invalid body: ${summary}`.slice(0, 1000), details)
  }
  const details = each.map((p) => ({ parameter: fieldOf(p.path), message: describeProblem(p, 'query') }))
  const first = details[0] ?? { parameter: target, message: 'is not valid' }
  return new AppError(
    400,
    'invalid_parameter',
    `Invalid ${target === 'params' ? 'path' : 'query'} parameter "${first.parameter}": ${first.message}`,
    details,
  )
}

/** 400 for a parameter of the route's query model given more than once: none of them is a list (contract §6). */
export function refuseRepeatedParameters(url: string, declared: Record<string, unknown>): void {
  const q = url.indexOf('?')
  if (q < 0) return
  const seen = new Set<string>()
  for (const key of new URLSearchParams(url.slice(q + 1)).keys()) {
    if (!Object.hasOwn(declared, key)) continue
    if (seen.has(key)) {
      throw new AppError(400, 'invalid_parameter', `Invalid query parameter "${key}": must be given at most once`, [
        { parameter: key, message: 'must be given at most once' },
      ])
    }
    seen.add(key)
  }
}
