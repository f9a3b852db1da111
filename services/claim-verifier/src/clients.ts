// The claim-verifier's reach into the submission service (claim_url secrets), over HTTP to its replicas or
// in-process in the all-in-one mode. The catalog is reached through the one catalog client (shared/catalog-client).
import type { Contract, SuccessOf } from '@mcp-directory/shared/contracts'
import { type InternalHandler, sendInternal } from '@mcp-directory/shared/catalog-client'
import { serviceUnavailable } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import type { CallInput } from '@mcp-directory/shared/public-api'
import { replicaHandler } from '@mcp-directory/shared/upstream'
import { verifyClaimToken } from '@mcp-directory/submission/contracts'

/** Something that answers a service's internal requests (an Elysia app's `handle`, or HTTP). */
export type Handler = InternalHandler

/** A handler over a service's replicas. */
export const httpHandler = (name: string, urls: string[], log: Logger, timeoutMs = 10_000): Handler =>
  replicaHandler(name, urls, log, timeoutMs)

/** One internal call built from its contract: the status and the parsed answer (a 5xx or no answer: a 503). */
async function call<C extends Contract>(
  handle: Handler,
  name: string,
  contract: C,
  input: CallInput<C>,
): Promise<{ status: number; body: SuccessOf<C> | null }> {
  const res = await sendInternal(handle, name, contract, input)
  if (res.status >= 500) {
    await res.body?.cancel()
    throw serviceUnavailable(name)
  }
  return { status: res.status, body: res.status === 204 ? null : await res.json().catch(() => null) }
}

/** What the claim-verifier asks of the submission service. */
export function submissionClient(handle: Handler) {
  return {
    /** Whether `token` is the claim_url secret of listing `id`. */
    async claimTokenMatches(id: string, token: string): Promise<boolean> {
      const r = await call(handle, 'submission', verifyClaimToken, { body: { id, token } })
      return r.status === 200 && r.body?.valid === true
    },
  }
}

/** The submission client. */
export type SubmissionClient = ReturnType<typeof submissionClient>
