// The claim-verifier's reach into the submission service (claim_url secrets), over HTTP to its replicas or
// in-process in the all-in-one mode. The catalog is reached through the one catalog client (shared/catalog-client).
import { AppError, serviceUnavailable } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import { replicaHandler } from '@mcp-directory/shared/upstream'

/** Something that answers a service's internal requests (an Elysia app's `handle`, or HTTP). */
export type Handler = (request: Request) => Response | Promise<Response>

/** A handler over a service's replicas. */
export const httpHandler = (name: string, urls: string[], log: Logger, timeoutMs = 10_000): Handler =>
  replicaHandler(name, urls, log, timeoutMs)

async function call<T>(
  handle: Handler,
  name: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T | null }> {
  let res: Response
  try {
    res = await handle(
      new Request(`http://${name}.internal${path}`, {
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
    throw serviceUnavailable(name)
  }
  if (res.status >= 500) {
    await res.body?.cancel()
    throw serviceUnavailable(name)
  }
  return { status: res.status, body: res.status === 204 ? null : ((await res.json().catch(() => null)) as T | null) }
}

/** What the claim-verifier asks of the submission service. */
export function submissionClient(handle: Handler) {
  return {
    /** Whether `token` is the claim_url secret of listing `id`. */
    async claimTokenMatches(id: string, token: string): Promise<boolean> {
      const r = await call<{ valid: boolean }>(handle, 'submission', 'POST', '/internal/claim-tokens/verify', {
        id,
        token,
      })
      return r.status === 200 && r.body?.valid === true
    },
  }
}

/** The submission client. */
export type SubmissionClient = ReturnType<typeof submissionClient>
