// The prober's event consumer: a new or changed active listing is probed at once rather than at the next round.
import type { EventBus } from '@mcp-directory/shared/bus'
import type { ProbeQueue } from '../queue'

/** The listing events that queue a probe at once (a new or changed active listing). */
export const PROBER_EVENTS = ['listing.approved', 'listing.imported', 'listing.owner_changed'] as const

/**
 * Owner changes that change what is probed: its endpoints or packages (a remote not yet resolved is withheld from
 * installs until a probe resolves it, so it is probed at once).
 */
const PROBED_OWNER_CHANGES = new Set(['packages_replaced'])

/**
 * Subscribes the prober's durable consumer. Queuing is idempotent (one job id per listing, round and change), so a
 * redelivered event queues nothing new, while a change after the listing's probe in this round is probed again.
 * Resolves with the consumer's stop.
 */
export function subscribeProberEvents(bus: EventBus, durable: string, queue: ProbeQueue, currentRound: () => number) {
  return bus.subscribe(durable, PROBER_EVENTS, async (e) => {
    if (e.subject === 'listing.owner_changed' && !PROBED_OWNER_CHANGES.has(e.payload.kind)) return
    const { id, status, at } = e.payload
    if (status !== 'active') return
    await queue.enqueue([{ listingId: id, round: currentRound(), reason: 'event', after: at }])
  })
}
