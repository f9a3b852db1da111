// The listing events after which a badge may show something else drop that listing's cached badges.
import type { EventBus } from '@mcp-directory/shared/bus'
import type { EventEnvelope, EventSubject } from '@mcp-directory/shared/events'
import type { BadgeCache } from '../cache/badge-cache'

/** The listing events after which a badge may show something else. */
export const BADGE_EVENTS = [
  'listing.approved',
  'listing.imported',
  'listing.rejected',
  'listing.flagged',
  'listing.claimed',
  'listing.claim_revoked',
  'listing.checked',
  'listing.counters_changed',
] as const satisfies readonly EventSubject[]

type BadgeEvent = EventEnvelope<(typeof BADGE_EVENTS)[number]>

/** The listing ids an event is about. */
const idsOf = (e: BadgeEvent): string[] => (e.subject === 'listing.counters_changed' ? e.payload.ids : [e.payload.id])

/**
 * Subscribes the cache's invalidation. Dropping cache keys is idempotent (deleting an absent key changes nothing),
 * so a redelivered event is harmless. Resolves to the unsubscribe function once the consumer is registered.
 */
export function subscribeCacheInvalidation(bus: EventBus, durable: string, cache: BadgeCache) {
  return bus.subscribe(durable, BADGE_EVENTS, async (e) => {
    await cache.invalidate(idsOf(e).filter((id) => typeof id === 'string' && id.length > 0))
  })
}
