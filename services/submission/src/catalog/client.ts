// How the submission service changes listings: the catalog's internal API (the catalog owns listings; this
// service never touches its tables), over HTTP to its replicas or in-process in the all-in-one mode.
import { AppError, serviceUnavailable, type ErrorCode } from '@mcp-directory/shared/errors'
import { replicaHandler } from '@mcp-directory/shared/upstream'
import type { Logger } from '@mcp-directory/shared/log'

/** Something that answers the catalog's internal requests (an Elysia app's `handle`, or HTTP). */
export type CatalogHandler = (request: Request) => Response | Promise<Response>

import type { QueueListing } from '@mcp-directory/shared/contracts'

/** A status change the catalog committed. */
export interface StatusChange {
  id: string
  name: string
  from: string
  to: string
  reason: string | null
  at: string
}

/** The catalog calls the submission service makes. */
export function catalogClient(handle: CatalogHandler) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let res: Response
    try {
      res = await handle(
        new Request(`http://catalog.internal${path}`, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
    } catch (err) {
      if (err instanceof AppError) throw err
      throw serviceUnavailable('catalog')
    }
    if (res.ok) return (await res.json()) as T
    // The catalog's 4xx answers are Error objects meant for the client (404, 409 naming the existing id): passed on.
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
  return {
    createPending: (input: unknown) =>
      call<{ listing: { id: string; name: string; status: string; createdAt: string } }>(
        'POST',
        '/internal/listings',
        input,
      ).then((r) => r.listing),
    find: async (id: string) => {
      try {
        return (
          await call<{ listing: { id: string; status: string; source: string; createdAt: string } }>(
            'GET',
            `/internal/listings/${encodeURIComponent(id)}`,
          )
        ).listing
      } catch (err) {
        if (err instanceof AppError && err.status === 404) return null
        throw err
      }
    },
    changeStatus: (id: string, status: 'active' | 'rejected' | 'flagged', reason: string | null) =>
      call<StatusChange>('POST', `/internal/listings/${encodeURIComponent(id)}/status`, { status, reason }),
    queue: (status: string, limit: number, offset: number) =>
      call<{ total: number; listings: QueueListing[] }>(
        'GET',
        `/internal/moderation?${new URLSearchParams({ status, limit: String(limit), offset: String(offset) })}`,
      ),
  }
}

/** The catalog client type. */
export type CatalogClient = ReturnType<typeof catalogClient>

/** A handler that reaches the catalog's replicas over HTTP through the shared upstream (rotation, failover, DNS). */
export function httpCatalogHandler(baseUrls: string[], log: Logger, timeoutMs = 10_000): CatalogHandler {
  return replicaHandler('catalog', baseUrls, log, timeoutMs)
}
