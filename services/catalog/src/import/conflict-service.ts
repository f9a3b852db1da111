/**
 * Import conflicts as the operator sees them (recorded by conflict-record.ts): the operator's decisions on them, and
 * the followed upstreams' state and trust.
 */
import { type importConflicts, registryFollows, type Database } from '@mcp-directory/shared/db'
import { Conflict, InvalidInput, NotFound } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import { findListing, listingOfName } from '../listings/repository'
import { IMPORT_ORIGIN, registryOrigin } from '../listings/origin'
import { closeConflict, conflictById, conflictPage, reopenConflict } from './conflict-repository'
import type { Importer } from './importer'

/** A conflict as the operator API shows it. */
export function presentConflict(r: typeof importConflicts.$inferSelect) {
  return {
    id: r.id,
    origin: r.origin,
    name: r.name,
    listingId: r.listingId,
    reason: r.reason,
    detail: r.detail,
    state: r.state,
    entry: r.entry,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
  }
}

/** A page of conflicts of one state, newest first. */
export async function listConflicts(database: Database, state: string, limit: number, offset: number) {
  const { total, rows } = await conflictPage(database, state, limit, offset)
  return { total, conflicts: rows.map(presentConflict) }
}

/** The conflict a path names; 404 for anything that is not one's id. */
async function conflictOf(database: Database, id: string) {
  const n = /^[1-9]\d{0,15}$/.test(id) ? Number(id) : null
  const c = n === null ? undefined : await conflictById(database, n)
  if (!c) throw new NotFound('Import conflict')
  return c
}

/** Accepts an open conflict: its entry replaces the listing that held it (or becomes a new listing), as its origin's. */
export async function acceptConflict(database: Database, importDocument: Importer, log: Logger, ref: string) {
  const c = await conflictOf(database, ref)
  const id = c.id
  if (c.state !== 'open') throw new Conflict({ message: `The conflict is already ${c.state}` })
  if (c.listingId && !(await findListing(database, c.listingId)))
    throw new Conflict({ message: `The listing ${c.listingId} no longer exists: dismiss the conflict` })
  // Closed first, so the import records the entry's versions too; opened again if the entry cannot be applied.
  if (!(await closeConflict(database, id, 'accepted')))
    throw new Conflict({ message: 'The conflict was resolved meanwhile' })
  let summary: Awaited<ReturnType<Importer>>
  try {
    summary = await importDocument([c.entry], undefined, { origin: c.origin, replacing: { listingId: c.listingId } })
  } catch (err) {
    // Nothing was applied: the conflict waits again rather than stay accepted with its entry lost.
    await reopenConflict(database, id)
    throw err
  }
  if (summary.skipped.length) {
    await reopenConflict(database, id)
    throw new Conflict({ message: `The entry cannot be applied: ${summary.skipped[0].reason}` })
  }
  const listingId = (await listingOfName(database, c.name))?.id ?? null
  log.info({ conflict: id, origin: c.origin, name: c.name, listing: listingId }, 'operator: import conflict accepted')
  return { id, state: 'accepted', listingId }
}

/** Dismisses an open conflict: the same entry is not raised again (a changed one is). */
export async function dismissConflict(database: Database, log: Logger, ref: string) {
  const c = await conflictOf(database, ref)
  const id = c.id
  if (!(await closeConflict(database, id, 'dismissed')))
    throw new Conflict({ message: `The conflict is already ${c.state}` })
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
  // Named, not excluded: a publisher's own listing (`publisher:<namespace>`, proven by a registry token) is its
  // owner's like a claimed submission, and an origin added later is nobody's to hand over by default.
  if (list.some((o) => o !== IMPORT_ORIGIN && !o.startsWith(registryOrigin(''))))
    throw new InvalidInput('An upstream may replace imported listings only, never submitted, published or demo ones', {
      field: 'trusts',
      message: 'only `import` or `registry:<URL>` origins',
    })
  await database.db
    .insert(registryFollows)
    .values({ upstream: base, trustedOrigins: list })
    .onConflictDoUpdate({ target: registryFollows.upstream, set: { trustedOrigins: list } })
  log.info({ upstream: base, trusts: list }, 'operator: upstream trust set')
  return (await listUpstreams(database)).upstreams.find((u) => u.upstream === base)!
}
