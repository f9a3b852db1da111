/**
 * Import conflicts: the entries an import or a sync did not apply, recorded for the operator with their event (the
 * same entry raised again updates its open conflict; one the operator dismissed is not raised again until the
 * upstream changes it), the operator's decisions on them, and the followed upstreams' state and trust.
 */
import { catalogOutbox, type importConflicts, registryFollows, type Database, type Tx } from '@mcp-directory/shared/db'
import { Conflict, InvalidInput, NotFound } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { findListing, listingOfName } from '../listings/repository'
import {
  closeConflict,
  type ConflictFields,
  conflictById,
  conflictPage,
  insertConflicts,
  openConflictCount,
  latestByName,
  reopenConflict,
  updateConflict,
} from './conflict-repository'
import type { Importer } from './importer'
import { IMPORT_ORIGIN, registryOrigin } from '../listings/origin'
import type { ConflictReason } from './plan'

/** One conflict to record. */
export interface ConflictWrite {
  origin: string
  name: string
  entry: unknown
  contentHash: string
  listingId: string | null
  reason: ConflictReason
  detail: string
}

// PostgreSQL's jsonb cannot hold U+0000: an entry carrying one is stored without it (the entry is kept for review only).
function storable(entry: unknown): Record<string, unknown> {
  const text = JSON.stringify(entry ?? {}).replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1')
  const v = JSON.parse(text) as unknown
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v }
}

const fieldsOf = (w: ConflictWrite): ConflictFields => ({
  entry: storable(w.entry),
  contentHash: w.contentHash,
  listingId: w.listingId,
  reason: w.reason,
  detail: w.detail.slice(0, 1000),
})

/**
 * Open conflicts one origin may have waiting for the operator. An upstream can name as many new servers as it
 * likes, each meeting a claimed or look-alike listing: past this many, a conflict is not kept (its entry is skipped,
 * saying why) until the operator has decided some. A real registry's overlap with another (about 5,000) fits.
 */
export const MAX_OPEN_CONFLICTS = 5_000

/** What became of an import's conflicts that were not kept open. */
export interface ConflictsRecorded {
  /** Names left out because the operator dismissed that very entry before. */
  dismissed: Set<string>
  /** Names not kept because the origin already has `MAX_OPEN_CONFLICTS` waiting. */
  overCap: Set<string>
}

/**
 * Records the conflicts of one import (one origin) in one transaction. An open conflict raised again is updated
 * only when it changed; a new one is kept while the origin has room (`MAX_OPEN_CONFLICTS`).
 */
export async function recordConflicts(
  database: Database,
  writes: ConflictWrite[],
  cap = MAX_OPEN_CONFLICTS,
): Promise<ConflictsRecorded> {
  if (!writes.length) return { dismissed: new Set(), overCap: new Set() }
  return database.db.transaction((tx) => recordConflictsIn(tx, writes, cap))
}

/** `recordConflicts` inside a transaction of the caller's (an import's chunk keeps its late conflicts with its writes). */
export async function recordConflictsIn(
  tx: Tx,
  writes: ConflictWrite[],
  cap = MAX_OPEN_CONFLICTS,
): Promise<ConflictsRecorded> {
  const dismissed = new Set<string>()
  const overCap = new Set<string>()
  if (!writes.length) return { dismissed, overCap }
  const origin = writes[0].origin
  const last = await latestByName(
    tx,
    origin,
    writes.map((w) => w.name),
  )
  const fresh: ConflictWrite[] = []
  for (const w of writes) {
    const l = last.get(w.name)
    if (l?.state === 'dismissed' && l.contentHash === w.contentHash) dismissed.add(w.name)
    else if (l?.state !== 'open') fresh.push(w)
    else if (l.contentHash !== w.contentHash || l.listingId !== w.listingId || l.reason !== w.reason)
      await updateConflict(tx, l.id, fieldsOf(w))
  }
  const room = Math.max(0, cap - (await openConflictCount(tx, origin)))
  for (const w of fresh.splice(room)) overCap.add(w.name)
  for (let i = 0; i < fresh.length; i += 500) {
    const rows = await insertConflicts(
      tx,
      origin,
      fresh.slice(i, i + 500).map((w) => ({ name: w.name, ...fieldsOf(w) })),
    )
    for (const r of rows)
      await enqueueEvent(tx, catalogOutbox, 'listing.import_conflict', {
        conflictId: r.id,
        origin,
        name: r.name,
        listingId: r.listingId,
        reason: r.reason,
        at: r.at.toISOString(),
      })
  }
  return { dismissed, overCap }
}

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
