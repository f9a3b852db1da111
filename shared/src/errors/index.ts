/**
 * The API's Error object (directory-api §2.6) and the errors that become one: AppError for what routes and other
 * boundary code refuse in HTTP terms, and the domain errors services refuse with (`domain.ts`). The one mapper
 * between them and the Error object is in shared/src/service.
 */
import { DomainError } from './domain'

export {
  type AttemptsFacts,
  type ConflictFacts,
  Conflict,
  InvalidParameter,
  DomainError,
  type FieldProblem,
  Forbidden,
  InvalidClaimLink,
  InvalidCode,
  InvalidInput,
  NotFound,
  RateLimited,
  StaleCursor,
  TooManyAttempts,
  Unauthenticated,
  Unavailable,
  UnknownCategory,
  UnsupportedScope,
  VerificationFailed,
} from './domain'

/** Machine-readable error codes and what each means; `docs` links point at these explanations. */
export const ERROR_CODES = {
  bad_request: 'The request could not be read (malformed JSON, wrong content type).',
  invalid_parameter: 'A query parameter is outside what the API allows; `details` names it.',
  invalid_body: 'The request body failed validation; `details` names each field and why.',
  unknown_category: 'The category is none of the three accepted spellings of a category from /api/v1/categories.',
  cursor_expired:
    'The search cursor belongs to a walk of pages begun before the oldest history the index keeps (the catalog changed too much since its first page, or it is older than ten minutes): start again from the first page.',
  not_found: 'No such resource, or it is not publicly listed.',
  method_not_allowed: 'The path exists but not with this method; see the Allow header.',
  unauthorized: 'A valid Bearer token is required.',
  insufficient_scope: 'The token is valid but lacks the scope this operation requires.',
  forbidden: 'The token is valid but its holder does not own this listing (or namespace).',
  invalid_scope: 'A requested scope is not supported.',
  invalid_code:
    'The confirmation code is missing, expired or incorrect; `details` says which, and how many tries remain.',
  too_many_attempts:
    'Too many wrong confirmation codes: the code is dead (register again), or the address is locked until `details[0].lockedUntil`.',
  conflict: 'The resource already exists; `details` names the existing one.',
  verification_failed:
    'Ownership could not be verified; `details` says, for the method tried, what was looked for, where, and what was found.',
  invalid_claim_token: "The claim link's secret does not match this listing.",
  payload_too_large: 'The request body is larger than allowed.',
  request_timeout: 'The request body did not arrive in time.',
  unsupported_media_type: 'Send the body as application/json.',
  rate_limited: 'Too many requests; retry after the number of seconds in Retry-After.',
  not_implemented: 'The operation is part of the MCP registry API but this directory does not offer it.',
  internal: 'The server failed; the request id in X-Request-Id helps operators find out why.',
  bad_gateway: 'A service behind the gateway could not be reached.',
  service_unavailable: 'A service behind the gateway is temporarily unavailable.',
  gateway_timeout: 'A service behind the gateway did not answer in time.',
} as const

/** One of the known error codes. */
export type ErrorCode = keyof typeof ERROR_CODES

/** The JSON body of every error response. */
export interface ErrorBody {
  error: string
  message: string
  details?: unknown[]
  status?: number
  docs?: string
}

/** An HTTP-level refusal (routes, the boundary between services): a status, its Error object and headers. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'AppError'
  }
}

/** 503 for a service this process could not reach (internal calls between services). */
export const serviceUnavailable = (name: string) =>
  new AppError(503, 'service_unavailable', `The ${name} is unreachable; try again shortly`, undefined, {
    'retry-after': '1',
  })

/** Builds the Error object for an error code and status. */
export function errorBody(
  status: number,
  code: string,
  message: string,
  baseUrl: string,
  details?: unknown[],
): ErrorBody {
  const body: ErrorBody = { error: code, message, status, docs: `${baseUrl}/docs/errors#${code}` }
  if (details !== undefined) body.details = details
  return body
}

/** Whether an error is a refusal (an AppError or a domain error), as opposed to a failure of the server. */
export const isRefusal = (err: unknown): err is AppError | DomainError =>
  err instanceof AppError || err instanceof DomainError

/** A JSON Response carrying an Error object. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  baseUrl: string,
  extra?: { details?: unknown[]; headers?: Record<string, string> },
): Response {
  return new Response(JSON.stringify(errorBody(status, code, message, baseUrl, extra?.details)), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...extra?.headers },
  })
}

/** The error codes as a Markdown page, served at /docs/errors. */
export function errorDocsMarkdown(): string {
  return [
    '# Error codes',
    '',
    'Every error response is a JSON object `{ error, message, details?, status, docs }`.',
    '',
    ...Object.entries(ERROR_CODES).map(([code, text]) => `<a id="${code}"></a>\n## ${code}\n\n${text}\n`),
  ].join('\n')
}
