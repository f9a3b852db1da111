// The prober's event consumer: a new or changed active listing is probed at once rather than at the next round.
import type { EventBus } from '@mcp-directory/shared/bus'
import type { ProbeQueue } from '../queue'

/** The listing events that queue a probe at once (a new or changed active listing). */
export const PROBER_EVENTS = ['listing.approved', 'listing.imported'] as const

/**
 * Subscribes the prober's durable consumer. Queuing is idempotent (one job id per listing and round), so a
 * redelivered event queues nothing new. Resolves with the consumer's stop.
 */
export function subscribeProberEvents(bus: EventBus, durable: string, queue: ProbeQueue, currentRound: () => number) {
  return bus.subscribe(durable, PROBER_EVENTS, async (e) => {
    const { id, status } = e.payload
    if (status !== 'active') return
    await queue.enqueue([{ listingId: id, round: currentRound(), reason: 'event' }])
  })
}
