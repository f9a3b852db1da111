// Listings as the public reads them, and their counters: a listing that is not public is not found, and counts
// are added in batches with the `listing.counters_changed` events that let cached answers showing them (the
// gateway's micro-cache, badges) go, in the same transaction.
import { catalogOutbox, type Database } from '@mcp-directory/shared/db'
import { NotFound } from '@mcp-directory/shared/errors'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { type HistoryLine, historyOf } from './history'
import { addToCounter, countersOf, findActiveListing, findListing, isStorableId } from './repository'

type Listing = NonNullable<Awaited<ReturnType<typeof findActiveListing>>>

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

/** An active listing and its owners' history, or where a merged listing went. */
export type ListingDetail = { listing: Listing; history: HistoryLine[] } | { mergedInto: string }

/**
 * What the detail of `id` shows: an active listing with its owners' history, or, for a listing merged by its owner,
 * the one it was merged into; any other id is not found.
 */
export async function listingDetail(database: Database, id: string): Promise<ListingDetail> {
  // Read together: the history of an id that is not an active listing is simply not used.
  const [listing, history] = await Promise.all([
    findActiveListing(database, id),
    isStorableId(id) ? historyOf(database, id) : [],
  ])
  if (listing) return { listing, history }
  const gone = await findListing(database, id)
  if (!gone?.mergedInto) throw new NotFound('Listing')
  return { mergedInto: gone.mergedInto }
}

/** Adds batched counts to a counter column, with their events; gives each listing's count after the write. */
async function addCounts(
  database: Database,
  column: 'views' | 'installs',
  counts: Map<string, number>,
): Promise<Map<string, number>> {
  if (counts.size === 0) return new Map()
  const ids = [...counts.keys()]
  return database.db.transaction(async (tx) => {
    const now = await addToCounter(tx, column, counts)
    const at = new Date().toISOString()
    for (let i = 0; i < ids.length; i += IDS_PER_EVENT) {
      const batch = ids.slice(i, i + IDS_PER_EVENT)
      const written = batch.filter((id) => now.has(id)).map((id) => [id, now.get(id)!] as const)
      await enqueueEvent(tx, catalogOutbox, 'listing.counters_changed', {
        ids: batch,
        at,
        counter: column,
        counts: Object.fromEntries(written),
      })
    }
    return now
  })
}

/** Adds batched view counts. */
export const addViews = (database: Database, counts: Map<string, number>) => addCounts(database, 'views', counts)

/** Adds batched install counts (configs copied on the listing page). */
export const addInstalls = (database: Database, counts: Map<string, number>) => addCounts(database, 'installs', counts)
