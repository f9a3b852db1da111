// Tool arguments: each is declared once, and that declaration is both its JSON Schema in tools/list and the check a
// call meets. An argument that mirrors a REST parameter is that parameter's TypeBox model (`fromModel`), so what the
// endpoint accepts the tool accepts. A call with bad arguments is a tool error (isError) that names every bad
// argument at once, by the tool's own argument names, so a model can correct them in one go; the REST endpoint's
// checks still run behind it.
import { AppError, type ErrorBody } from '@mcp-directory/shared/errors'
import type { TObject, TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/**
 * One argument: the TypeBox model a value must meet (its JSON Schema is what clients see), whether it is required,
 * and what the tool adds for a model reading it (a description, a default). An argument that mirrors a REST
 * parameter or body field has that parameter's own model (`fromModel`); one the tool adds (`client`, `agentToken`)
 * has a model of its own.
 */
export interface ArgSpec {
  model: TSchema
  description?: string
  default?: unknown
  required?: boolean
  /** Checked here instead of the model: a value the model cannot describe (client names). */
  check?: (value: unknown) => string | null
  /** An empty string is a value the model judges (a field it replaces), not an absent argument. */
  emptyIsValue?: boolean
}

export type ArgSpecs = Record<string, ArgSpec>

/** The code of a tool error about its arguments; `details` holds one `{ argument, message }` per bad argument. */
export const INVALID_ARGUMENTS = 'invalid_parameter'

type Json = Record<string, unknown>

/**
 * A query model's number as JSON arguments carry it: the REST models also take the number written as a string
 * (`anyOf: [{type: string, format: integer}, {type: integer}]`, a query string has nothing else); a tool's schema
 * shows the number itself.
 */
function asArgument(schema: Json): Json {
  const branches = schema.anyOf as Json[] | undefined
  const number = branches?.find((b) => b.type === 'integer' || b.type === 'number')
  if (!number || !branches?.every((b) => b === number || (b.type === 'string' && b.format))) return schema
  const { anyOf: _a, ...outer } = schema
  return { ...number, ...outer }
}

/** The JSON Schema keywords of a model, without its custom error texts. */
export function jsonOf(model: TSchema): Json {
  return JSON.parse(JSON.stringify(model, (k, v) => (k === 'error' ? undefined : v)))
}

/**
 * Arguments taken from a REST params, query or body model: each parameter becomes the argument named in `rename` (or
 * its own name), with the model's schema; `extra` adds or overrides descriptions, defaults and checks, never the
 * accepted values.
 */
export function fromModel(
  model: TObject,
  rename: Record<string, string> = {},
  extra: Record<string, Partial<ArgSpec>> = {},
): ArgSpecs {
  const specs: ArgSpecs = {}
  const required = new Set(model.required ?? [])
  for (const [param, schema] of Object.entries(model.properties)) {
    const name = rename[param] ?? param
    const { description, default: def } = schema as { description?: string; default?: unknown }
    specs[name] = {
      model: schema,
      ...(required.has(param) ? { required: true } : {}),
      ...(description ? { description } : {}),
      ...(def !== undefined ? { default: def } : {}),
      ...extra[name],
    }
  }
  return specs
}

/** A tool's input schema: the JSON Schema of its arguments, checked by `checkArgs`. */
export function toolInput(specs: ArgSpecs): Record<string, unknown> {
  const properties = Object.fromEntries(
    Object.entries(specs).map(([name, { model, description, default: def }]) => [
      name,
      {
        ...asArgument(jsonOf(model)),
        ...(description ? { description } : {}),
        ...(def !== undefined ? { default: def } : {}),
      },
    ]),
  )
  const required = Object.entries(specs)
    .filter(([, s]) => s.required)
    .map(([n]) => n)
  return { type: 'object', properties, ...(required.length ? { required } : {}) }
}

/** One line from a string model's keywords about a value it refuses. */
function stringProblem(m: Json, v: unknown): string {
  if (typeof v !== 'string') return 'must be a string'
  if (typeof m.maxLength === 'number' && v.length > m.maxLength) return `must be at most ${m.maxLength} characters`
  if (typeof m.minLength === 'number' && v.length < m.minLength) return `must be at least ${m.minLength} characters`
  if (m.format === 'uri') return 'must be an absolute URI'
  return typeof m.pattern === 'string' ? `must match ${m.pattern}` : 'is invalid'
}

/** What a model says of a value it refuses: its own error text, else one line from its keywords. */
function modelProblem(model: TSchema, v: unknown): string | null {
  if (Value.Check(model, v)) return null
  const custom = (model as { error?: unknown }).error
  if (typeof custom === 'string') return custom
  const m = asArgument(model as Json)
  const literals = (m.anyOf as Json[] | undefined)?.map((b) => b.const)
  if (literals?.every((l) => typeof l === 'string')) return `must be one of ${literals.join(', ')}`
  if (m.type === 'integer')
    return m.minimum !== undefined ? `must be an integer from ${m.minimum} to ${m.maximum}` : 'must be an integer'
  if (m.type === 'string') return stringProblem(m, v)
  if (m.type === 'boolean') return 'must be true or false'
  if (m.type === 'array') {
    const items = m.items as Json | undefined
    const max = typeof m.maxItems === 'number' ? ` of at most ${m.maxItems}` : ''
    const bounds =
      items?.type === 'string' && typeof items.maxLength === 'number'
        ? ` strings of ${items.minLength ?? 0} to ${items.maxLength} characters`
        : items?.type === 'object'
          ? ' objects as its schema describes them'
          : ' strings'
    return `must be an array${max}${bounds}`
  }
  return 'is invalid'
}

/** An invalid_parameter error naming each bad argument. */
export function argumentsError(problems: { argument: string; message: string }[]): AppError {
  const list = problems.map((p) => `"${p.argument}" ${p.message}`).join('; ')
  return new AppError(
    400,
    INVALID_ARGUMENTS,
    `Invalid argument${problems.length > 1 ? 's' : ''}: ${list}`.slice(0, 1000),
    problems,
  )
}

/**
 * Checks a call's arguments against their declarations; throws one invalid_parameter error listing every unknown,
 * missing or malformed argument. `null` counts as absent. Returns the arguments given, without the absent ones.
 */
export function checkArgs(specs: ArgSpecs, args: Record<string, unknown> | undefined): Record<string, unknown> {
  const problems: { argument: string; message: string }[] = []
  const given: Record<string, unknown> = {}
  for (const [name, v] of Object.entries(args ?? {})) {
    if (!(name in specs))
      problems.push({
        argument: name,
        message: `is not an argument of this tool (its arguments: ${Object.keys(specs).join(', ') || 'none'})`,
      })
    else if (v !== undefined && v !== null) given[name] = v
  }
  for (const [name, spec] of Object.entries(specs)) {
    const v = given[name]
    if (v === undefined || (v === '' && !spec.emptyIsValue)) {
      if (spec.required) problems.push({ argument: name, message: 'is required' })
      continue
    }
    const problem = spec.check ? spec.check(v) : modelProblem(spec.model, v)
    if (problem) problems.push({ argument: name, message: problem })
  }
  if (problems.length) throw argumentsError(problems)
  return given
}

/**
 * An endpoint's error about its input, told in the tool's argument names: `invalid_parameter` and `invalid_body`
 * become invalid_parameter with `{ argument, message }` details (REST parameter names mapped by `names`); any other
 * error keeps its code, with a named parameter or field also given as its argument.
 */
export function inArgumentTerms(e: ErrorBody, names: Record<string, string> = {}): ErrorBody {
  if (!e.details?.length) return e
  const argOf = (d: Record<string, unknown>) => {
    const raw = typeof d.parameter === 'string' ? d.parameter : typeof d.field === 'string' ? d.field : null
    return raw === null ? null : (names[raw] ?? raw)
  }
  const details = (e.details as Record<string, unknown>[]).map((d) => {
    const argument = d && typeof d === 'object' ? argOf(d) : null
    if (argument === null) return d
    const { parameter: _p, field: _f, ...rest } = d
    return { argument, ...rest }
  })
  if (e.error !== 'invalid_parameter' && e.error !== 'invalid_body') return { ...e, details }
  const problems = details.map((d) => ({
    argument: String((d as { argument?: unknown }).argument ?? 'arguments'),
    message: String((d as { message?: unknown }).message ?? 'is invalid'),
  }))
  const err = argumentsError(problems)
  return { error: err.code, message: err.message, status: e.status, details: problems }
}
