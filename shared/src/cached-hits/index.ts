/**
 * Hits the gateway answered from its micro-cache, per listing, reported to the service that counts them (badge
 * impressions, detail views): `POST <path>` with `{ counts: { <listing id>: <positive integer> } }` (internal only).
 * Each counting service declares its route with `cachedHitsContract` (shared/contracts) and mounts it here with
 * `cachedHitRoutes`.
 */
import type { CachedHitsContract } from '../contracts/cached-hits'
import { AppError } from '../errors'
import { jsonBody } from '../http'
import { mount } from '../service/mount'

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
