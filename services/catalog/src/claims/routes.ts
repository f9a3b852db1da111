// The catalog's internal claims API, for the claim-verifier only (never in the gateway's route table): record a
// verified claim, lease the claims due for a re-check, and record each re-check's result with its effects.
import type { Database } from '@mcp-directory/shared/db'
import { leaseClaimsDue, recordClaimRecheck, recordListingClaim } from '@mcp-directory/shared/contracts/claims'
import { jsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { type ClaimSchedule, claimSchedule, dueClaims, recordClaim, recordRecheck } from './service'

const MAX_BODY = 64 * 1024

/** The internal claims routes, mounted on the catalog app. */
export function internalClaimRoutes(deps: {
  database: Database
  log: Logger
  nudge: () => void
  /** CLAIM_RECHECK_HOURS and CLAIM_GRACE_DAYS. */
  config: { claimRecheckHours: number; claimGraceDays: number }
  now?: () => Date
}) {
  const { database, log } = deps
  const schedule: ClaimSchedule = { ...claimSchedule(deps.config), now: deps.now }
  return new Elysia({ name: 'catalog:internal-claims' })
    .use(
      mount(
        recordListingClaim,
        async ({ params, body }) => {
          const result = await recordClaim(database, params.id, body, schedule, log)
          if (result.recorded) {
            deps.nudge()
            log.info(
              { id: params.id, claimId: body.claimId, method: body.method, approved: result.approved },
              'claim recorded',
            )
          }
          return { listing: result }
        },
        { parse: jsonBody(MAX_BODY) },
      ),
    )
    .use(
      mount(leaseClaimsDue, async ({ query }) => ({ claims: await dueClaims(database, query.limit ?? 20, schedule) })),
    )
    .use(
      mount(
        recordClaimRecheck,
        async ({ params, body }) => {
          const claim = await recordRecheck(database, params.claimId, body, schedule)
          if (claim.changed) deps.nudge()
          if (claim.revoked)
            log.warn(
              { id: claim.listingId, claimId: claim.claimId },
              'claim revoked: its proof failed every re-check of the grace period',
            )
          return { claim }
        },
        { parse: jsonBody(MAX_BODY) },
      ),
    )
}
