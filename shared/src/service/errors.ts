// The one error mapper: whatever a route, a service or the framework threw, as a status, the API's Error object
// (directory-api §2.6) and headers. Domain errors get their status, code and addresses here, and only here.
import { listingPageUrl } from '../badges'
import {
  AppError,
  Conflict,
  type ConflictFacts,
  DomainError,
  errorBody,
  type ErrorBody,
  type ErrorCode,
  Forbidden,
  InvalidClaimLink,
  InvalidCode,
  InvalidInput,
  InvalidParameter,
  NotFound,
  RateLimited,
  StaleCursor,
  TooManyAttempts,
  Unauthenticated,
  Unavailable,
  UnknownCategory,
  UnsupportedScope,
  VerificationFailed,
} from '../errors'

/** An error as the API answers it. */
export interface ErrorAnswer {
  status: number
  body: ErrorBody
  headers: Record<string, string>
}

/** What a refusal is answered with, before its Error object is written. */
interface Refusal {
  status: number
  code: ErrorCode
  message: string
  details?: unknown[]
  headers?: Record<string, string>
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

const retryAfter = (seconds: number) => ({ 'retry-after': String(seconds) })

/** The refusals of who asks and how often: 401, 403 `invalid_claim_token`, 429 and 503. */
function callerRefusal(err: DomainError): Refusal | null {
  const { message } = err
  if (err instanceof Unauthenticated) {
    const headers = err.scheme ? { 'www-authenticate': err.scheme } : undefined
    return { status: 401, code: 'unauthorized', message, headers }
  }
  if (err instanceof InvalidClaimLink) return { status: 403, code: 'invalid_claim_token', message }
  if (err instanceof RateLimited)
    return { status: 429, code: 'rate_limited', message, headers: retryAfter(err.retryAfterSeconds) }
  if (err instanceof Unavailable) {
    const headers = err.retryAfterSeconds === undefined ? undefined : retryAfter(err.retryAfterSeconds)
    return { status: 503, code: 'service_unavailable', message, headers }
  }
  return null
}

/** The 400s of what a request says: its values, a confirmation code, a proof of ownership. */
function requestRefusal(err: DomainError): Refusal | null {
  const { message } = err
  if (err instanceof InvalidInput) return { status: 400, code: 'invalid_body', message, details: err.details }
  if (err instanceof InvalidParameter)
    return {
      status: 400,
      code: 'invalid_parameter',
      message,
      details: [{ parameter: err.parameter, message: err.reason }],
    }
  if (err instanceof UnknownCategory)
    return { status: 400, code: 'unknown_category', message, details: err.detail && [err.detail] }
  if (err instanceof StaleCursor) {
    const details = [{ parameter: 'cursor', message: 'is older than the history the search index keeps' }]
    return { status: 400, code: 'cursor_expired', message, details }
  }
  if (err instanceof UnsupportedScope) {
    const details = err.scopes.map((scope) => ({ field: 'scopes', scope, message: 'unsupported scope' }))
    return { status: 400, code: 'invalid_scope', message, details }
  }
  if (err instanceof InvalidCode) {
    const remaining = err.attemptsRemaining === undefined ? {} : { attemptsRemaining: err.attemptsRemaining }
    return {
      status: 400,
      code: 'invalid_code',
      message,
      details: [{ field: 'code', reason: err.reason, ...remaining }],
    }
  }
  if (err instanceof TooManyAttempts) {
    const { field, reason, lockedUntil } = err.facts
    const until = lockedUntil ? { lockedUntil: lockedUntil.toISOString() } : {}
    return { status: 400, code: 'too_many_attempts', message, details: [{ field, reason, ...until }] }
  }
  if (err instanceof VerificationFailed)
    return { status: 400, code: 'verification_failed', message, details: err.checks }
  return null
}

/** A domain error's answer, or null for an error that is none. */
function domainRefusal(err: unknown, baseUrl: string): Refusal | null {
  if (err instanceof NotFound) return { status: 404, code: 'not_found', message: err.message }
  if (err instanceof Forbidden) return { status: 403, code: 'forbidden', message: err.message }
  if (err instanceof Conflict) return { status: 409, code: 'conflict', ...conflictParts(err.facts, baseUrl) }
  if (!(err instanceof DomainError)) return null
  return callerRefusal(err) ?? requestRefusal(err)
}

/** Maps anything thrown to its answer; an error that is no refusal is a 500 `internal`, its cause not shown. */
export function errorAnswer(err: unknown, baseUrl: string): ErrorAnswer {
  const refusal: Refusal =
    err instanceof AppError
      ? { status: err.status, code: err.code, message: err.message, details: err.details, headers: err.headers }
      : (domainRefusal(err, baseUrl) ?? { status: 500, code: 'internal', message: 'Internal server error' })
  return {
    status: refusal.status,
    body: errorBody(refusal.status, refusal.code, refusal.message, baseUrl, refusal.details),
    headers: refusal.headers ?? {},
  }
}
