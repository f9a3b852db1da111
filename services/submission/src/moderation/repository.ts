// The transitions the operator's moderation records in this service's schema (who, when, why, from, to).
import { transitions, type Database } from '@mcp-directory/shared/db'
import type { StatusChange } from '@mcp-directory/shared/catalog-client'

/** Records a status change the catalog committed. */
export async function recordTransition(database: Database, change: StatusChange, actor: string): Promise<void> {
  await database.db.insert(transitions).values({
    listingId: change.id,
    fromStatus: change.from,
    toStatus: change.to,
    actor,
    reason: change.reason,
    at: new Date(change.at),
  })
}
