// How this service reads a JSON body before its model validates it.
import { AppError } from '@mcp-directory/shared/errors'
import { readJsonBody } from '@mcp-directory/shared/http'
import type { Removed } from '@mcp-directory/shared/text'

const notAnObject = () =>
  new AppError(400, 'invalid_body', 'The body must be a JSON object', [
    { field: 'body', message: 'must be a JSON object' },
  ])

/** The properties of a JSON object body, those sent as null left out (null has always meant "not given" here). */
export function withoutNulls(body: unknown): Record<string, unknown> {
  // Refused here: Elysia would turn an array or a string into an empty object before the model sees it.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw notAnObject()
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null))
}

/**
 * A route's `parse` option: a JSON object body of at most `maxBytes` (413 past it, 400 for anything not JSON or
 * nested deeper than 32 levels), its strings without NUL and lone surrogates (`onCleaned` notes what went).
 */
export const jsonObjectBody =
  (maxBytes: number, onCleaned?: (removed: Removed) => void) =>
  async ({ request }: { request: Request }) =>
    withoutNulls(await readJsonBody(request, maxBytes, onCleaned))
