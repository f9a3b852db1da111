/**
 * Reading and writing the served versions of servers (catalog.server_versions) for the registry read API.
 *
 * What a version's status is when served: `deleted` when its listing left the catalog (rejected or flagged by an
 * operator, or removed upstream), else the version's own status (active, deprecated, deleted). Versions of a pending
 * listing are never served. A version's `updatedAt` is the later of its own and its listing's, so a listing that
 * leaves the catalog reaches `updated_since` syncs as deleted.
 */
import { sql, type Database, type SQL, type Tx } from '@mcp-directory/shared/db'
import type { ServedListing } from './server-json'

/** One version as the read API serves it, before the directory's enrichment is added. */
export interface VersionRow {
  serverName: string
  version: string
  listingId: string
  server: Record<string, unknown>
  status: 'active' | 'deprecated' | 'deleted'
  statusMessage: string | null
  isLatest: boolean
  publishedAt: Date
  updatedAt: Date
}

/**
 * A version to store: what a registry record or a listing says about it. `isLatest` true makes it the latest of its
 * server (the others lose the mark), false leaves the mark as it is; `publishedAt` null means now.
 */
export type VersionWrite = Omit<VersionRow, 'publishedAt' | 'updatedAt'> & { publishedAt: Date | null }

/** Filters of a page of `/v0.1/servers`. */
export interface VersionQuery {
  after: { name: string; version: string } | null
  limit: number
  search: string | null
  updatedSince: Date | null
  version: string | null
  latestOnly: boolean
  includeDeleted: boolean
}

const STATUS = sql`case when l.status in ('rejected', 'flagged') then 'deleted' else v.status end`
const UPDATED = sql`greatest(v.updated_at, l.updated_at)`
const COLUMNS = sql`v.server_name, v.version, v.listing_id, v.server, ${STATUS} as status, v.status_message, v.is_latest, v.published_at, ${UPDATED} as updated_at`
// Demo listings are sample data, never a published release: the read API does not serve them.
const FROM = sql`from catalog.server_versions v join catalog.listings l on l.id = v.listing_id and l.origin <> 'demo'`

type Raw = {
  server_name: string
  version: string
  listing_id: string
  server: Record<string, unknown> | string
  status: VersionRow['status']
  status_message: string | null
  is_latest: boolean
  published_at: Date | string
  updated_at: Date | string
}

