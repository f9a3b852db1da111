// Tool arguments: each is declared once, and that declaration is both its JSON Schema in tools/list and the check a
// call meets. A call with bad arguments is a tool error (isError) that names every bad argument at once, by the
// tool's own argument names, so a model can correct them in one go; the REST endpoint's checks still run behind it.
import { AppError, type ErrorBody } from '@mcp-directory/shared/errors'
import { z } from 'zod'

/** One argument: its JSON Schema keywords (what clients see) and whether it is required. */
export interface ArgSpec {
  type: 'string' | 'integer' | 'boolean' | 'array'
  description?: string
  enum?: readonly string[]
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  format?: 'uri' | 'email'
  default?: unknown
  items?: { type: 'string'; enum?: readonly string[] }
  required?: boolean
  /** Checked here; otherwise the value travels to the endpoint, which checks it (formats, categories, …). */
  check?: (value: unknown) => string | null
}

export type ArgSpecs = Record<string, ArgSpec>

/** The code of a tool error about its arguments; `details` holds one `{ argument, message }` per bad argument. */
export const INVALID_ARGUMENTS = 'invalid_parameter'

/** A tool's input schema: the JSON Schema of its arguments, accepted loosely by the SDK and checked by `checkArgs`. */
export function toolInput(specs: ArgSpecs) {
  const shape = Object.fromEntries(
    Object.entries(specs).map(([name, { required: _r, check: _c, ...schema }]) => [
      name,
      z.unknown().meta(schema).optional(),
    ]),
  )
  const required = Object.entries(specs)
    .filter(([, s]) => s.required)
    .map(([n]) => n)
  // Loose, so that an unknown argument reaches `checkArgs` and is named there rather than silently dropped.
  return z.looseObject(shape).meta(required.length ? { required } : {})
}

function problemOf(spec: ArgSpec, v: unknown): string | null {
  switch (spec.type) {
    case 'string':
      if (typeof v !== 'string') return 'must be a string'
      if (spec.enum && !spec.enum.includes(v)) return `must be one of ${spec.enum.join(', ')}`
      if (spec.maxLength !== undefined && v.length > spec.maxLength)
        return `must be at most ${spec.maxLength} characters`
      if (spec.pattern && !new RegExp(spec.pattern).test(v)) return `must match ${spec.pattern}`
      break
    case 'integer':
      if (typeof v !== 'number' || !Number.isInteger(v)) return 'must be an integer'
      if ((spec.minimum !== undefined && v < spec.minimum) || (spec.maximum !== undefined && v > spec.maximum)) {
        return `must be an integer from ${spec.minimum} to ${spec.maximum}`
      }
      break
    case 'boolean':
      if (typeof v !== 'boolean') return 'must be true or false'
      break
    case 'array':
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return 'must be an array of strings'
      if (spec.items?.enum) {
        const bad = v.find((x) => !spec.items?.enum?.includes(x))
        if (bad !== undefined) return `may hold only ${spec.items.enum.join(', ')}`
      }
      break
  }
  return spec.check?.(v) ?? null
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
    if (v === undefined || v === '') {
      if (spec.required) problems.push({ argument: name, message: 'is required' })
      continue
    }
    const problem = problemOf(spec, v)
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
