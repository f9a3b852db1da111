// Moderation, for the submission service: a pending listing from a submission, a status change, the queue.
import type { SubmittedListing } from '../contracts'
import {
  type CreatedListing,
  createListingFromSubmission,
  listModerationQueue,
  type STATUS_TARGETS,
  setListingStatus,
} from '../contracts/catalog-internal'
import type { CatalogCall } from './call'

export type { CreatedListing, StatusChange } from '../contracts/catalog-internal'

/** The moderation methods of the catalog client. */
export const moderationCalls = (call: CatalogCall) => ({
  /** Creates a pending listing; a 409 names the listing that already holds its name or address. */
  createPending: async (input: SubmittedListing): Promise<CreatedListing> =>
    (await call(createListingFromSubmission, { body: input })).listing,
  /** Moves a listing to a status (404 when unknown, 409 when it already has it). */
  changeStatus: (id: string, status: (typeof STATUS_TARGETS)[number], reason: string | null) =>
    call(setListingStatus, { params: { id }, body: { status, reason } }),
  /** One page of the listings of one status, newest first. */
  queue: (status: string, limit: number, offset: number) =>
    call(listModerationQueue, { query: { status, limit, offset } }),
})
