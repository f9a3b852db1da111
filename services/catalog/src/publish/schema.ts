/**
 * server.json as the official registry's schema (2025-12-11, draft-07) defines it, checked with ajv. The schema is
 * kept beside this file (a test compares it with the specification's copy), so the check needs nothing at run time.
 */
import Ajv, { type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import schema from './server.schema.json'

// Compiled on the first publish, not at start: ajv's generated validator for this schema cost the idle directory
// 4 to 5 MiB of resident memory, held for nothing where nobody publishes.
let validate: ValidateFunction | undefined
function validator(): ValidateFunction {
  if (!validate) {
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats(ajv)
    validate = ajv.compile(schema)
  }
  return validate
}

/** What is wrong with a server.json, one sentence per problem (at most 10); [] when it is valid. */
export function schemaProblems(server: unknown): string[] {
  const check = validator()
  if (check(server)) return []
  return (check.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
}
