/** The registry API's errors: its own `{ error }` shape (a sentence), with the directory's usual fields beside it. */
import { json } from '@mcp-directory/shared/http'

/** A refusal of the registry API (reads, publishing, tokens), answered in the registry's shape: a status and a sentence. */
export class RegistryRefusal extends Error {
  constructor(
    readonly status: number,
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

const CODES: Record<number, string> = {
  400: 'invalid_body',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  501: 'not_implemented',
}

/** A registry route's answer to a refusal its handler throws (mount's `answerError`); other errors are the app's. */
export const answerRefusal =
  (baseUrl: string) =>
  (err: unknown): Response | undefined =>
    err instanceof RegistryRefusal
      ? registryError(baseUrl, err.status, err.message, CODES[err.status] ?? 'internal', err.details)
      : undefined
