// Moderation, for the submission service: a pending listing from a submission, a status change, the queue.
import type { SubmittedListing } from '../contracts'
import {
  type CreatedListing,
  createListingFromSubmission,
  type HoldingListing,
  listModerationQueue,
  type STATUS_TARGETS,
  setListingStatus,
} from '../contracts/catalog-internal'
import { AppError, type ErrorCode } from '../errors'
import type { CatalogCall } from './call'

export type { CreatedListing, HoldingListing, StatusChange } from '../contracts/catalog-internal'

/**
 * A pending listing created, or refused because another listing holds its address or name: `refusal` is the
 * catalog's Error object for the submitter, `holder` that listing (null from a catalog that does not name it).
 */
export type PendingOutcome = { created: CreatedListing } | { refusal: AppError; holder: HoldingListing | null }

/** The moderation methods of the catalog client. */
export const moderationCalls = (call: CatalogCall) => ({
  /** Creates a pending listing, or says which listing holds its address or name. */
  createPending: async (input: SubmittedListing): Promise<PendingOutcome> => {
    const answer = await call(createListingFromSubmission, { body: input }, { answers: [409] })
    if ('listing' in answer) return { created: answer.listing }
    const { error, message, details, holder } = answer
    return { refusal: new AppError(409, error as ErrorCode, message, details), holder: holder ?? null }
  },
  /** Moves a listing to a status (404 when unknown, 409 when it already has it). */
  changeStatus: (id: string, status: (typeof STATUS_TARGETS)[number], reason: string | null) =>
    call(setListingStatus, { params: { id }, body: { status, reason } }),
  /** One page of the listings of one status, newest first. */
  queue: (status: string, limit: number, offset: number) =>
    call(listModerationQueue, { query: { status, limit, offset } }),
})
