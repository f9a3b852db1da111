// The operator's moderation: the catalog changes the listing (and publishes its event); this service records
// the transition (who, when, why, from, to) in its own schema.
import type { Database } from '@mcp-directory/shared/db'
import type { CatalogClient, StatusChange } from '@mcp-directory/shared/catalog-client'
import { recordTransition } from './repository'

/** Operator verbs and the status each leads to. */
export const VERBS = { approve: 'active', reject: 'rejected', flag: 'flagged' } as const

/** One operator verb. */
export type Verb = keyof typeof VERBS

/** Moves a listing and records the transition; the catalog has committed before this returns. */
export async function moderate(
  database: Database,
  catalog: CatalogClient,
  id: string,
  verb: Verb,
  reason: string | null,
  actor: string,
): Promise<StatusChange> {
  const change = await catalog.changeStatus(id, VERBS[verb], reason)
  await recordTransition(database, change, actor)
  return change
}
