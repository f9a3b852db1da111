/**
 * A squat does not block the owner. A submission whose name a listing from another repository held was created
 * under a provisional name, keeping the name it wants (`wanted_name`). When its owner proves the repository (a
 * GitHub claim: the badge in that repository's README), the name is the owner's if it belongs to that repository (namespace proven by it, or the
 * repository's own name) and not to the holder's: the holder is renamed with a suffix and flagged for moderation,
 * and the claimed listing takes the name.
 */
import { randomBytes } from 'node:crypto'
import { and, catalogOutbox, eq, inArray, listings, sql, type Tx } from '@mcp-directory/shared/db'
import { nameSkeleton } from '@mcp-directory/shared/identity'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { holdsIdentity, identityColumns, lockIdentities } from '../listings/identity'
import { provenRepositoryOf } from '../listings/publisher'
import { nameFitsRepository, PUBLISHER_COLUMNS, yieldsName } from '../moderation/namespaces'

/** What taking a name did: the listing that lost it and its new name. */
export interface NameTaken {
  name: string
  squatId: string
  squatRenamedTo: string
}

const identitySource = {
  name: listings.name,
  url: listings.url,
  repositoryUrl: listings.repositoryUrl,
  repositorySubfolder: listings.repositorySubfolder,
}

/**
 * Gives the claimed listing the name it wanted, when the repository a claim proved (`proven`, `owner/repo`) is the
 * listing's own and owns the name; null when nothing changed.
 */
export async function takeWantedName(tx: Tx, listingId: string, at: Date, proven: string): Promise<NameTaken | null> {
  const [me] = await tx
    .select({ id: listings.id, wantedName: listings.wantedName, ...identitySource })
    .from(listings)
    .where(eq(listings.id, listingId))
  if (!me?.wantedName || !provenRepositoryOf(me.repositoryUrl, proven)) return null
  if (!nameFitsRepository(me.wantedName, me.repositoryUrl)) return null
  const wanted = me.wantedName
  await lockIdentities(tx)
  const holders = await tx
    .select({ ...PUBLISHER_COLUMNS, status: listings.status, ...identitySource })
    .from(listings)
    .where(
      and(
        sql`${listings.id} <> ${listingId}`,
        sql`(${listings.nameSkeleton} = ${nameSkeleton(wanted)} or ${listings.name} = ${wanted})`,
      ),
    )
  // A holder the name belongs to as well keeps it (so does a claimed one, for a short name), and so does a
  // listing out of moderation's reach (rejected).
  const squat = holders[0]
  if (holders.length !== 1 || !holdsIdentity(squat.status) || !yieldsName(wanted, me.repositoryUrl, squat)) return null
  const renamed = `${squat.name}-renamed-${randomBytes(3).toString('hex')}`
  const reason = `lost the name ${wanted} to ${listingId}, whose owner proved the repository the name belongs to`
  await tx
    .update(listings)
    .set({
      name: renamed,
      ...identityColumns({ ...squat, name: renamed }),
      status: 'flagged',
      moderationReason: reason,
      updatedAt: at,
    })
    .where(eq(listings.id, squat.id))
  await enqueueEvent(tx, catalogOutbox, 'listing.flagged', {
    id: squat.id,
    name: renamed,
    status: 'flagged',
    at: at.toISOString(),
    reason,
  })
  await tx
    .update(listings)
    .set({ name: wanted, wantedName: null, ...identityColumns({ ...me, name: wanted }), updatedAt: at })
    .where(and(eq(listings.id, listingId), inArray(listings.status, ['pending', 'active'])))
  return { name: wanted, squatId: squat.id, squatRenamedTo: renamed }
}
