// The claim-verifier's reach into the services that own what it needs: the catalog (listings; records claims) and
// the submission service (claim_url secrets). Over HTTP to their replicas, or in-process in the all-in-one mode.
import { AppError, serviceUnavailable } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import { replicaHandler } from '@mcp-directory/shared/upstream'
import type { ClaimableListing } from './sites'

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

/** What the claim-verifier asks of the catalog. */
export function catalogClient(handle: Handler) {
  return {
    /** A listing whatever its status, or null. */
    async listing(id: string): Promise<ClaimableListing | null> {
      const r = await call<{ listing: ClaimableListing }>(
        handle,
        'catalog',
        'GET',
        `/internal/listings/${encodeURIComponent(id)}`,
      )
      return r.status === 200 && r.body ? r.body.listing : null
    },
    /** Records a verified claim (idempotent by claimId); null when the listing cannot be claimed. */
    async recordClaim(
      id: string,
      claim: { claimId: string; claimant: string; method: string; evidence: unknown },
    ): Promise<{ status: string; approved: boolean } | null> {
      const r = await call<{ listing: { status: string; approved: boolean } }>(
        handle,
        'catalog',
        'POST',
        `/internal/listings/${encodeURIComponent(id)}/claims`,
        claim,
      )
      if (r.status === 404) return null
      if (r.status !== 200 || !r.body) throw serviceUnavailable('catalog')
      return r.body.listing
    },
    /** Revokes a claim after its grace period. */
    async revokeClaim(id: string, claimId: string): Promise<void> {
      const r = await call(
        handle,
        'catalog',
        'POST',
        `/internal/listings/${encodeURIComponent(id)}/claims/${encodeURIComponent(claimId)}/revoke`,
      )
      if (r.status !== 200 && r.status !== 404) throw serviceUnavailable('catalog')
    },
  }
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

/** The catalog client. */
export type CatalogClient = ReturnType<typeof catalogClient>
/** The submission client. */
export type SubmissionClient = ReturnType<typeof submissionClient>
