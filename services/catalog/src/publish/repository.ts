/** The publisher's queries beside the importer's: a version's existence, versions' status, their listing's status. */
import { resultRows, sql, type Database, type Tx } from '@mcp-directory/shared/db'

export type VersionStatus = 'active' | 'deprecated' | 'deleted'

/** Whether a version of a server name was ever recorded (whatever its status or its listing's). */
export async function versionExists(database: Database, name: string, version: string): Promise<boolean> {
  const rows = await database.rows<{ n: number }>(sql`
    select 1 as n from catalog.server_versions where server_name = ${name} and version = ${version} limit 1`)
  return rows.length > 0
}

/** A listing's server's versions to change: one (`version`) or all (`version` null). */
export interface VersionTarget {
  listingId: string
  name: string
  version: string | null
}

/** Sets the status of the target versions whose status or message differ; the versions changed. */
export async function updateVersionStatus(
  tx: Tx,
  target: VersionTarget,
  status: VersionStatus,
  message: string | null,
): Promise<string[]> {
  const rows = resultRows<{ version: string }>(
    await tx.execute(sql`
    update catalog.server_versions set status = ${status}, status_message = ${message}, updated_at = now()
    where listing_id = ${target.listingId} and server_name = ${target.name}
      ${target.version === null ? sql`` : sql`and version = ${target.version}`}
      and (status, coalesce(status_message, '')) is distinct from (${status}, ${message ?? ''})
    returning version`),
  )
  return rows.map((r) => r.version)
}

/** How many of a listing's versions are not deleted, and whether its latest is deprecated. */
export async function versionsLeft(tx: Tx, listingId: string) {
  const [row] = resultRows<{ live: number; deprecated: boolean | null }>(
    await tx.execute(sql`
    select count(*) filter (where status <> 'deleted')::int as live,
           bool_or(is_latest and status = 'deprecated') as deprecated
    from catalog.server_versions where listing_id = ${listingId}`),
  )
  return { live: row.live, deprecated: Boolean(row.deprecated) }
}

/** A listing's status, locked, and whether its moderation reason starts with `reasonPrefix`. */
export async function lockStatus(tx: Tx, listingId: string, reasonPrefix: string) {
  const [row] = resultRows<{ status: string; reasonMatches: boolean }>(
    await tx.execute(sql`
    select status, coalesce(moderation_reason like ${`${reasonPrefix}%`}, false) as "reasonMatches"
    from catalog.listings where id = ${listingId} for update`),
  )
  return row ?? null
}

/**
 * Sets a listing's status and moderation reason when `change` says so (else keeps them), and its maintenance status
 * from whether its latest version is deprecated (a deprecation it no longer has is dropped).
 */
export async function setListingStatus(
  tx: Tx,
  listingId: string,
  change: { status: string; reason: string | null } | null,
  deprecated: boolean,
) {
  const [row] = resultRows<{ id: string; name: string; status: string }>(
    await tx.execute(sql`
    update catalog.listings set
      status = case when ${change !== null} then ${change?.status ?? null} else status end,
      moderation_reason = case when ${change !== null} then ${change?.reason ?? null} else moderation_reason end,
      maintenance_status = case when ${deprecated} then 'deprecated' when maintenance_status = 'deprecated' then null else maintenance_status end,
      updated_at = now()
    where id = ${listingId} returning id, name, status`),
  )
  return row
}

/** Sets a rejected listing whose moderation reason starts with `reasonPrefix` active again; null when it is not one. */
export async function reactivateRejected(tx: Tx, listingId: string, reasonPrefix: string) {
  const [row] = resultRows<{ id: string; name: string }>(
    await tx.execute(sql`
      update catalog.listings set status = 'active', moderation_reason = null, updated_at = now()
      where id = ${listingId} and status = 'rejected' and moderation_reason like ${`${reasonPrefix}%`}
      returning id, name`),
  )
  return row ?? null
}
