// The prober's event consumer: a new or changed active listing is probed at once rather than at the next round.
import type { EventBus } from '@mcp-directory/shared/bus'
import type { Database } from '@mcp-directory/shared/db'
import type { ProbeQueue } from '../queue'
import { readState } from '../state/repository'

/** The listing events that queue a probe at once (a new or changed active listing). */
export const PROBER_EVENTS = ['listing.approved', 'listing.imported', 'listing.owner_changed'] as const

/**
 * Owner changes that change what is probed: its endpoints or packages (a remote not yet resolved is withheld from
 * installs until a probe resolves it, so it is probed at once).
 */
const PROBED_OWNER_CHANGES = new Set(['packages_replaced'])

/**
 * Subscribes the prober's durable consumer. Queuing is idempotent: a listing not yet probed in this round gets the
 * round's own job (one probe whoever queues it); one already probed gets a job keyed by the change's time, so it is
 * probed again, and a redelivered event still queues nothing new. (A change that lands while the round's probe of
 * the listing is under way waits for the next round; a remote it adds stays withheld until then.) Resolves with the
 * consumer's stop.
 */
export function subscribeProberEvents(
  bus: EventBus,
  durable: string,
  deps: { queue: ProbeQueue; database: Database; currentRound: () => number },
) {
  return bus.subscribe(durable, PROBER_EVENTS, async (e) => {
    if (e.subject === 'listing.owner_changed' && !PROBED_OWNER_CHANGES.has(e.payload.kind)) return
    const { id, status, at } = e.payload
    if (status !== 'active') return
    const round = deps.currentRound()
    const probed = (await readState(deps.database, id))?.lastRound === round
    await deps.queue.enqueue([{ listingId: id, round, reason: 'event', ...(probed ? { after: at } : {}) }])
  })
}
