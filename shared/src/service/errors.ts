// The one error mapper: whatever a route, a service or the framework threw, as a status, the API's Error object
// (directory-api §2.6) and headers. Domain errors get their status, code and addresses here, and only here.
import { listingPageUrl } from '../badges'
import {
  AppError,
  Conflict,
  type ConflictFacts,
  errorBody,
  type ErrorBody,
  Forbidden,
  InvalidInput,
  NotFound,
} from '../errors'

/** An error as the API answers it. */
export interface ErrorAnswer {
  status: number
  body: ErrorBody
  headers: Record<string, string>
}

/** A conflict's message and details; a message written around the holder's page gets that page. */
function conflictParts(c: ConflictFacts, baseUrl: string): { message: string; details?: unknown[] } {
  const page =
    typeof c.message === 'function' && c.existingId !== undefined ? listingPageUrl(baseUrl, c.existingId) : undefined
  const message = typeof c.message === 'function' ? c.message(page ?? '') : c.message
  if (c.field === undefined) return { message }
  const detail: Record<string, unknown> = { field: c.field }
  if (c.existingId !== undefined) detail.existingId = c.existingId
  if (page !== undefined) detail.detailUrl = page
  if (c.current !== undefined) detail.current = c.current
  if (c.reason !== undefined) detail.message = c.reason
  return { message, details: [detail] }
}

/** Maps anything thrown to its answer; an error that is no refusal is a 500 `internal`, its cause not shown. */
export function errorAnswer(err: unknown, baseUrl: string): ErrorAnswer {
  const answer = (status: number, code: string, message: string, details?: unknown[], headers = {}) => ({
    status,
    body: errorBody(status, code, message, baseUrl, details),
    headers,
  })
  if (err instanceof AppError) return answer(err.status, err.code, err.message, err.details, err.headers ?? {})
  if (err instanceof NotFound) return answer(404, 'not_found', err.message)
  if (err instanceof Forbidden) return answer(403, 'forbidden', err.message)
  if (err instanceof InvalidInput) return answer(400, 'invalid_body', err.message, err.detail && [err.detail])
  if (err instanceof Conflict) {
    const { message, details } = conflictParts(err.facts, baseUrl)
    return answer(409, 'conflict', message, details)
  }
  return answer(500, 'internal', 'Internal server error')
}
