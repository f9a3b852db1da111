// The operator's moderation API (contract §3): the queue's query, the verbs' optional reason, their answer.
import { QueueListing } from '@mcp-directory/shared/contracts'
import { t, type Static } from 'elysia'

/** Statuses the moderation queue lists. */
export const QUEUE_STATUSES = ['pending', 'rejected', 'flagged', 'active'] as const

/** Query of adminListListings. */
export const QueueQuery = t.Object({
  status: t.Optional(
    t.Union(
      QUEUE_STATUSES.map((v) => t.Literal(v)),
      { default: 'pending' },
    ),
  ),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 })),
})
export type QueueQuery = Static<typeof QueueQuery>

/** The queue: one page of one status, newest first. */
export const QueuePage = t.Object({ total: t.Integer(), listings: t.Array(QueueListing) })

/** The listing a verb applies to. */
export const ListingParams = t.Object({ id: t.String({ description: 'Listing id' }) })
export type ListingParams = Static<typeof ListingParams>

/** Body of approve/reject/flag: an optional reason (an empty body, or none, is no reason). */
export const ReasonBody = t.Object({
  reason: t.Optional(
    t.Union([t.String({ maxLength: 1000 }), t.Null()], { error: 'must be a string of at most 1000 characters' }),
  ),
})
export type ReasonBody = Static<typeof ReasonBody>

/** What a verb answers: the change as recorded (who, when, reason, from, to). */
export const Transition = t.Object({
  success: t.Boolean(),
  message: t.String(),
  id: t.String(),
  name: t.String(),
  from: t.String(),
  status: t.String(),
  reason: t.Union([t.String(), t.Null()]),
  at: t.String({ format: 'date-time' }),
})
