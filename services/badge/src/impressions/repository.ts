// Badge impressions: the only table this service writes, in its own schema.
import { badgeImpressions, sql, type Database } from '@mcp-directory/shared/db'

/** Adds batched impression counts (listing id → count) to today's row of each listing, in one statement. */
export async function addImpressions(
  database: Database,
  counts: Map<string, number>,
  day = new Date().toISOString().slice(0, 10),
): Promise<void> {
  if (counts.size === 0) return
  const rows = [...counts].map(([listingId, count]) => ({ listingId, day, count }))
  await database.db
    .insert(badgeImpressions)
    .values(rows)
    .onConflictDoUpdate({
      target: [badgeImpressions.listingId, badgeImpressions.day],
      set: { count: sql`${badgeImpressions.count} + excluded.count`, updatedAt: sql`now()` },
    })
}

/** Total impressions of a listing over every day (operators, tests). */
export async function totalImpressions(database: Database, listingId: string): Promise<number> {
  const [row] = await database.rows<{ n: string | number | null }>(
    sql`select sum(count) as n from badge.impressions where listing_id = ${listingId}`,
  )
  return Number(row?.n ?? 0)
}
