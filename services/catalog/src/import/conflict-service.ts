/** The operator's decisions on import conflicts, and the followed upstreams' state and trust. */
import { eq, listings, registryFollows, type Database } from '@mcp-directory/shared/db'
import { AppError, notFound } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import { closeConflict, conflictById, reopenConflict } from './conflicts'
import type { Importer } from './importer'
import { registryOrigin } from './origin'

/** The conflict a path names; 404 for anything that is not one's id. */
async function conflictOf(database: Database, id: string) {
  const n = /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null
  const c = n === null ? undefined : await conflictById(database, n)
  if (!c) throw notFound('Import conflict')
  return c
}

/** Accepts an open conflict: its entry replaces the listing that held it (or becomes a new listing), as its origin's. */
export async function acceptConflict(database: Database, importDocument: Importer, log: Logger, ref: string) {
  const c = await conflictOf(database, ref)
  const id = c.id
  if (c.state !== 'open') throw new AppError(409, 'conflict', `The conflict is already ${c.state}`)
  if (c.listingId) {
    const [held] = await database.db.select({ id: listings.id }).from(listings).where(eq(listings.id, c.listingId))
    if (!held) throw new AppError(409, 'conflict', `The listing ${c.listingId} no longer exists: dismiss the conflict`)
  }
  // Closed first, so the import records the entry's versions too; opened again if the entry cannot be applied.
  if (!(await closeConflict(database, id, 'accepted')))
    throw new AppError(409, 'conflict', 'The conflict was resolved meanwhile')
  const summary = await importDocument([c.entry], undefined, {
    origin: c.origin,
    replacing: { listingId: c.listingId },
  })
  if (summary.skipped.length) {
    await reopenConflict(database, id)
    throw new AppError(409, 'conflict', `The entry cannot be applied: ${summary.skipped[0].reason}`)
  }
  const [row] = await database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, c.name))
  log.info(
    { conflict: id, origin: c.origin, name: c.name, listing: row?.id ?? null },
    'operator: import conflict accepted',
  )
  return { id, state: 'accepted', listingId: row?.id ?? null }
}

/** Dismisses an open conflict: the same entry is not raised again (a changed one is). */
export async function dismissConflict(database: Database, log: Logger, ref: string) {
  const c = await conflictOf(database, ref)
  const id = c.id
  if (!(await closeConflict(database, id, 'dismissed')))
    throw new AppError(409, 'conflict', `The conflict is already ${c.state}`)
  log.info({ conflict: id, origin: c.origin, name: c.name }, 'operator: import conflict dismissed')
  return { id, state: 'dismissed', listingId: c.listingId }
}

const iso = (d: Date | null) => d?.toISOString() ?? null

/** Every upstream this directory has synced: how far, the last error and stop, and whom it may replace. */
export async function listUpstreams(database: Database) {
  const rows = await database.db.select().from(registryFollows).orderBy(registryFollows.upstream)
  return {
    upstreams: rows.map((r) => ({
      upstream: r.upstream,
      origin: registryOrigin(r.upstream),
      trustedOrigins: r.trustedOrigins,
      syncedUpTo: iso(r.syncedUpTo),
      lastSyncAt: iso(r.lastSyncAt),
      lastError: r.lastError,
      lastStop: r.lastStop,
      lastStopAt: iso(r.lastStopAt),
    })),
  }
}

/** Sets the origins an upstream may replace listings of (the upstream row is created if it was never synced). */
export async function setUpstreamTrust(database: Database, log: Logger, upstream: string, trusts: string[]) {
  const base = upstream.replace(/\/+$/, '')
  const list = [...new Set(trusts)].filter((o) => o !== registryOrigin(base))
  if (list.some((o) => o === 'submission' || o === 'demo'))
    throw new AppError(
      400,
      'invalid_body',
      'An upstream may replace imported listings only, never submitted or demo ones',
      [{ field: 'trusts', message: 'only `import` or `registry:<URL>` origins' }],
    )
  await database.db
    .insert(registryFollows)
    .values({ upstream: base, trustedOrigins: list })
    .onConflictDoUpdate({ target: registryFollows.upstream, set: { trustedOrigins: list } })
  log.info({ upstream: base, trusts: list }, 'operator: upstream trust set')
  return (await listUpstreams(database)).upstreams.find((u) => u.upstream === base)!
}
