/** The registry API's errors: its own `{ error }` shape (a sentence), with the directory's usual fields beside it. */
import { json } from '@mcp-directory/shared/http'

/** What a refusal of the registry API is, in its own words; the registry's answer gives each its status. */
export type RegistryRefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'failed'
  | 'not_implemented'
  | 'unavailable'

/** A refusal of the registry API (reads, publishing, tokens), answered in the registry's shape: a sentence. */
export class RegistryRefusal extends Error {
  constructor(
    readonly kind: RegistryRefusalKind,
    message: string,
    readonly details?: unknown[],
  ) {
    super(message)
  }
}

/** A 4xx/5xx of the registry API: its own `{ error }` shape (a sentence), with the directory's usual fields beside it. */
export function registryError(
  baseUrl: string,
  status: number,
  error: string,
  code: string,
  details?: unknown[],
): Response {
  return json(
    { error, message: error, status, docs: `${baseUrl}/docs/errors#${code}`, ...(details ? { details } : {}) },
    status,
  )
}

/** Each refusal's status and the directory's error code beside the registry's sentence. */
const ANSWERS: Record<RegistryRefusalKind, { status: number; code: string }> = {
  invalid: { status: 400, code: 'invalid_body' },
  unauthenticated: { status: 401, code: 'unauthorized' },
  forbidden: { status: 403, code: 'forbidden' },
  not_found: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  failed: { status: 500, code: 'internal' },
  not_implemented: { status: 501, code: 'not_implemented' },
  unavailable: { status: 503, code: 'internal' },
}

/** A registry route's answer to a refusal its handler throws (mount's `answerError`); other errors are the app's. */
export const answerRefusal =
  (baseUrl: string) =>
  (err: unknown): Response | undefined =>
    err instanceof RegistryRefusal
      ? registryError(baseUrl, ANSWERS[err.kind].status, err.message, ANSWERS[err.kind].code, err.details)
      : undefined
