// The web service's calls of the public API: each through the typed client (shared/public-api `call`) on behalf of
// the visitor, so a page meets exactly the validation and rate limits of the REST endpoint behind it. A page shows
// a refusal rather than failing, so its calls answer a result: the contract's 2xx model, or the API's Error object.
import type { Contract, SuccessOf } from '@mcp-directory/shared/contracts'
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { ApiError, type CallInput, type CallOptions, call, type PublicApi } from '@mcp-directory/shared/public-api'

/** The answer of one call: the contract's 2xx model, or the API's Error object with its status and headers. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ErrorBody; headers: Headers }

/** Who a page speaks for: the end client's address (from the gateway) and the request id. */
export type Caller = Pick<CallOptions, 'client' | 'requestId'>

/** One call of the public API on behalf of `caller`; an error answer (an unreachable gateway's 503 too) as its result. */
export async function tryCall<C extends Contract>(
  api: PublicApi,
  contract: C,
  input: CallInput<C>,
  caller: Caller,
  options: Omit<CallOptions, keyof Caller> = {},
): Promise<ApiResult<SuccessOf<C>>> {
  try {
    const data = await call(api, contract, input, { ...options, client: caller.client, requestId: caller.requestId })
    return { ok: true, data }
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, status: err.status, error: err.body, headers: err.headers }
    throw err
  }
}
