/**
 * The internal route of a service that counts the hits the gateway answered from its micro-cache, per listing (badge
 * impressions, detail views): `POST <path>` with `{ counts: { <listing id>: <positive integer> } }`. Declared here,
 * with the other contracts, so a contract that names it needs nothing of the route's mounting (shared/cached-hits).
 */
import { Type } from '@sinclair/typebox'
import { type Static, t } from 'elysia'
import type { ServiceName } from '../config'
import { defineContract, err } from './endpoint'

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
