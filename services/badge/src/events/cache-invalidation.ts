// The listing events after which a badge may show something else drop that listing's cached badges.
import type { EventBus } from '@mcp-directory/shared/bus'
import { LISTING_CHANGE_EVENTS, listingIdsOf } from '@mcp-directory/shared/events'
import type { BadgeCache } from '../cache/badge-cache'

/** The listing events after which a badge may show something else. */
export const BADGE_EVENTS = LISTING_CHANGE_EVENTS

/**
 * Subscribes the cache's invalidation. Dropping cache keys is idempotent (deleting an absent key changes nothing),
 * so a redelivered event is harmless. Resolves to the unsubscribe function once the consumer is registered.
 */
export function subscribeCacheInvalidation(bus: EventBus, durable: string, cache: BadgeCache) {
  return bus.subscribe(durable, BADGE_EVENTS, async (e) => {
    await cache.invalidate(listingIdsOf(e).filter((id) => typeof id === 'string' && id.length > 0))
  })
}
