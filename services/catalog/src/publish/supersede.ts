/**
 * A stranger's submission does not block the namespace's owner. A publisher whose registry token proves the name's
 * namespace (a DNS, HTTP or GitHub proof; never an anonymous token) publishes a name that a pending submission from
 * another origin holds, exactly or by a look-alike (its skeleton): the submission, not yet approved nor claimed, is
 * superseded. It leaves the name (renamed with
 * a suffix), is rejected with a reason that says why, keeps its history line and sends `listing.rejected`; the
 * status lookup tells its submitter (by its address or id). An approved, flagged or claimed listing stays what it is:
 * a collision with it is still the operator's to decide.
 */
import { randomBytes } from 'node:crypto'
import { catalogOutbox, type Database, eq, listings, or, sql, type Tx } from '@mcp-directory/shared/db'
import { nameSkeleton } from '@mcp-directory/shared/identity'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { SUBMISSION_ORIGIN } from '../listings/origin'
import { identityColumns, lockIdentities } from '../listings/identity'
import { addHistoryLine } from '../listings/history'

/** What a held listing is judged by. */
export interface Holder {
  origin: string
  status: string
  ownerAgent: string | null
  isOfficial: boolean
}

/** A submission waiting for moderation that nobody has claimed: a proven publisher of its namespace supersedes it. */
export const supersedable = (h: Holder) =>
  h.origin === SUBMISSION_ORIGIN && h.status === 'pending' && !h.ownerAgent && !h.isOfficial

/** The reason a superseded submission is rejected with (what its submitter reads). */
export const supersededReason = (namespace: string, name: string) =>
  `Superseded: the owner of the namespace ${namespace} proved it and published ${name} here; a proven publisher's ` +
  'publish takes precedence over a pending submission of the name'

/** Supersedes the pending submissions holding `name` or a look-alike of it; their ids. */
export async function supersedePending(database: Database, name: string, namespace: string): Promise<string[]> {
  return database.db.transaction(async (tx: Tx) => {
    await lockIdentities(tx)
    const held = or(eq(listings.name, name), eq(listings.nameSkeleton, nameSkeleton(name)))
    const rows = await tx.select().from(listings).where(held).for('update').limit(20)
    const ids: string[] = []
    for (const row of rows.filter(supersedable)) ids.push(await supersede(tx, row, name, namespace))
    return ids
  })
}

async function supersede(tx: Tx, row: typeof listings.$inferSelect, name: string, namespace: string) {
  const renamed = `${row.name}-superseded-${randomBytes(3).toString('hex')}`
  const reason = supersededReason(namespace, name)
  const at = new Date()
  await tx
    .update(listings)
    .set({
      name: renamed,
      ...identityColumns({ ...row, name: renamed }),
      wantedName: null,
      status: 'rejected',
      moderationReason: reason,
      updatedAt: at,
    })
    .where(eq(listings.id, row.id))
  await addHistoryLine(tx, {
    listingId: row.id,
    at,
    kind: 'superseded',
    actor: `publisher:${namespace.toLowerCase()}`,
    details: { name: row.name, renamed, reason },
  })
  await enqueueEvent(tx, catalogOutbox, 'listing.rejected', {
    id: row.id,
    name: renamed,
    status: 'rejected',
    at: at.toISOString(),
    reason,
  })
  return row.id
}

/** The listing holding a served name, with what decides whether a publish may supersede it. */
export async function holderOfName(database: Database, name: string) {
  const [row] = await database.rows<Holder & { id: string }>(sql`
    select id, origin, status, owner_agent as "ownerAgent", is_official as "isOfficial"
    from catalog.listings where name = ${name} limit 1`)
  return row ?? null
}
