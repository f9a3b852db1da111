/**
 * Importing from, and following, a registry that speaks the official registry's read API (`/v0.1/servers`):
 * the official MCP registry, another directory, any sub-registry.
 *
 * A sync pages through `/v0.1/servers` with cursors (every version: the latest of each server becomes the listing,
 * every version is kept). A follow-up sync asks only for what changed since the last one (`updated_since`, which
 * brings deleted versions too) and applies new versions, status changes and deletions: a server with no version left
 * that is not deleted leaves the catalog (status `rejected`, reason REMOVED_UPSTREAM, event `listing.rejected`), and
 * comes back (`listing.approved`) when the upstream serves it again. A page is fetched whole, with retries and
 * backoff, before anything of it is written; the watermark moves only after every page is applied, and applying
 * a page again changes nothing, so a failure never leaves a sync half-applied.
 */
import { eq, registryFollows, sql, type Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { registryOrigin } from '../listings/origin'
import { listingIdsByName } from '../listings/repository'
import type { ImportSkip } from './parse'
import type { ChangeStatus, ServedVersions } from './ports'
import type { ImportOptions, ImportSummary } from './service'
import { fetchPageWithRetry, type RetryPolicy } from './upstream-pages'
import { recordOf, recordVersions, type RegistryRecord } from './versions'

export type { RetryPolicy } from './upstream-pages'

/** The moderation reason of a listing its upstream registry no longer serves. */
export const REMOVED_UPSTREAM = 'removed from the upstream registry'

const PAGE_LIMIT = 100
// Rows committed just before a sync read the upstream may carry an earlier updatedAt than the newest one seen;
// the next sync asks again from a little before it (re-applying a version changes nothing).
const WATERMARK_MARGIN_MS = 60_000
const LEASE_MS = 10 * 60_000

/** What a sync did, in the import summary's terms plus versions and listings that left or came back. */
export interface RegistrySyncSummary extends ImportSummary {
  upstream: string
  pages: number
  versions: number
  removed: number
  restored: number
  /** The `updated_since` this sync asked with (null: a full sync). */
  since: string | null
  /** Why the sync stopped before the upstream's last page (null: it read them all). */
  stopped: string | null
}

export interface RegistrySyncDeps {
  database: Database
  log: Logger
  /** Where the versions the registry API serves of a sync are kept. */
  versions: ServedVersions
  /** Moderation's change of a listing's status (one the upstream no longer serves leaves the catalog, and comes back). */
  changeStatus: ChangeStatus
  /** The catalog's import of a document (listings and their events), as the given origin. */
  importDocument: (doc: unknown, opts: ImportOptions) => Promise<ImportSummary>
  /** Pages one sync reads at most (REGISTRY_SYNC_MAX_PAGES). */
  maxPages: number
  /** New listings one sync creates at most (REGISTRY_SYNC_MAX_NEW); past it they wait for the operator. */
  maxNew: number
  /** Publishes the events written (the outbox relay). */
  nudge: () => void
  retry?: RetryPolicy
  fetch?: (url: string, init: RequestInit) => Promise<Response>
}

/**
 * The base of a registry read API named by an import source, or null when the source is a file or a document's
 * address: an http(s) URL whose path does not end in `.json` (a trailing `/v0.1` or `/v0.1/servers` is dropped).
 */
export function registryBaseOf(source: string): string | null {
  let u: URL
  try {
    u = new URL(source)
  } catch {
    return null
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.search || u.hash || /\.json$/i.test(u.pathname))
    return null
  const path = u.pathname.replace(/\/+$/, '').replace(/\/v0(\.\d+)?(\/servers)?$/, '')
  return `${u.origin}${path}`
}

/** Takes the sync lease of an upstream (one catalog replica syncs at a time); null when another holds it. */
async function takeLease(
  database: Database,
  upstream: string,
): Promise<{ syncedUpTo: Date | null; trusts: string[] } | null> {
  await database.db.insert(registryFollows).values({ upstream }).onConflictDoNothing()
  const rows = await database.rows<{ synced_up_to: Date | string | null; trusted_origins: string[] | string }>(sql`
    update catalog.registry_follows set lease_until = now() + ${`${LEASE_MS} milliseconds`}::interval
    where upstream = ${upstream} and (lease_until is null or lease_until < now()) returning synced_up_to, trusted_origins`)
  if (!rows.length) return null
  const trusts = rows[0].trusted_origins
  return {
    syncedUpTo: rows[0].synced_up_to === null ? null : new Date(rows[0].synced_up_to),
    trusts: typeof trusts === 'string' ? (JSON.parse(trusts) as string[]) : trusts,
  }
}

/** Applies one page: the latest live version of each server to its listing, every version, then what left or came back. */
async function applyPage(
  deps: RegistrySyncDeps,
  raw: unknown[],
  offset: number,
  summary: RegistrySyncSummary,
  scope: ImportOptions & { origin: string },
) {
  const records: RegistryRecord[] = []
  raw.forEach((el, i) => {
    const r = recordOf(el)
    if (typeof r.server !== 'object' || r.server === null)
      summary.skipped.push({ index: offset + i, name: null, reason: 'record has no server object' })
    else records.push(r)
  })
  // Only a server's latest version that is not deleted is what its listing shows; older versions are only kept. A
  // server first seen through an older version (its latest is on a later page) is created from that one, so the
  // version has a listing to belong to; its latest replaces the content when it arrives.
  const nameOf = (r: RegistryRecord) => {
    const n = (r.server as { name?: unknown }).name
    return typeof n === 'string' ? n.trim() : null
  }
  const live = records.filter((r) => r.meta?.status !== 'deleted')
  const latestNames = new Set(live.filter((r) => !r.meta || r.meta.isLatest).map(nameOf))
  const known = await listingIdsByName(deps.database, [
    ...new Set(live.map(nameOf).filter((n): n is string => n !== null)),
  ])
  const firstSeen = new Map<string, RegistryRecord>()
  for (const r of live) {
    const n = nameOf(r)
    if (n !== null && !latestNames.has(n) && !known.has(n)) firstSeen.set(n, r)
  }
  const latest = [...live.filter((r) => !r.meta || r.meta.isLatest), ...firstSeen.values()].map((r) => r.server)
  if (latest.length) {
    const s = await deps.importDocument(latest, scope)
    summary.total += s.total
    summary.created += s.created
    summary.updated += s.updated
    summary.unchanged += s.unchanged
    summary.skipped.push(...s.skipped.map((k: ImportSkip) => ({ ...k, index: offset + k.index })))
    summary.conflicts.push(...s.conflicts.map((c) => ({ ...c, index: offset + c.index })))
  }
  summary.versions += await recordVersions(deps.database, deps.versions, records, scope.origin)

  // Only this upstream's own listings leave the catalog or come back with what it serves.
  const names = [...new Set(records.map(nameOf).filter((n): n is string => n !== null))]
  const listings = new Map(
    [...(await listingIdsByName(deps.database, names))].filter(([, l]) => l.origin === scope.origin),
  )
  const ids = [...listings.values()].map((l) => l.id)
  const gone = new Set(await deps.versions.withoutLiveVersion(ids))
  for (const l of listings.values()) {
    if (gone.has(l.id) && l.status === 'active') {
      await deps.changeStatus(l.id, 'rejected', REMOVED_UPSTREAM)
      summary.removed++
    } else if (!gone.has(l.id) && l.status === 'rejected' && l.reason === REMOVED_UPSTREAM) {
      await deps.changeStatus(l.id, 'active', null)
      summary.restored++
    }
  }
  deps.nudge()
}

/**
 * Syncs from an upstream registry: everything (`full`, or the first time), else what changed since the last
 * sync. Throws when a page cannot be fetched after its retries (nothing of that page is written; the next sync
 * asks again from the same point) or when another replica holds the sync.
 */
export async function syncFromRegistry(
  deps: RegistrySyncDeps,
  upstream: string,
  opts: { full?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<RegistrySyncSummary> {
  const lease = await takeLease(deps.database, upstream)
  if (!lease) throw new Error(`another sync of ${upstream} is running`)
  const since = opts.full ? null : lease.syncedUpTo
  const summary: RegistrySyncSummary = {
    upstream,
    pages: 0,
    versions: 0,
    removed: 0,
    restored: 0,
    since: since?.toISOString() ?? null,
    stopped: null,
    total: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: [],
    conflicts: [],
  }
  const scope = { origin: registryOrigin(upstream), trusts: lease.trusts, newBudget: { left: deps.maxNew } }
  let newest = since?.getTime() ?? null
  try {
    newest = await readPages(deps, upstream, since, summary, scope, opts.onProgress, newest)
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    await deps.database.db
      .update(registryFollows)
      .set({ lastError: message.slice(0, 1000), leaseUntil: null })
      .where(eq(registryFollows.upstream, upstream))
    throw err
  }
  // Every page read: the watermark moves even past the cap of new listings (those wait as conflicts, remembered).
  const complete = summary.stopped === null
  if (summary.conflicts.some((c) => c.reason === 'new_listing_cap'))
    summary.stopped ??= `new listings capped at ${deps.maxNew} (REGISTRY_SYNC_MAX_NEW): the rest wait for the operator`
  await finishSync(deps, upstream, summary, complete ? newest : null, since)
  return summary
}

/** Reads and applies every page (or until a stop); returns the newest `updatedAt` seen. */
async function readPages(
  deps: RegistrySyncDeps,
  upstream: string,
  since: Date | null,
  summary: RegistrySyncSummary,
  scope: ImportOptions & { origin: string },
  onProgress: ((done: number, total: number) => void) | undefined,
  newest: number | null,
): Promise<number | null> {
  // Every cursor given so far: an upstream that leads back to any of them (A→B→A) would never end.
  const cursors = new Set<string>()
  let cursor: string | null = null
  let seen = 0
  do {
    if (summary.pages >= deps.maxPages) {
      summary.stopped = `stopped after ${deps.maxPages} pages (REGISTRY_SYNC_MAX_PAGES)`
      break
    }
    const q = new URLSearchParams({ limit: String(PAGE_LIMIT) })
    if (cursor) q.set('cursor', cursor)
    if (since) q.set('updated_since', since.toISOString())
    const page = await fetchPageWithRetry(deps, `${upstream}/v0.1/servers?${q}`, PAGE_LIMIT)
    await applyPage(deps, page.records, seen, summary, scope)
    for (const el of page.records) {
      const t = recordOf(el).meta?.updatedAt?.getTime()
      if (t !== undefined && (newest === null || t > newest)) newest = t
    }
    seen += page.records.length
    summary.pages++
    onProgress?.(seen, seen + (page.nextCursor ? PAGE_LIMIT : 0))
    if (cursor) cursors.add(cursor)
    cursor = page.nextCursor
    if (cursor !== null && cursors.has(cursor)) {
      summary.stopped = `stopped at a cursor the upstream gave before (${cursor.slice(0, 100)}): its pages loop`
      break
    }
    await deps.database.db
      .update(registryFollows)
      .set({ leaseUntil: new Date(Date.now() + LEASE_MS) })
      .where(eq(registryFollows.upstream, upstream))
  } while (cursor)
  return newest
}

/**
 * Ends a sync: the watermark moves only when every page was read (`newest` null otherwise: a stopped sync asks again
 * from the same point), and a stop is logged and kept for the operator API.
 */
async function finishSync(
  deps: RegistrySyncDeps,
  upstream: string,
  summary: RegistrySyncSummary,
  newest: number | null,
  since: Date | null,
) {
  const mark = newest === null ? null : new Date(Math.max(newest - WATERMARK_MARGIN_MS, since?.getTime() ?? 0))
  if (summary.stopped)
    deps.log.warn(
      { upstream, pages: summary.pages, created: summary.created, stop: summary.stopped },
      'registry sync stopped early',
    )
  await deps.database.db
    .update(registryFollows)
    .set({
      ...(mark ? { syncedUpTo: mark } : {}),
      lastSyncAt: new Date(),
      lastError: null,
      leaseUntil: null,
      lastStop: summary.stopped,
      lastStopAt: summary.stopped ? new Date() : null,
    })
    .where(eq(registryFollows.upstream, upstream))
}
