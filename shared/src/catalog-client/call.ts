// The transport of the catalog client: one request to the catalog's internal API, one error mapping for every
// service that calls it.
import { AppError, type ErrorCode, serviceUnavailable } from '../errors'
import type { Logger } from '../log'
import { replicaHandler } from '../upstream'

/** Something that answers the catalog's internal requests: its app's `handle` in-process, or HTTP to its replicas. */
export type CatalogHandler = (request: Request) => Response | Promise<Response>

/** A handler that reaches the catalog's replicas over HTTP through the shared upstream (rotation, failover, DNS). */
export function httpCatalogHandler(baseUrls: string[], log: Logger, timeoutMs = 10_000): CatalogHandler {
  return replicaHandler('catalog', baseUrls, log, timeoutMs)
}

/** How one call reads its answer. */
export interface CallOptions {
  body?: unknown
  /** 'null': a 404 is null rather than an error. */
  missing?: 'null' | 'error'
  /** Refusals that are answers of the call's own model (a 409 naming the listing that holds an address): returned. */
  answers?: number[]
}

/** One call of the internal API: the parsed JSON answer, or null for a 404 when `missing` is 'null'. */
export type CatalogCall = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options?: CallOptions,
) => Promise<T>

/**
 * Calls through `handle`. The catalog's 4xx answers are Error objects meant for the caller's own client (a 404, a
 * 400 naming a field) and are passed on as AppErrors, except the refusals a call reads as answers (`answers`); a
 * 5xx, a broken answer or no answer is a 503 `service_unavailable` (Retry-After 1), which background callers treat
 * as "try again later".
 */
export function catalogCall(handle: CatalogHandler): CatalogCall {
  return async <T>(method: string, path: string, options: CallOptions = {}): Promise<T> => {
    const { body, missing = 'error', answers = [] } = options
    let res: Response
    try {
      res = await handle(
        new Request(`http://catalog.internal${path}`, {
          method,
          headers:
            body === undefined
              ? { accept: 'application/json' }
              : { accept: 'application/json', 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
    } catch (err) {
      if (err instanceof AppError) throw err
      throw serviceUnavailable('catalog')
    }
    if (res.status === 404 && missing === 'null') {
      await res.body?.cancel()
      return null as T
    }
    if (res.ok || answers.includes(res.status)) {
      const parsed = await res.json().catch(() => undefined)
      if (parsed === undefined) throw serviceUnavailable('catalog')
      return parsed as T
    }
    if (res.status >= 400 && res.status < 500) {
      const e = (await res.json().catch(() => null)) as { error?: string; message?: string; details?: unknown[] } | null
      throw new AppError(
        res.status,
        (e?.error ?? 'bad_request') as ErrorCode,
        e?.message ?? 'Refused by the catalog',
        e?.details,
      )
    }
    await res.body?.cancel()
    throw serviceUnavailable('catalog')
  }
}
