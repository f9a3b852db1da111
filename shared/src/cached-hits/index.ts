/**
 * Hits the gateway answered from its micro-cache, per listing, reported to the service that counts them (badge
 * impressions, detail views): `POST <path>` with `{ counts: { <listing id>: <positive integer> } }` (internal only).
 * Each counting service declares its route with `cachedHitsContract` and mounts it with `cachedHitRoutes`.
 */
import { Type } from '@sinclair/typebox'
import { type Static, t } from 'elysia'
import type { ServiceName } from '../config'
import { defineContract, err } from '../contracts/endpoint'
import { AppError } from '../errors'
import { jsonBody } from '../http'
import { mount } from '../service/mount'

// TypeBox's own integer: Elysia's would take a numeric string.
const PositiveCount = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

/** The body: hits per listing, bounded. */
export const CachedHitCounts = t.Object({
  counts: t.Record(t.String(), PositiveCount, { maxProperties: 100_000 }),
})
export type CachedHitCounts = Static<typeof CachedHitCounts>

/** Its answer: how many listings were counted. */
export const Counted = t.Object({ counted: t.Integer() })

/** The internal route of one service that counts the hits the gateway reports (never routed by the gateway). */
export const cachedHitsContract = <const S extends ServiceName, const P extends string, const O extends string>(route: {
  service: S
  path: P
  operationId: O
  summary: string
  /** The gateway reports each hit under "<listing id>\n<client address>" (counted once per visitor), not the id alone. */
  perClient?: boolean
}) =>
  defineContract({
    ...route,
    method: 'POST',
    tag: 'internal',
    limit: null,
    auth: null,
    hidden: true,
    body: CachedHitCounts,
    responses: {
      200: { description: 'How many listings were counted', type: 'application/json', schema: Counted },
      400: err('invalid_body: not { counts: { <listing id>: <positive integer> } }'),
      413: err('Body too large'),
    },
  })

/** A cached-hits route's contract. */
export type CachedHitsContract = ReturnType<typeof cachedHitsContract>

// 100 000 listings of up to 200 characters and their counts.
const MAX_BODY_BYTES = 32 * 1024 * 1024
const MAX_ID_LENGTH = 200

const malformed = () => new AppError(400, 'invalid_body', 'Expected { counts: { <listing id>: <positive integer> } }')

/** The ids a schema cannot check: listing-shaped (not empty, bounded, no NUL). */
function listingIds(counts: Record<string, number>): [string, number][] {
  const entries = Object.entries(counts)
  if (entries.some(([id]) => id.length === 0 || id.length > MAX_ID_LENGTH || id.includes('\0'))) throw malformed()
  return entries
}

// Elysia's normalisation turns an array where the model has an object into an empty object: refused first.
const readCounts = async (ctx: { request: Request }) => {
  const body = await jsonBody(MAX_BODY_BYTES)(ctx)
  if (Array.isArray((body as { counts?: unknown } | null)?.counts)) throw malformed()
  return body
}

/** Mounts the route of `contract` that counts the hits the gateway reports. */
export const cachedHitRoutes = (contract: CachedHitsContract, count: (id: string, n: number) => void) =>
  mount(
    contract,
    ({ body }) => {
      const counts = listingIds(body.counts)
      for (const [id, n] of counts) count(id, n)
      return { counted: counts.length }
    },
    { parse: readCounts },
  )
