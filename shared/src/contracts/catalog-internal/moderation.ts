// Moderation, for the submission service: create a pending listing, change a listing's status, the queue.
import { Type } from '@sinclair/typebox'
import { type Static, t } from 'elysia'
import type { Listing } from '../listing'
import { ErrorModel, QueueListing } from '../models'

const nullableString = t.Optional(t.Union([t.String(), t.Null()]))
const required = (message: string) => t.String({ minLength: 1, error: message })

/** A value as it crosses JSON: dates become strings. */
export type Jsonified<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonified<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonified<T[K]> }
      : T

/** A listing as the catalog's internal API returns it, whatever its status. */
export type CatalogListing = Jsonified<Listing>

/** The answer of `GET /internal/listings/:id`: the stored listing, typed by the domain's type (no schema of its own). */
export const AnyListingAnswer = t.Object({ listing: Type.Unsafe<CatalogListing>({ type: 'object' }) })

/** `POST /internal/listings`: a pending listing as the submission service sends it (checked there first). */
export const NewListingBody = t.Object({
  name: required('required'),
  url: required('required'),
  description: required('required'),
  /** The canonical stored category name. */
  category: required('required'),
  tags: t.Optional(t.Array(t.String())),
  license: nullableString,
  authType: nullableString,
  pricingModel: nullableString,
  maintenanceStatus: nullableString,
  compatibleClients: t.Optional(t.Array(t.String())),
  supportUrl: nullableString,
})
export type NewListingBody = Static<typeof NewListingBody>

/** A pending listing the catalog created. */
export const CreatedListing = t.Object({
  id: t.String(),
  name: t.String(),
  status: t.String(),
  createdAt: t.String({ format: 'date-time' }),
  /**
   * The name asked for, when a listing from another repository holds it: the listing is created under a provisional
   * name and takes this one once its owner proves the repository (a claim).
   */
  wantedName: t.Optional(t.String()),
  /** The listing that holds the wanted name. */
  nameHeldBy: t.Optional(t.String()),
})
export type CreatedListing = Static<typeof CreatedListing>

/** The 201 answer of `POST /internal/listings`. */
export const CreatedListingAnswer = t.Object({ listing: CreatedListing })

/** The listing that already holds a new listing's address or name. */
export const HoldingListing = t.Object({
  id: t.String(),
  /** What it holds: the address (`url`) or the name. */
  field: t.Union([t.Literal('url'), t.Literal('name')]),
  /**
   * It holds the address as a pending listing a submission created at least 30 s ago, longer than recording a
   * submission takes: the submission service may take it over when it has no submission of it (it failed between
   * the catalog's commit and its own).
   */
  adoptable: t.Boolean(),
  /**
   * With `adoptable`: the name the listing was created under (the name it waits for, when it waits under a
   * provisional one). A submission that takes it over answers with this name, the one the listing keeps.
   */
  name: t.Optional(t.String()),
})
export type HoldingListing = Static<typeof HoldingListing>

/**
 * The 409 answer of `POST /internal/listings` when another listing holds the address or the name: the Error object
 * the submitter is shown, as it is, and beside it the listing that holds it.
 */
export const NewListingRefused = t.Object({ ...ErrorModel.properties, holder: HoldingListing })
export type NewListingRefused = Static<typeof NewListingRefused>

/** Statuses an operator can move a listing to. */
export const STATUS_TARGETS = ['active', 'rejected', 'flagged'] as const

/** `POST /internal/listings/:id/status`. */
export const StatusBody = t.Object({
  status: t.Union(
    STATUS_TARGETS.map((s) => t.Literal(s)),
    { error: 'must be active, rejected or flagged' },
  ),
  /** Trimmed and cut to 1000 characters; empty is none. */
  reason: nullableString,
})
export type StatusBody = Static<typeof StatusBody>

/** A status change the catalog committed. */
export const StatusChange = t.Object({
  id: t.String(),
  name: t.String(),
  from: t.String(),
  to: t.String(),
  reason: t.Union([t.String(), t.Null()]),
  at: t.String({ format: 'date-time' }),
})
export type StatusChange = Static<typeof StatusChange>

/** Statuses the moderation queue lists. */
export const QUEUE_STATUSES = ['pending', 'rejected', 'flagged', 'active'] as const

/** `GET /internal/moderation`. */
export const ModerationQuery = t.Object({
  status: t.Optional(t.Union(QUEUE_STATUSES.map((s) => t.Literal(s)))),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500 })),
  offset: t.Optional(t.Integer({ minimum: 0 })),
})
export type ModerationQuery = Static<typeof ModerationQuery>

/** The answer of `GET /internal/moderation`: one page of one status, newest first. */
export const ModerationQueue = t.Object({ total: t.Integer(), listings: t.Array(QueueListing) })
export type ModerationQueue = Static<typeof ModerationQueue>
