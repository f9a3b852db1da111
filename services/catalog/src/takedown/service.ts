// Takedowns: an operator takes a malicious listing down everywhere at once, and what it was known by stays refused.
// One transaction: the listing rejected (hidden from search, detail, Markdown, badges, MCP and pages, which follow the
// catalog's answers and `listing.rejected`), its served versions deleted, the takedown and a history line recorded,
// `listing.rejected` and `listing.taken_down` in the outbox. The operator's reason is never shown to the public.
import { catalogOutbox, type Database, type Tx } from '@mcp-directory/shared/db'
import { Conflict, NotFound } from '@mcp-directory/shared/errors'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { identityColumns, lockIdentities } from '../listings/identity'
import { isStorableId, setStatus } from '../listings/repository'
import { addHistoryLine } from '../listings/history'
import {
  deleteServedVersions,
  type IdentityKeys,
  insertTakedown,
  lockListing,
  takedownMatching,
  takedownOf,
} from './repository'

/** What the public is told of a takedown, whatever the operator's reason was. */
export const TAKEN_DOWN = 'taken down by the operator'

/** The skip reason of an import entry or an upstream's that a takedown refuses (operators read it). */
export const takenDownSkip = (reason: string) => `taken down: ${reason}`

/** Whether an import's skip reason is a takedown's (its reason is the operator's: a publisher is not shown it). */
export const isTakedownSkip = (reason: string) => reason.startsWith('taken down: ')

/** A takedown's answer. */
export interface TakedownResult {
  id: string
  name: string
  reason: string
  from: string
  takenDownAt: string
  versionsDeleted: number
  changed: boolean
}

/** Takes the listing `id` down for `reason` (idempotent: a second call answers the first takedown, changed false). */
export async function takeDownListing(
  database: Database,
  id: string,
  reason: string,
  actor = 'operator',
): Promise<TakedownResult> {
  if (!isStorableId(id)) throw new NotFound('Listing')
  return database.db.transaction(async (tx) => {
    // Submissions check takedowns under the identity lock: none passes beside a takedown being written.
    await lockIdentities(tx)
    const row = await lockListing(tx, id)
    if (!row) throw new NotFound('Listing')
    const done = await takedownOf(tx, id)
    if (done)
      return {
        id,
        name: row.name,
        reason: done.reason,
        from: row.status,
        takenDownAt: done.at.toISOString(),
        versionsDeleted: 0,
        changed: false,
      }
    const at = new Date()
    // The moderation reason is read by the public status lookup: it carries the public words only.
    await setStatus(tx, id, 'rejected', 'Taken down by the operator', at)
    const versionsDeleted = await deleteServedVersions(tx, id, TAKEN_DOWN, at)
    // Computed from the listing as it is now (the stored columns may wait for the start-up identity pass).
    const keys = identityColumns(row)
    await insertTakedown(tx, {
      listingId: id,
      name: row.name,
      nameSkeleton: keys.nameSkeleton,
      repositoryKey: keys.repositoryKey,
      urlKey: keys.urlKey,
      reason,
      actor,
      at,
    })
    await addHistoryLine(tx, { listingId: id, at, kind: 'taken_down', actor, details: { from: row.status } })
    const base = { id, name: row.name, status: 'rejected', at: at.toISOString() }
    await enqueueEvent(tx, catalogOutbox, 'listing.rejected', { ...base, reason: TAKEN_DOWN })
    await enqueueEvent(tx, catalogOutbox, 'listing.taken_down', { ...base, reason })
    return { id, name: row.name, reason, from: row.status, takenDownAt: base.at, versionsDeleted, changed: true }
  })
}

/** Refused: a new listing (a submission) shares a name skeleton, repository or address with a taken-down one. */
export async function refuseTakenDown(tx: Pick<Tx, 'select'>, keys: IdentityKeys): Promise<void> {
  const hit = await takedownMatching(tx, keys)
  if (!hit) return
  const byName = hit.nameSkeleton === keys.nameSkeleton
  throw new Conflict({
    field: byName ? 'name' : 'url',
    message: `${byName ? 'A server of this name' : 'This repository or address'} was ${TAKEN_DOWN} and cannot be listed again`,
    reason: TAKEN_DOWN,
  })
}

/** Refused: a taken-down listing changes status only through a takedown's undo (none yet). */
export async function refuseIfTakenDown(tx: Pick<Tx, 'select'>, id: string): Promise<void> {
  if (!(await takedownOf(tx, id))) return
  throw new Conflict({
    field: 'status',
    current: 'rejected',
    message: `The listing was ${TAKEN_DOWN}`,
    reason: TAKEN_DOWN,
  })
}
