// The web service's view of the public API: every call goes through the gateway (shared/public-api) on behalf of
// the end client, so a page meets exactly the validation and rate limits of the REST endpoint behind it.
import type { ErrorBody } from '@mcp-directory/shared/errors'
import type { PublicApi, PublicApiCall } from '@mcp-directory/shared/public-api'

/** The API's Error object (directory-api §2.6). */
export type ApiError = ErrorBody

/** The answer of one call: the body on success, the Error object otherwise. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | { ok: false; status: number; error: ApiError; headers: Headers }

/** Who a page speaks for: the end client's address (from the gateway) and the request id. */
export interface Caller {
  client?: string
  requestId?: string
}

function asError(status: number, body: unknown): ApiError {
  const b = body as Partial<ApiError> | null
  if (b && typeof b.error === 'string' && typeof b.message === 'string') return b as ApiError
  return {
    error: status >= 500 ? 'service_unavailable' : 'unexpected_response',
    message: `The API answered ${status}`,
    status,
  }
}

/** Calls one API operation and reads its JSON answer. */
export async function callApi<T>(
  api: PublicApi,
  path: string,
  caller: Caller,
  init: PublicApiCall = {},
): Promise<ApiResult<T>> {
  // An unreachable gateway arrives as its 503 Error object (shared/public-api).
  const res = await api(path, { ...init, client: caller.client, requestId: caller.requestId })
  let body: unknown = null
  try {
    body = await res.json()
  } catch {
    body = null
  }
  if (res.ok) return { ok: true, status: res.status, data: body as T, headers: res.headers }
  return { ok: false, status: res.status, error: asError(res.status, body), headers: res.headers }
}
