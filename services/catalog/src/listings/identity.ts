// One identity per listing: the name's skeleton and the repository's key (shared/src/identity), stored on every
// listing (written with it, and filled once at start for rows written before), so a submission that repeats
// either is refused and every listing of one repository can be recognised.
import { addressKey, nameSkeleton, normalizeAddress } from '@mcp-directory/shared/identity'
import { and, asc, eq, inArray, listings, or, sql, type Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'

/**
 * Statuses whose listings hold their name and repository: pending (waiting for its claim or review), active and
 * flagged (hidden while an operator looks, and may return). A rejected listing holds neither, so a squatter
 * rejected by an operator never keeps the real owner out.
 */
export const HOLDING_STATUSES = ['pending', 'active', 'flagged'] as const

/** Whether a listing of this status holds its name and addresses (a rejected one holds neither). */
export const holdsIdentity = (status: string): boolean => (HOLDING_STATUSES as readonly string[]).includes(status)

/** What a listing's identity is computed from. */
export interface IdentitySource {
  name: string
  url: string | null
  repositoryUrl: string | null
  /** A subfolder given beside the repository address (a registry entry's `repository.subfolder`). */
  repositorySubfolder?: string | null
}

/** The identity columns of a listing. */
export function identityColumns(l: IdentitySource) {
  const repo = l.repositoryUrl ? normalizeAddress(l.repositoryUrl, l.repositorySubfolder) : null
  const subfolder = repo?.subfolder ?? null
  return {
    nameSkeleton: nameSkeleton(l.name),
    ownSkeleton: nameSkeleton(ownName(l.name)),
    repositoryKey: repo?.key ?? null,
    repositorySubfolder: subfolder,
    // The listing's main address: with the subfolder when it is the repository.
    urlKey: addressKey(l.url, l.url && l.url === l.repositoryUrl ? subfolder : null),
  }
}

/** The part of a name after its namespace (`io.github.acme/tool` → `tool`); a short name is its own. */
export const ownName = (name: string): string => name.slice(name.lastIndexOf('/') + 1)

/** A listing that holds a name or an address. */
export interface IdentityHolder {
  id: string
  field: 'url' | 'name'
}

type Tx = Pick<Database['db'], 'select'>

/** The listing (of a holding status, other than `exceptId`) whose repository or address key is `key`, else whose name skeleton is `skeleton`. */
export async function findIdentityHolder(
  tx: Tx,
  key: string | null,
  skeleton: string,
  exceptId?: string,
): Promise<IdentityHolder | null> {
  const holding = and(
    inArray(listings.status, [...HOLDING_STATUSES]),
    exceptId === undefined ? undefined : sql`${listings.id} <> ${exceptId}`,
  )
  if (key) {
    const [byUrl] = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(and(holding, or(eq(listings.repositoryKey, key), eq(listings.urlKey, key))))
      .orderBy(asc(listings.createdAt))
      .limit(1)
    if (byUrl) return { id: byUrl.id, field: 'url' }
  }
  const [byName] = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(holding, eq(listings.nameSkeleton, skeleton)))
    .orderBy(asc(listings.createdAt))
    .limit(1)
  return byName ? { id: byName.id, field: 'name' } : null
}

/** Serialises every change that could make two listings share an identity (submissions, re-approvals). */
export async function lockIdentities(tx: Pick<Database['db'], 'execute'>) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog:listing-identity'))`)
}

const REFRESH_BATCH = 1000

/**
 * Recomputes the identity columns of every listing and writes those that differ: rows written before the
 * columns existed, and rows whose skeleton changed with the confusables data. Each write applies only if the
 * listing's name and addresses are still the ones read, so a concurrent import or update is never undone.
 * Returns how many rows changed.
 */
export async function refreshListingIdentities(database: Database, batch = REFRESH_BATCH): Promise<number> {
  let after = ''
  let changed = 0
  for (;;) {
    const rows = await database.db
      .select({
        id: listings.id,
        name: listings.name,
        url: listings.url,
        repositoryUrl: listings.repositoryUrl,
        repositorySubfolder: listings.repositorySubfolder,
        nameSkeleton: listings.nameSkeleton,
        ownSkeleton: listings.ownSkeleton,
        repositoryKey: listings.repositoryKey,
        urlKey: listings.urlKey,
      })
      .from(listings)
      .where(sql`${listings.id} > ${after}`)
      .orderBy(asc(listings.id))
      .limit(batch)
    if (!rows.length) return changed
    after = rows[rows.length - 1].id
    const changes = rows.flatMap((r) => {
      const next = identityColumns(r)
      const same =
        next.nameSkeleton === r.nameSkeleton &&
        next.ownSkeleton === r.ownSkeleton &&
        next.repositoryKey === r.repositoryKey
      return same && next.urlKey === r.urlKey && next.repositorySubfolder === r.repositorySubfolder ? [] : [{ r, next }]
    })
    if (!changes.length) continue
    // One statement per page; each row's write applies only if what it was computed from is unchanged.
    const values = sql.join(
      changes.map(
        ({ r, next }) =>
          sql`(${r.id}::text, ${r.name}::text, ${r.url}::text, ${r.repositoryUrl}::text, ${r.repositorySubfolder}::text,
             ${next.nameSkeleton}::text, ${next.ownSkeleton}::text, ${next.repositoryKey}::text, ${next.repositorySubfolder}::text, ${next.urlKey}::text)`,
      ),
      sql`, `,
    )
    await database.rows(sql`
      update catalog.listings l
      set name_skeleton = v.skeleton, own_skeleton = v.own_skeleton, repository_key = v.repository_key, repository_subfolder = v.subfolder, url_key = v.url_key
      from (values ${values}) as v(id, name, url, repository_url, old_subfolder, skeleton, own_skeleton, repository_key, subfolder, url_key)
      where l.id = v.id and l.name = v.name and l.url is not distinct from v.url and l.repository_url is not distinct from v.repository_url
        and l.repository_subfolder is not distinct from v.old_subfolder`)
    changed += changes.length
  }
}

/**
 * Runs the refresh once at start, retrying every few seconds while the database is unreachable. `ready`
 * settles when a pass has finished, so a submission is never checked against unfilled rows.
 */
export function startIdentityRefresh(database: Database, log: Logger, retryMs = 5000) {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let markReady!: () => void
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  const attempt = async () => {
    try {
      const changed = await refreshListingIdentities(database)
      if (changed) log.info({ changed }, 'listing identities filled')
      markReady()
    } catch (err) {
      if (stopped) return
      log.warn({ err }, 'listing identity refresh failed; retrying')
      timer = setTimeout(() => void attempt(), retryMs)
    }
  }
  const running = attempt()
  return {
    ready,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
