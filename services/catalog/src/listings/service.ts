// Listings as the public reads them, and their counters: a listing that is not public is not found, and counts
// are added in batches with the `listing.counters_changed` events that let cached answers showing them (the
// gateway's micro-cache, badges) go, in the same transaction.
import { catalogOutbox, type Database } from '@mcp-directory/shared/db'
import { NotFound } from '@mcp-directory/shared/errors'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { addToCounter, countersOf, findActiveListing, findListing } from './repository'

// Ids per counters event, so one event stays small however many listings a batch touched.
const IDS_PER_EVENT = 1_000

/** One publicly listed listing; hidden and unknown ids are not found alike. */
export async function activeListing(database: Database, id: string) {
  const listing = await findActiveListing(database, id)
  if (!listing) throw new NotFound('Listing')
  return listing
}

/** The counters of an active listing (a kept detail shows them). */
export async function activeCounters(database: Database, id: string) {
  const counters = await countersOf(database, id)
  if (!counters) throw new NotFound('Listing')
  return counters
}

/** The listing one that was merged by its owner was merged into; any other id is not found. */
export async function mergedInto(database: Database, id: string): Promise<string> {
  const gone = await findListing(database, id)
  if (!gone?.mergedInto) throw new NotFound('Listing')
  return gone.mergedInto
}

/** Adds batched counts to a counter column, with their events. */
async function addCounts(database: Database, column: 'views' | 'installs', counts: Map<string, number>) {
  if (counts.size === 0) return
  const ids = [...counts.keys()]
  await database.db.transaction(async (tx) => {
    await addToCounter(tx, column, counts)
    const at = new Date().toISOString()
    for (let i = 0; i < ids.length; i += IDS_PER_EVENT)
      await enqueueEvent(tx, catalogOutbox, 'listing.counters_changed', { ids: ids.slice(i, i + IDS_PER_EVENT), at })
  })
}

/** Adds batched view counts. */
export const addViews = (database: Database, counts: Map<string, number>) => addCounts(database, 'views', counts)

/** Adds batched install counts (configs copied on the listing page). */
export const addInstalls = (database: Database, counts: Map<string, number>) => addCounts(database, 'installs', counts)
