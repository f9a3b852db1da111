/**
 * What the search index reads from PostgreSQL: active listings as search documents with the columns their public
 * summary is made of, and the outbox's listing events.
 */
import type { RemoteAuthInfo, ToolInfo } from '@mcp-directory/shared/contracts'
import { and, asc, catalogOutbox, type Database, eq, gt, inArray, listings, sql } from '@mcp-directory/shared/db'
import { MAX_README_TEXT, type SearchDocument } from '../text/engine/document'
import { SUMMARY_COLUMNS, type SummaryRow } from '../listings/summary-row'

// The columns a search document needs; the README is cut where the index stops reading it.
const DOCUMENT_COLUMNS = {
  id: listings.id,
  name: listings.name,
  title: listings.title,
  description: listings.description,
  tags: listings.tags,
  tools: listings.tools,
  toolsSource: listings.toolsSource,
  // Names and descriptions only: the files' digests are no search text.
  skills: sql<
    { name: string; description?: string }[]
  >`(select coalesce(jsonb_agg(jsonb_build_object('name', s->'name', 'description', s->'description')), '[]'::jsonb) from jsonb_array_elements(${listings.skills}) s)`,
  readme: sql<string | null>`left(${listings.readme}, ${MAX_README_TEXT})`,
  category: listings.category,
  repositoryUrl: listings.repositoryUrl,
  repositoryKey: listings.repositoryKey,
  hasPackage: listings.hasPackage,
  hasRemote: listings.hasRemote,
  verified: listings.isVerifiedActive,
  isOfficial: listings.isOfficial,
  stars: listings.githubStars,
  source: listings.source,
  status: listings.status,
  // What the readiness filter reads besides the tools and the summary's endpoints.
  remoteAuth: listings.remoteAuth,
  summary: SUMMARY_COLUMNS,
}

/**
 * A listing as the index reads it: what search matches on (lifecycle facts are judged from `summary`), and where its
 * tool list was observed (the tool index holds only observed ones).
 */
export type IndexRow = Omit<SearchDocument, 'lifecycle' | 'order' | 'ready' | 'tools'> & {
  tools: ToolInfo[]
  toolsSource?: string | null
  status: string
  remoteAuth: RemoteAuthInfo | null
  summary: SummaryRow
}

/** Active listings after `afterId` in id order, `limit` at a time (the index's build at start). */
export async function activeDocumentsAfter(database: Database, afterId: string, limit: number): Promise<IndexRow[]> {
  return database.db
    .select(DOCUMENT_COLUMNS)
    .from(listings)
    .where(and(eq(listings.status, 'active'), gt(listings.id, afterId)))
    .orderBy(asc(listings.id))
    .limit(limit)
}

/** The listings with these ids as they are now, with their status (a missing id was deleted). */
export async function documentsByIds(database: Database, ids: string[]): Promise<IndexRow[]> {
  const out: IndexRow[] = []
  for (let i = 0; i < ids.length; i += 500)
    out.push(
      ...(await database.db
        .select(DOCUMENT_COLUMNS)
        .from(listings)
        .where(inArray(listings.id, ids.slice(i, i + 500)))),
    )
  return out
}

/**
 * The summary columns of the active listings among these ids (a counters change rewrites only those); the caller
 * asks for a bounded batch, never none.
 */
export async function summariesByIds(database: Database, ids: string[]): Promise<SummaryRow[]> {
  return database.db
    .select(SUMMARY_COLUMNS)
    .from(listings)
    .where(and(eq(listings.status, 'active'), inArray(listings.id, ids)))
}

/** Ids of every active listing (the periodic reconciliation). */
export async function activeIds(database: Database): Promise<string[]> {
  const rows = await database.db.select({ id: listings.id }).from(listings).where(eq(listings.status, 'active'))
  return rows.map((r) => r.id)
}

/** The newest outbox id (the index is current up to it once built). */
export async function lastOutboxId(database: Database): Promise<number> {
  const [row] = await database.db
    .select({ id: sql<number>`coalesce(max(${catalogOutbox.id}), 0)::bigint` })
    .from(catalogOutbox)
  return Number(row?.id ?? 0)
}

/** Ids of the outbox rows after `afterId` (what the build's rows already reflect, up to the newest). */
export async function outboxIdsAfter(database: Database, afterId: number): Promise<number[]> {
  const rows = await database.db
    .select({ id: catalogOutbox.id })
    .from(catalogOutbox)
    .where(gt(catalogOutbox.id, afterId))
  return rows.map((r) => r.id)
}

/** One outbox row about listings: its id, the listings it names, and those whose counters alone changed. */
export interface ListingEventRow {
  outboxId: number
  listingIds: string[]
  counterIds?: string[]
}

/**
 * The listings of a counters event whose search summaries show what changed: none for views, which no summary or
 * ordering shows (a detail's count is carried by the event itself).
 */
export function summaryCounterIds(payload: { ids?: unknown; counter?: unknown }): string[] {
  if (payload.counter === 'views' || !Array.isArray(payload.ids)) return []
  return payload.ids.map(String)
}

/** Outbox events after `afterId` about listings: their outbox ids and the listing ids they are about. */
export async function listingEventsAfter(database: Database, afterId: number): Promise<ListingEventRow[]> {
  const rows = await database.db
    .select({ id: catalogOutbox.id, subject: catalogOutbox.subject, payload: catalogOutbox.payload })
    .from(catalogOutbox)
    .where(and(gt(catalogOutbox.id, afterId), sql`${catalogOutbox.subject} like 'listing.%'`))
    .orderBy(asc(catalogOutbox.id))
    .limit(5_000)
  return rows.map((r) => {
    const p = r.payload as { id?: unknown; ids?: unknown; counter?: unknown }
    // Counters (views, installs) are not searched, only shown and ordered by; every other listing event names the
    // listing it changed.
    if (r.subject === 'listing.counters_changed')
      return { outboxId: r.id, listingIds: [], counterIds: summaryCounterIds(p) }
    return { outboxId: r.id, listingIds: typeof p.id === 'string' ? [p.id] : [] }
  })
}
