// Badges the gateway answered from its micro-cache, per listing: impressions like any other (internal only).
import { AppError } from '@mcp-directory/shared/errors'
import { json, jsonBody } from '@mcp-directory/shared/http'
import { Elysia } from 'elysia'
import { MAX_ID_LENGTH } from '../badges/service'
import { ImpressionCounts } from './model'

// 100 000 listings of up to 200 characters and their counts.
const MAX_BODY_BYTES = 32 * 1024 * 1024

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

/** The route the gateway reports cached hits to. */
export const impressionRoutes = (count: (id: string, n: number) => void) =>
  new Elysia().post(
    '/internal/impressions',
    ({ body }) => {
      const counts = listingIds(body.counts)
      for (const [id, n] of counts) count(id, n)
      return json({ counted: counts.length })
    },
    { parse: readCounts, body: ImpressionCounts },
  )