function toRow(r: Raw): VersionRow {
  return {
    serverName: r.server_name,
    version: r.version,
    listingId: r.listing_id,
    server: typeof r.server === 'string' ? JSON.parse(r.server) : r.server,
    status: r.status,
    statusMessage: r.status_message,
    isLatest: r.is_latest,
    publishedAt: new Date(r.published_at),
    updatedAt: new Date(r.updated_at),
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** One page of served versions in name order (bytewise, so cursors compare the same on every database). */
export async function listVersions(database: Database, q: VersionQuery): Promise<VersionRow[]> {
  const parts: SQL[] = [sql`l.status <> 'pending'`]
  // updated_since always includes deleted versions: a sync must learn what went away.
  if (!q.includeDeleted && !q.updatedSince) parts.push(sql`${STATUS} <> 'deleted'`)
  if (q.latestOnly) parts.push(sql`v.is_latest`)
  if (q.version !== null) parts.push(sql`v.version = ${q.version}`)
  if (q.search) parts.push(sql`v.server_name ilike ${`%${escapeLike(q.search)}%`} escape '\\'`)
  if (q.updatedSince) parts.push(sql`${UPDATED} > ${q.updatedSince.toISOString()}::timestamptz`)
  if (q.after)
    parts.push(
      sql`(v.server_name collate "C", v.version collate "C") > (${q.after.name} collate "C", ${q.after.version} collate "C")`,
    )
  const rows = await database.rows<Raw>(sql`
    select ${COLUMNS} ${FROM} where ${sql.join(parts, sql` and `)}
    order by v.server_name collate "C", v.version collate "C" limit ${q.limit}`)
  return rows.map(toRow)
}

/** Every served version of one server, newest publication first; empty when there is none to serve. */
export async function versionsOf(
  database: Database,
  serverName: string,
  includeDeleted: boolean,
): Promise<VersionRow[]> {
  const rows = await database.rows<Raw>(sql`
    select ${COLUMNS} ${FROM} where v.server_name = ${serverName} and l.status <> 'pending'
    ${includeDeleted ? sql`` : sql`and ${STATUS} <> 'deleted'`}
    order by v.published_at desc, v.version collate "C" desc`)
  return rows.map(toRow)
}

/**
 * Stores versions, at most one per server name and version (Postgres refuses to update a row twice in one insert),
 * in three statements: the rows (unchanged rows keep their updatedAt), the upstream's publication times, and the
 * latest marks (every other version of a server that got a new latest loses it).
 */
export async function writeVersionRows(tx: Tx, rows: VersionWrite[]): Promise<void> {
  const payload = JSON.stringify(
    rows.map((w) => ({
      server_name: w.serverName,
      version: w.version,
      listing_id: w.listingId,
      server: w.server,
      status: w.status,
      status_message: w.statusMessage,
      is_latest: w.isLatest,
      published_at: w.publishedAt?.toISOString() ?? null,
    })),
  )
  await tx.execute(sql`
    insert into catalog.server_versions as v (server_name, version, listing_id, server, status, status_message, is_latest, published_at, updated_at)
    select r.server_name, r.version, r.listing_id, r.server, r.status, r.status_message, r.is_latest, coalesce(r.published_at, now()), now()
    from jsonb_to_recordset(${payload}::jsonb) as r(server_name text, version text, listing_id text, server jsonb, status text,
      status_message text, is_latest boolean, published_at timestamptz)
    on conflict (server_name, version) do update set
      listing_id = excluded.listing_id, server = excluded.server, status = excluded.status, status_message = excluded.status_message,
      is_latest = v.is_latest or excluded.is_latest,
      updated_at = case when (v.server, v.status, v.status_message, v.is_latest or excluded.is_latest, v.listing_id)
        is distinct from (excluded.server, excluded.status, excluded.status_message, v.is_latest or excluded.is_latest, excluded.listing_id)
        then now() else v.updated_at end`)
  await tx.execute(sql`
    update catalog.server_versions v set published_at = r.published_at
    from jsonb_to_recordset(${payload}::jsonb) as r(server_name text, version text, published_at timestamptz)
    where r.published_at is not null and v.server_name = r.server_name and v.version = r.version and v.published_at <> r.published_at`)
  await tx.execute(sql`
    update catalog.server_versions v set is_latest = false, updated_at = now()
    from jsonb_to_recordset(${payload}::jsonb) as r(server_name text, version text, is_latest boolean)
    where r.is_latest and v.server_name = r.server_name and v.version <> r.version and v.is_latest`)
}

/** Up to `limit` active listings without a served version, in id order, with what their served version is built from. */
export async function listingsWithoutVersion(database: Database, limit: number): Promise<ServedListing[]> {
  const rows = await database.rows<{
    id: string
    name: string
    title: string | null
    description: string
    version: string | null
    repository_url: string | null
    url: string | null
    website_url: string | null
    packages: unknown
    remotes: unknown
  }>(sql`
    select l.id, l.name, l.title, l.description, l.version, l.repository_url, l.url, l.website_url, l.packages, l.remotes
    from catalog.listings l where l.status = 'active'
    and not exists (select 1 from catalog.server_versions v where v.listing_id = l.id) order by l.id limit ${limit}`)
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    title: r.title,
    description: r.description,
    version: r.version,
    repositoryUrl: r.repository_url,
    url: r.url,
    websiteUrl: r.website_url,
    packages: (typeof r.packages === 'string' ? JSON.parse(r.packages) : r.packages) as ServedListing['packages'],
    remotes: (typeof r.remotes === 'string' ? JSON.parse(r.remotes) : r.remotes) as ServedListing['remotes'],
  }))
}

/** Inserts active latest versions for listings that have none, skipping a name another listing serves; how many. */
export async function insertFirstVersions(database: Database, writes: VersionWrite[]): Promise<number> {
  const payload = JSON.stringify(
    writes.map((w) => ({ server_name: w.serverName, version: w.version, listing_id: w.listingId, server: w.server })),
  )
  const inserted = await database.rows(sql`
    insert into catalog.server_versions (server_name, version, listing_id, server, status, is_latest)
    select r.server_name, r.version, r.listing_id, r.server, 'active', true
    from jsonb_to_recordset(${payload}::jsonb) as r(server_name text, version text, listing_id text, server jsonb)
    where not exists (select 1 from catalog.server_versions v where v.listing_id = r.listing_id or v.server_name = r.server_name)
    on conflict do nothing returning 1`)
  return inserted.length
}

/** Listings among `ids` that have no version left that is not deleted. */
export async function listingsWithoutLiveVersion(database: Database, ids: string[]): Promise<string[]> {
  if (!ids.length) return []
  const rows = await database.rows<{ listing_id: string }>(sql`
    select listing_id from catalog.server_versions where listing_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
    group by listing_id having bool_and(status = 'deleted')`)
  return rows.map((r) => r.listing_id)
}
