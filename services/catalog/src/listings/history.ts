/** A listing's history: the lines its changes add (owners, publishers, takedowns), as its detail shows them. */
import { asc, eq, listingHistory, type Database, type Tx } from '@mcp-directory/shared/db'

/** One line of a listing's history as the detail shows it. */
export interface HistoryLine {
  at: string
  kind: string
  actor: string
  details: Record<string, unknown>
}

/** Adds a line to a listing's history. */
export async function addHistoryLine(tx: Tx, line: typeof listingHistory.$inferInsert) {
  await tx.insert(listingHistory).values(line)
}

/** The listing's history, oldest first (the last 100 changes). */
export async function historyOf(database: Database, listingId: string): Promise<HistoryLine[]> {
  const rows = await database.db
    .select()
    .from(listingHistory)
    .where(eq(listingHistory.listingId, listingId))
    .orderBy(asc(listingHistory.id))
    .limit(100)
  return rows.map((r) => ({
    at: r.at.toISOString(),
    kind: r.kind,
    actor: r.actor,
    details: r.details as Record<string, unknown>,
  }))
}
