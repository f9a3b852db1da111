import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config } from '@mcp-directory/shared/config'
import { startBatchedCounter } from '@mcp-directory/shared/counter'
import type { Database } from '@mcp-directory/shared/db'
import { AppError, notFound } from '@mcp-directory/shared/errors'
import type { EventEnvelope, EventSubject } from '@mcp-directory/shared/events'
import { json } from '@mcp-directory/shared/http'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { healthHandler, serviceApp } from '@mcp-directory/shared/service'
import { createBadgeCache, type CachedBadge } from './cache/badge-cache'
import { addImpressions } from './impressions/repository'
import type { FetchListing } from './listings/client'
import { parseBadgeParams } from './params'
import { factsOf, renderBadge, type BadgeOptions } from './render'

/** What the badge service needs from its host process. */
export interface BadgeDeps {
  config: Config
  database: Database
  kv: KeyValueStore
  bus: EventBus
  log: Logger
  /** Reads a listing from the catalog (HTTP in stack mode, in-process in all-in-one). */
  fetchListing: FetchListing
  /** Name of the durable event consumer; replicas share it so each event is handled once. */
  consumerName?: string
}

/** Headers of every badge image: cacheable for two minutes, and inert if opened directly. */
const IMAGE_HEADERS = {
  'content-type': 'image/svg+xml',
  'cache-control': 'public, max-age=120',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  // READMEs on other sites embed the image.
  'cross-origin-resource-policy': 'cross-origin',
}

const MAX_ID_LENGTH = 200

/** The listing events after which a badge may show something else. */
export const BADGE_EVENTS: EventSubject[] = [
  'listing.approved',
  'listing.imported',
  'listing.rejected',
  'listing.flagged',
  'listing.claimed',
  'listing.claim_revoked',
  'listing.checked',
  'listing.counters_changed',
]

/** `{ counts: { id: n } }` from the gateway, checked: listing-shaped ids, positive integer counts, a bounded number. */
function parseHitCounts(body: unknown): [string, number][] | null {
  const counts = (body as { counts?: unknown } | null)?.counts
  if (!counts || typeof counts !== 'object' || Array.isArray(counts)) return null
  const entries = Object.entries(counts as Record<string, unknown>)
  if (entries.length > 100_000) return null
  for (const [id, n] of entries) {
    if (id.length === 0 || id.length > MAX_ID_LENGTH || id.includes('\0')) return null
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) return null
  }
  return entries as [string, number][]
}

/** Whether an If-None-Match header matches an ETag (weak comparison, as RFC 9110 §13.1.2 asks). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)
}

/** A strong ETag: the same bytes always get the same tag, on every replica. */
function etagOf(svg: string): string {
  return `"${new Bun.CryptoHasher('sha256').update(svg).digest('base64url').slice(0, 27)}"`
}

/** Builds the badge service: `GET /api/badge/:id`, its cache, impression counts and event consumer. */
export function createBadgeApp(deps: BadgeDeps) {
  const { config, database, log } = deps
  const cache = createBadgeCache(deps.kv, log)
  const impressions = startBatchedCounter(
    (counts) => addImpressions(database, counts),
    config.viewFlushMs,
    log,
    'badge impressions',
  )

  // Dropping cache keys is idempotent (deleting an absent key changes nothing), so a redelivered event is harmless.
  const onEvent = async (e: EventEnvelope) => {
    const ids =
      e.subject === 'listing.counters_changed'
        ? (e.payload as { ids: string[] }).ids
        : [(e.payload as { id: string }).id]
    await cache.invalidate(ids.filter((id) => typeof id === 'string' && id.length > 0))
  }
  const subscribed = deps.bus.subscribe(deps.consumerName ?? 'badge-cache', BADGE_EVENTS, onEvent)

  async function badge(id: string, o: BadgeOptions): Promise<CachedBadge> {
    const hit = await cache.get(id, o)
    if (hit) return hit
    // Listing ids are short slugs; anything else cannot be one, and need not cost a catalog read.
    // A path segment that does not decode (e.g. a lone `%`) arrives as null; NUL is in no id (PostgreSQL refuses it).
    if (typeof id !== 'string' || id.includes('\0') || id.length > MAX_ID_LENGTH || (await cache.isMissing(id)))
      throw notFound('Listing')
    const listing = await deps.fetchListing(id)
    // Hidden listings (pending, rejected, flagged) answer as unknown ones do.
    if (listing?.status !== 'active') {
      await cache.markMissing(id)
      throw notFound('Listing')
    }
    const svg = renderBadge(factsOf(listing), o)
    const fresh = { etag: etagOf(svg), svg }
    await cache.set(id, o, fresh)
    return fresh
  }

  const app = serviceApp('badge', config.publicBaseUrl, log)
    .get('/api/badge/:id', async ({ params, request }) => {
      const o = parseBadgeParams(new URL(request.url).searchParams)
      const b = await badge(params.id, o)
      // An impression is a badge shown, whether its bytes were sent or the client's copy was still good.
      impressions.count(params.id)
      if (matches(request.headers.get('if-none-match'), b.etag)) {
        return new Response(null, {
          status: 304,
          headers: { etag: b.etag, 'cache-control': IMAGE_HEADERS['cache-control'] },
        })
      }
      return new Response(b.svg, { headers: { ...IMAGE_HEADERS, etag: b.etag } })
    })
    // Badges the gateway answered from its micro-cache, per listing: impressions like any other (internal only).
    .post('/internal/impressions', async ({ request }) => {
      const counts = parseHitCounts(await request.json().catch(() => null))
      if (!counts) throw new AppError(400, 'invalid_body', 'Expected { counts: { <listing id>: <positive integer> } }')
      for (const [id, n] of counts) impressions.count(id, n)
      return json({ counted: counts.length })
    })
    // For process supervisors (the stack runner probes this path); never in the gateway's public table.
    .get('/api/v1/health', healthHandler(database, log))

  return {
    app,
    /** Writes pending impression counts now (tests, shutdown). */
    flush: () => impressions.flush(),
    /** Resolves once the event consumer is registered. */
    ready: () => subscribed.then(() => undefined),
    close: async () => {
      await (await subscribed)()
      cache.close()
      await impressions.stop()
    },
  }
}

/** The badge service as built by its factory. */
export type BadgeService = ReturnType<typeof createBadgeApp>
