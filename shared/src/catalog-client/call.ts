// The transport of the catalog client: one request to the catalog's internal API, one error mapping for every
// service that calls it. Its sending step serves any service's internal API.
import type { AnswerOf, Contract, SuccessOf } from '../contracts/endpoint'
import { AppError, type ErrorCode, serviceUnavailable } from '../errors'
import type { Logger } from '../log'
import { type CallInput, errorOf, pathOf } from '../public-api/call'
import { replicaHandler } from '../upstream'

/** Something that answers a service's internal requests: its app's `handle` in-process, or HTTP to its replicas. */
export type InternalHandler = (request: Request) => Response | Promise<Response>

/** What answers the catalog's internal requests. */
export type CatalogHandler = InternalHandler

/** A handler that reaches the catalog's replicas over HTTP through the shared upstream (rotation, failover, DNS). */
export function httpCatalogHandler(baseUrls: string[], log: Logger, timeoutMs = 10_000): CatalogHandler {
  return replicaHandler('catalog', baseUrls, log, timeoutMs)
}

/** How one call reads its answer. */
export interface CallOptions {
  /** 'null': a 404 is null rather than an error. */
  missing?: 'null' | 'error'
  /**
   * Refusals the contract declares with a model of their own (a 409 naming the listing that holds an address):
   * returned as that model rather than thrown.
   */
  answers?: number[]
}

/**
 * One call of the internal API: the request built from the contract (its method, its path with the parameters and
 * query filled in, the body as JSON), answering the contract's 2xx model; with `missing: 'null'`, null for a 404;
 * with `answers`, the model of each refusal named there.
 */
export interface CatalogCall {
  <C extends Contract>(contract: C, input?: CallInput<C>): Promise<SuccessOf<C>>
  <C extends Contract>(contract: C, input: CallInput<C>, options: { missing: 'null' }): Promise<SuccessOf<C> | null>
  <C extends Contract, S extends keyof C['responses'] & number>(
    contract: C,
    input: CallInput<C>,
    options: { answers: S[] },
  ): Promise<SuccessOf<C> | AnswerOf<C, S>>
}

/**
 * Sends one request of a service's internal API through `handle`, built from the contract: its method, its path
 * with the parameters and query filled in, the body as JSON. No answer at all is a 503 naming the service.
 */
export async function sendInternal<C extends Contract>(
  handle: InternalHandler,
  service: string,
  contract: C,
  input: CallInput<C>,
): Promise<Response> {
  const { body } = input
  try {
    return await handle(
      new Request(`http://${service}.internal${pathOf(contract, input)}`, {
        method: contract.method,
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : { accept: 'application/json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
  } catch (err) {
    if (err instanceof AppError) throw err
    throw serviceUnavailable(service)
  }
}

/**
 * Calls through `handle`. The catalog's 4xx answers are Error objects meant for the caller's own client (a 404, a
 * 400 naming a field) and are passed on as AppErrors, except the refusals a call reads as answers (`answers`); a
 * 5xx, a broken answer or no answer is a 503 `service_unavailable` (Retry-After 1), which background callers treat
 * as "try again later".
 */
export function catalogCall(handle: CatalogHandler): CatalogCall {
  return (async (contract: Contract, input: CallInput<Contract> = {}, options: CallOptions = {}): Promise<unknown> => {
    const { missing = 'error', answers = [] } = options
    const res = await sendInternal(handle, 'catalog', contract, input)
    if (res.status === 404 && missing === 'null') {
      await res.body?.cancel()
      return null
    }
    if (res.ok || answers.includes(res.status)) {
      const parsed = await res.json().catch(() => undefined)
      if (parsed === undefined) throw serviceUnavailable('catalog')
      return parsed
    }
    if (res.status >= 400 && res.status < 500) {
      // Read by the one Error reader the public client uses too.
      const e = await errorOf(res)
      throw new AppError(res.status, e.error as ErrorCode, e.message, e.details)
    }
    await res.body?.cancel()
    throw serviceUnavailable('catalog')
  }) as CatalogCall
}
