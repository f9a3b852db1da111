/**
 * "Why is my server not listed?": what the directory knows of a repository address or a name — listed (its id),
 * pending moderation, rejected (the reason), merged into another listing, conflicting with a listing of another
 * origin (waiting for the operator), or unknown. It says nothing of who submitted it (the submission service
 * alone keeps contact addresses; nothing of them is here).
 */
import { type Database, sql } from '@mcp-directory/shared/db'
import { addressKey, nameSkeleton } from '@mcp-directory/shared/identity'

export type ListingState = 'listed' | 'pending_moderation' | 'rejected' | 'merged' | 'conflicting' | 'unknown'

interface Row {
  id: string
  name: string
  status: string
  moderation_reason: string | null
  merged_into: string | null
  origin: string
}

const RANK: Record<string, number> = { active: 0, pending: 1, flagged: 1, rejected: 2 }

/**
 * An origin as this public answer names it: a followed upstream by the label `registry`, never by the address the
 * operator follows (which may be a private mirror's); a publisher by its namespace alone (an anonymous token's own
 * subject stays out); the others (`submission`, `import`, `demo`) as they are.
 */
export function publicOriginLabel(origin: string): string {
  if (origin.startsWith('registry:')) return 'registry'
  if (origin.startsWith('publisher:')) return origin.split(':').slice(0, 2).join(':')
  return origin
}

function stateOf(r: Row) {
  const base = { id: r.id, name: r.name, origin: publicOriginLabel(r.origin) }
  if (r.merged_into) return { state: 'merged' as const, ...base, mergedInto: r.merged_into }
  if (r.status === 'active') return { state: 'listed' as const, ...base }
  if (r.status === 'rejected') return { state: 'rejected' as const, ...base, reason: r.moderation_reason }
  return { state: 'pending_moderation' as const, ...base }
}

/** The state of a name or repository address (one of them given), the listing behind it first. */
export async function lookUpStatus(database: Database, q: { url?: string; name?: string }) {
  if (!q.url && !q.name) return { state: 'unknown' as const, reason: 'give url or name' }
  const key = q.url ? addressKey(q.url) : null
  if (q.url && !key) return { state: 'unknown' as const, reason: 'not an address this directory can read' }
  const skeleton = q.name ? nameSkeleton(q.name) : null
  const rows = await database.rows<Row>(sql`
    select id, name, status, moderation_reason, merged_into, origin from catalog.listings
    where ${key ? sql`(repository_key = ${key} or url_key = ${key})` : sql`(name = ${q.name} or name_skeleton = ${skeleton})`}
    limit 20`)
  rows.sort((a, b) => (RANK[a.status] ?? 3) - (RANK[b.status] ?? 3) || a.id.localeCompare(b.id))
  const conflicts = q.name
    ? await database.rows<{ origin: string; listing_id: string | null; reason: string }>(sql`
        select origin, listing_id, reason from catalog.import_conflicts
        where state = 'open' and name = ${q.name} order by id desc limit 1`)
    : []
  const found = rows.map(stateOf)
  const listedFrom = (origin: string) => rows.some((r, i) => found[i].state === 'listed' && r.origin === origin)
  if (conflicts[0] && !listedFrom(conflicts[0].origin))
    return {
      state: 'conflicting' as const,
      origin: publicOriginLabel(conflicts[0].origin),
      heldBy: conflicts[0].listing_id,
      reason: conflicts[0].reason,
      listings: found,
    }
  if (!found.length) return { state: 'unknown' as const, listings: [] }
  return { ...found[0], listings: found }
}
