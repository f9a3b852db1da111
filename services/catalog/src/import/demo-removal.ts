/**
 * The demo catalog is sample data for a fresh install: the first import of real data removes it whole — its
 * listings with their facts, its served versions and its claims — so no demo listing ranks beside real ones and no
 * real server keeps a demo version.
 */
import {
  catalogOutbox,
  claimChecks,
  eq,
  inArray,
  listingClaims,
  listings,
  serverVersions,
  type Database,
} from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { DEMO_ORIGIN } from '../listings/origin'

/** Removes every demo listing in one transaction (with a `listing.rejected` each, so indexes and caches drop it); returns how many. */
export async function removeDemoListings(database: Database, log: Logger): Promise<number> {
  const removed = await database.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: listings.id, name: listings.name })
      .from(listings)
      .where(eq(listings.origin, DEMO_ORIGIN))
      .for('update')
    if (!rows.length) return 0
    const ids = rows.map((r) => r.id)
    await tx.delete(serverVersions).where(inArray(serverVersions.listingId, ids))
    const claims = await tx
      .select({ claimId: listingClaims.claimId })
      .from(listingClaims)
      .where(inArray(listingClaims.listingId, ids))
    if (claims.length)
      await tx.delete(claimChecks).where(
        inArray(
          claimChecks.claimId,
          claims.map((c) => c.claimId),
        ),
      )
    await tx.delete(listingClaims).where(inArray(listingClaims.listingId, ids))
    await tx.delete(listings).where(inArray(listings.id, ids))
    const at = new Date().toISOString()
    for (const r of rows)
      await enqueueEvent(tx, catalogOutbox, 'listing.rejected', {
        id: r.id,
        name: r.name,
        status: 'rejected',
        at,
        reason: 'demo data removed by the first import of real data',
      })
    return rows.length
  })
  if (removed) log.info({ removed }, 'demo catalog removed: the first import of real data replaces it')
  return removed
}
