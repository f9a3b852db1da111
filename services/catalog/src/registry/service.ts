// The served versions of servers: the registry read API over them (pages, cursors, one server's versions), and
// writing them (an import's versions, and one built from the listing for each active listing that has none).
import type { Database } from '@mcp-directory/shared/db'
import { InvalidParameter } from '@mcp-directory/shared/errors'
import { listingsByIds } from '../listings/repository'
import { DEFAULT_LIMIT, includesDeleted, type RegistryListQuery } from './model'
import { serverResponseOf } from './present'
import {
  insertFirstVersions,
  listingsWithoutVersion,
  listVersions,
  versionsOf,
  type VersionQuery,
  type VersionRow,
  type VersionWrite,
  writeVersionRows,
} from './repository'
import { servedNameOf, servedServerJson, servedVersionOf, type ServedListing } from './server-json'

/** Opaque to clients: the key of the last version of a page. */
export function encodeCursor(row: Pick<VersionRow, 'serverName' | 'version'>): string {
  return Buffer.from(JSON.stringify([row.serverName, row.version])).toString('base64url')
}

/** The key a cursor of ours carries (the model has checked its alphabet); anything else is a 400. */
function decodeCursor(s: string): { name: string; version: string } {
  try {
    const v: unknown = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'))
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      typeof v[1] === 'string' &&
      !`${v[0]}${v[1]}`.includes('\0')
    ) {
      return { name: v[0], version: v[1] }
    }
  } catch {
    // falls through to the 400
  }
  throw new InvalidParameter('cursor', 'is not a cursor this registry returned')
}

/** The filters of a page, from a query its model accepted (a date the pattern admits may still not exist). */
export function versionQueryOf(q: RegistryListQuery): VersionQuery {
  let updatedSince: Date | null = null
  if (q.updated_since !== undefined) {
    const t = Date.parse(q.updated_since)
    if (Number.isNaN(t))
      throw new InvalidParameter('updated_since', 'must be an RFC 3339 date-time, e.g. 2025-08-07T13:15:04.280Z')
    // Before 1970 nothing was updated; PostgreSQL has no year 0, which RFC 3339 allows.
    updatedSince = new Date(Math.max(t, 0))
  }
  const search = q.search?.trim() || null
  return {
    after: q.cursor ? decodeCursor(q.cursor) : null,
    limit: q.limit ?? DEFAULT_LIMIT,
    search,
    updatedSince,
    version: q.version === undefined || q.version === 'latest' ? null : q.version,
    latestOnly: q.version === 'latest',
    includeDeleted: includesDeleted(q.include_deleted),
  }
}

/** The registry read API over the catalog's served versions. */
export function registryService(deps: { database: Database; baseUrl: string; namespace: string }) {
  const { database, baseUrl, namespace } = deps

  async function present(rows: VersionRow[]) {
    const ids = [...new Set(rows.filter((r) => r.status !== 'deleted').map((r) => r.listingId))]
    const byId = new Map((await listingsByIds(database, ids)).map((l) => [l.id, l]))
    return rows.map((r) => serverResponseOf(r, byId.get(r.listingId), baseUrl, namespace))
  }

  return {
    /** A page of versions; `nextCursor` only when another page follows. */
    async list(query: RegistryListQuery) {
      const q = versionQueryOf(query)
      // One more than asked tells whether another page follows.
      const rows = await listVersions(database, { ...q, limit: q.limit + 1 })
      const page = rows.slice(0, q.limit)
      const servers = await present(page)
      const metadata: { count: number; nextCursor?: string } = { count: servers.length }
      if (rows.length > q.limit) metadata.nextCursor = encodeCursor(page[page.length - 1])
      return { servers, metadata }
    },
    /** Every version of a server, or null when it has none. */
    async versions(name: string, includeDeleted: boolean) {
      const rows = await versionsOf(database, name, includeDeleted)
      if (!rows.length) return null
      const servers = await present(rows)
      return { servers, metadata: { count: servers.length } }
    },
    /** One version (`latest` for its latest): `server` when the server has no versions, `version` when not that one. */
    async version(name: string, version: string, includeDeleted: boolean) {
      const rows = await versionsOf(database, name, includeDeleted)
      if (!rows.length) return { missing: 'server' as const }
      const row = version === 'latest' ? rows.find((r) => r.isLatest) : rows.find((r) => r.version === version)
      if (!row) return { missing: 'version' as const }
      const [server] = await present([row])
      return { server }
    },
  }
}

/** Stores versions in transactions of 500; a later write of the same server name and version wins. */
export async function writeVersions(database: Database, writes: VersionWrite[]): Promise<void> {
  const byKey = new Map<string, VersionWrite>()
  for (const w of writes) byKey.set(`${w.serverName}\u0000${w.version}`, w)
  const list = [...byKey.values()]
  for (let i = 0; i < list.length; i += 500) {
    const chunk = list.slice(i, i + 500)
    await database.db.transaction((tx) => writeVersionRows(tx, chunk))
  }
}

/** The served version of a listing that has no version of its own yet (submitted, or imported before versions were kept). */
export function versionFromListing(l: ServedListing, namespace: string): VersionWrite {
  return {
    serverName: servedNameOf(l.name, l.id, namespace),
    version: servedVersionOf(null, l),
    listingId: l.id,
    server: servedServerJson(null, l, namespace),
    status: 'active',
    statusMessage: null,
    isLatest: true,
    publishedAt: null,
  }
}

/**
 * Gives every active listing without a served version one built from the listing (a listing submitted to the
 * directory, the demo catalog, or listings imported before versions were kept). Idempotent. A name another listing
 * already serves under is left alone rather than taken over.
 */
export async function addMissingVersions(database: Database, namespace: string): Promise<number> {
  let added = 0
  for (;;) {
    const missing = await listingsWithoutVersion(database, 500)
    if (!missing.length) return added
    const inserted = await insertFirstVersions(
      database,
      missing.map((l) => versionFromListing(l, namespace)),
    )
    added += inserted
    if (inserted === 0) return added // only names already taken were left: nothing more to do
  }
}
