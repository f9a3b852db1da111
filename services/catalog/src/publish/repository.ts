/** The publisher's writes beside the importer's: a version's existence and the lifecycle status of versions. */
import { catalogOutbox, resultRows, sql, type Database } from '@mcp-directory/shared/db'
import { enqueueEvent } from '@mcp-directory/shared/outbox'

export type VersionStatus = 'active' | 'deprecated' | 'deleted'

/** Whether a version of a server name was ever recorded (whatever its status or its listing's). */
export async function versionExists(database: Database, name: string, version: string): Promise<boolean> {
  const rows = await database.rows<{ n: number }>(sql`
    select 1 as n from catalog.server_versions where server_name = ${name} and version = ${version} limit 1`)
  return rows.length > 0
}

/** The listing a served name belongs to, with its origin. */
export async function listingOfName(database: Database, name: string) {
  const [row] = await database.rows<{ id: string; origin: string; status: string }>(sql`
    select id, origin, status from catalog.listings where name = ${name} limit 1`)
  return row ?? null
}

/** The moderation reason of a listing its publisher deleted whole: only such a listing comes back by publishing. */
const DELETED_BY_PUBLISHER = 'Deleted by its publisher'

/**
 * Sets the status of one version (or every version, `version` null) of a listing's server; returns the versions
 * changed. When no version is left that is not deleted, the listing leaves search (`rejected`, with the message as
 * its reason); a listing whose latest version is deprecated says so as its maintenance status. One transaction,
 * with the listing's event.
 */
export async function setVersionStatus(
  database: Database,
  target: { listingId: string; name: string; version: string | null },
  status: VersionStatus,
  message: string | null,
): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    const changed = resultRows<{ version: string }>(
      await tx.execute(sql`
      update catalog.server_versions set status = ${status}, status_message = ${message}, updated_at = now()
      where listing_id = ${target.listingId} and server_name = ${target.name}
        ${target.version === null ? sql`` : sql`and version = ${target.version}`}
        and (status, coalesce(status_message, '')) is distinct from (${status}, ${message ?? ''})
      returning version`),
    )
    if (!changed.length) return []
    const [live] = resultRows<{ live: number; deprecated: boolean | null }>(
      await tx.execute(sql`
      select count(*) filter (where status <> 'deleted')::int as live,
             bool_or(is_latest and status = 'deprecated') as deprecated
      from catalog.server_versions where listing_id = ${target.listingId}`),
    )
    const gone = live.live === 0
    // Only a live listing is taken down by its publisher, and only what its publisher took down comes back: an
    // operator's rejection or a publish still waiting for moderation keeps its status and reason.
    const [before] = resultRows<{ status: string; byPublisher: boolean }>(
      await tx.execute(sql`
      select status, coalesce(status = 'rejected' and moderation_reason like ${`${DELETED_BY_PUBLISHER}%`}, false) as "byPublisher"
      from catalog.listings where id = ${target.listingId} for update`),
    )
    const takeDown = gone && before?.status === 'active'
    const bringBack = !gone && before?.byPublisher === true
    const [row] = resultRows<{ id: string; name: string; status: string }>(
      await tx.execute(sql`
      update catalog.listings set
        status = case when ${takeDown} then 'rejected' when ${bringBack} then 'active' else status end,
        moderation_reason = case when ${takeDown} then ${`${DELETED_BY_PUBLISHER}${message ? `: ${message}` : ''}`} when ${bringBack} then null else moderation_reason end,
        maintenance_status = case when ${Boolean(live.deprecated)} then 'deprecated' when maintenance_status = 'deprecated' then null else maintenance_status end,
        updated_at = now()
      where id = ${target.listingId} returning id, name, status`),
    )
    const at = new Date().toISOString()
    const event = { id: row.id, name: row.name, status: row.status, at }
    if (takeDown)
      await enqueueEvent(tx, catalogOutbox, 'listing.rejected', { ...event, reason: 'deleted by its publisher' })
    else await enqueueEvent(tx, catalogOutbox, 'listing.imported', { ...event, created: false })
    return changed.map((c) => c.version)
  })
}

/** A listing its publisher had deleted whole comes back with a new version (approved again, with its event). */
export async function reviveDeletedByPublisher(database: Database, listingId: string): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const [row] = resultRows<{ id: string; name: string }>(
      await tx.execute(sql`
        update catalog.listings set status = 'active', moderation_reason = null, updated_at = now()
        where id = ${listingId} and status = 'rejected' and moderation_reason like ${`${DELETED_BY_PUBLISHER}%`}
        returning id, name`),
    )
    if (!row) return false
    const at = new Date().toISOString()
    await enqueueEvent(tx, catalogOutbox, 'listing.approved', { id: row.id, name: row.name, status: 'active', at })
    return true
  })
}
