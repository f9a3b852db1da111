// Reading listings (one, whatever its status or only when public; by name; their counters), adding to their counters
// and setting their status.
import { and, eq, inArray, resultRows, sql, listings, type Database, type Tx } from '@mcp-directory/shared/db'
import type { Listing, ListingStatus } from '@mcp-directory/shared/contracts'
import type { STATUS_TARGETS } from '@mcp-directory/shared/contracts/catalog-internal'

type ListingRow = typeof listings.$inferSelect

/** What the last tool list's listing said beyond its tools: how it breaks the spec, and the skills with it. */
const skillsOf = (r: ListingRow) => ({
  toolsDefect: r.toolsDefect,
  skills: r.skills,
  skillsHash: r.skillsHash,
  skillsChanges: r.skillsChanges,
})

/** What the prober found of how it installs, and where its remotes' names point (installs withhold a private one). */
const installFactsOf = (r: ListingRow) => ({
  inferredInstall: r.inferredInstall,
  installEvidence: r.installEvidence,
  repositoryRun: r.repositoryRun,
  remoteAddresses: r.remoteAddresses,
})

/** Its category, and whether its source named it or the directory guessed it. */
const categoryOf = (r: ListingRow) => ({
  category: r.category,
  categorySource: r.categorySource === 'guessed' ? ('guessed' as const) : ('given' as const),
})

/** Maps a stored row to the domain listing. */
export function toListing(r: ListingRow): Listing {
  return {
    id: r.id,
    name: r.name,
    title: r.title,
    description: r.description,
    ...categoryOf(r),
    url: r.url,
    repositoryUrl: r.repositoryUrl,
    websiteUrl: r.websiteUrl,
    version: r.version,
    tags: r.tags,
    packages: r.packages,
    remotes: r.remotes,
    status: r.status as ListingStatus,
    isOfficial: r.isOfficial,
    isVerifiedActive: r.isVerifiedActive,
    upvotes: r.upvotes,
    views: r.views,
    installs: r.installs,
    githubStars: r.githubStars,
    readme: r.readme,
    tools: r.tools,
    health: r.health,
    source: r.source,
    origin: r.origin,
    license: r.license,
    authType: r.authType,
    pricingModel: r.pricingModel,
    maintenanceStatus: r.maintenanceStatus,
    compatibleClients: r.compatibleClients,
    supportUrl: r.supportUrl,
    ...installFactsOf(r),
    toolsSource: r.toolsSource,
    toolsCheckedAt: r.toolsCheckedAt,
    healthCheckedAt: r.healthCheckedAt,
    factsWrittenAt: r.factsWrittenAt,
    factsWriteFailedAt: r.factsWriteFailedAt,
    githubArchived: r.githubArchived,
    githubPushedAt: r.githubPushedAt,
    githubHomepage: r.githubHomepage,
    provenDomain: r.provenDomain,
    provenRepository: r.provenRepository,
    websiteByOwner: r.websiteByOwner,
    publisherLapsed: r.publisherLapsed,
    mergedInto: r.mergedInto,
    ownerAgent: r.ownerAgent,
    seenRunning: r.seenRunning,
    remoteAuth: r.remoteAuth,
    mcpProtocol: r.mcpProtocol,
    toolsHash: r.toolsHash,
    toolsChanges: r.toolsChanges,
    ...skillsOf(r),
    risk: r.risk,
    riskClearedHash: r.riskClearedHash,
    riskClearedAt: r.riskClearedAt,
    sandbox: r.sandbox,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }
}

/** Reads one listing whatever its status (internal API). */
export async function findListing(database: Database, id: string): Promise<Listing | null> {
  if (!isStorableId(id)) return null
  const rows = await database.db.select().from(listings).where(eq(listings.id, id)).limit(1)
  return rows[0] ? toListing(rows[0]) : null
}

/**
 * False for what can be no listing's id: NUL is in no id and PostgreSQL refuses it in text (an unknown listing, not
 * a failed query), and a path segment that does not decode arrives as null.
 */
export const isStorableId = (id: unknown): id is string => typeof id === 'string' && !id.includes('\0')

/** The listings of these ids, whatever their status, in no order. */
export async function listingsByIds(database: Database, ids: string[]): Promise<Listing[]> {
  if (!ids.length) return []
  return (await database.db.select().from(listings).where(inArray(listings.id, ids))).map(toListing)
}

/** Reads one publicly listed listing; hidden and unknown ids alike give null. */
export async function findActiveListing(database: Database, id: string): Promise<Listing | null> {
  const listing = await findListing(database, id)
  return listing?.status === 'active' ? listing : null
}

/** The counters of an active listing (a kept detail shows them), or null. */
export async function countersOf(
  database: Database,
  id: string,
): Promise<{ upvotes: number; views: number; installs: number } | null> {
  const [row] = await database.db
    .select({ upvotes: listings.upvotes, views: listings.views, installs: listings.installs })
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.status, 'active')))
  return row ?? null
}

/** True once the catalog holds any listing at all. */
export async function hasListings(database: Database): Promise<boolean> {
  return (await database.db.select({ id: listings.id }).from(listings).limit(1)).length > 0
}

/** Adds counts (listing id → count) to one counter column, in one statement; gives each listing's new count. */
export async function addToCounter(
  tx: Tx,
  column: 'views' | 'installs',
  counts: Map<string, number>,
): Promise<Map<string, number>> {
  const values = sql.join(
    [...counts].map(([id, n]) => sql`(${id}::text, ${n}::int)`),
    sql`, `,
  )
  const target = sql.raw(column)
  const rows = resultRows<{ id: string; n: number }>(
    await tx.execute(
      sql`update catalog.listings l set ${target} = l.${target} + v.n from (values ${values}) as v(id, n) where l.id = v.id returning l.id, l.${target} as n`,
    ),
  )
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
}

/** The listing a served name belongs to, with its origin. */
export async function listingOfName(database: Database, name: string) {
  const [row] = await database.rows<{ id: string; origin: string; status: string }>(sql`
    select id, origin, status from catalog.listings where name = ${name} limit 1`)
  return row ?? null
}

/** Listing ids by name, for the names given. */
export async function listingIdsByName(
  database: Database,
  names: string[],
): Promise<Map<string, { id: string; status: string; reason: string | null; origin: string }>> {
  const out = new Map<string, { id: string; status: string; reason: string | null; origin: string }>()
  for (let i = 0; i < names.length; i += 1000) {
    const chunk = names.slice(i, i + 1000)
    const rows = await database.rows<{
      id: string
      name: string
      status: string
      moderation_reason: string | null
      origin: string
    }>(sql`
      select id, name, status, moderation_reason, origin from catalog.listings where name in (select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`)
    for (const r of rows) out.set(r.name, { id: r.id, status: r.status, reason: r.moderation_reason, origin: r.origin })
  }
  return out
}

/** The ids that start with `prefix` (a new listing's id is the first of its slug's forms none of them has). */
export async function idsStartingWith(tx: Tx, prefix: string): Promise<Set<string>> {
  const rows = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(sql`${listings.id} like ${`${prefix.replace(/[%_\\]/g, '\\$&')}%`}`)
  return new Set(rows.map((r) => r.id))
}

/** A status an operator can move a listing to. */
export type StatusTarget = (typeof STATUS_TARGETS)[number]

/** Sets a listing's status and moderation reason. */
export async function setStatus(tx: Tx, id: string, status: StatusTarget, reason: string | null, at: Date) {
  await tx.update(listings).set({ status, moderationReason: reason, updatedAt: at }).where(eq(listings.id, id))
}
