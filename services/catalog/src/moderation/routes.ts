// The catalog's internal moderation API, for the submission service only (never in the gateway's public route
// table): create a pending listing from a submission, change a listing's status, list the moderation queue; and
// one listing whatever its status, for every service that reads listings. The catalog owns listings, so these
// are the only ways another service changes them; each change writes its event into the catalog outbox in the
// same transaction and commits before the answer.
import type { Database } from '@mcp-directory/shared/db'
import {
  createListingFromSubmission,
  getAnyListing,
  listModerationQueue,
  setListingStatus,
} from '@mcp-directory/shared/contracts/catalog-internal'
import { jsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { errorAnswer, jsonAsWritten, mount, Refused } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { identitiesFilled, newListingOf, reasonOf } from './rules'
import { changeListingStatus, createPendingListing, listingOfAnyStatus, moderationQueue } from './service'

/** What the moderation routes need. */
export interface ModerationDeps {
  database: Database
  log: Logger
  /** Publish soon: called after a commit that wrote events. */
  nudge: () => void
  /** PUBLIC_BASE_URL: the 409 of a new listing is the Error object its submitter is shown. */
  baseUrl: string
  /** Settles once every stored listing has its identity columns (filled at start). */
  identitiesReady: Promise<void>
}

const MAX_BODY = 128 * 1024

/** The internal moderation routes, mounted on the catalog app. */
export function moderationRoutes(deps: ModerationDeps) {
  const { database, log } = deps
  return (
    new Elysia({ name: 'catalog:moderation' })
      // Any status, no view counted.
      .use(
        mount(getAnyListing, async ({ params }) => {
          const listing = await listingOfAnyStatus(database, params.id)
          // The stored row as JSON writes it (its dates as strings): what the answer's model says it is.
          return jsonAsWritten({ listing })
        }),
      )
      .use(
        mount(
          createListingFromSubmission,
          async ({ body }) => {
            const input = newListingOf(body)
            await identitiesFilled(deps.identitiesReady)
            const outcome = await createPendingListing(database, input)
            if ('refused' in outcome) {
              // The submitter's Error object, and beside it the listing that holds the address or name.
              return new Refused(409, { ...errorAnswer(outcome.refused, deps.baseUrl).body, holder: outcome.holder })
            }
            const row = outcome.listing
            log.info({ id: row.id }, 'pending listing created from a submission')
            return { listing: { ...row, createdAt: row.createdAt.toISOString() } }
          },
          { parse: jsonBody(MAX_BODY) },
        ),
      )
      .use(
        mount(
          setListingStatus,
          async ({ params, body }) => {
            await identitiesFilled(deps.identitiesReady)
            const change = await changeListingStatus(database, params.id, body.status, reasonOf(body.reason))
            deps.nudge()
            log.info({ id: change.id, from: change.from, to: change.to }, 'listing status changed')
            return change
          },
          { parse: jsonBody(MAX_BODY) },
        ),
      )
      .use(
        mount(listModerationQueue, async ({ query }) =>
          moderationQueue(database, query.status ?? 'pending', query.limit ?? 50, query.offset ?? 0),
        ),
      )
  )
}
