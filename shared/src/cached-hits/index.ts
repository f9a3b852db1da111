/**
 * Hits the gateway answered from its micro-cache, per listing, reported to the service that counts them (badge
 * impressions, detail views): `POST <path>` with `{ counts: { <listing id>: <positive integer> } }` (internal only).
 */
import { Type } from '@sinclair/typebox'
import { Elysia, type Static, t } from 'elysia'
import { AppError } from '../errors'
import { json, jsonBody } from '../http'

// TypeBox's own integer: Elysia's would take a numeric string.
const PositiveCount = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

/** The body: hits per listing, bounded. */
export const CachedHitCounts = t.Object({
  counts: t.Record(t.String(), PositiveCount, { maxProperties: 100_000 }),
})
export type CachedHitCounts = Static<typeof CachedHitCounts>

/** Its answer: how many listings were counted. */
export const Counted = t.Object({ counted: t.Integer() })

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

/** The internal route at `path` that counts the hits the gateway reports. */
export const cachedHitRoutes = (path: string, count: (id: string, n: number) => void) =>
  new Elysia().post(
    path,
    ({ body }) => {
      const counts = listingIds(body.counts)
      for (const [id, n] of counts) count(id, n)
      return json({ counted: counts.length })
    },
    { parse: readCounts, body: CachedHitCounts },
  )
