// Listings as moderation changes them: a pending listing from a submission, a status change with its event in
// the same transaction, the queue.
import { randomBytes } from 'node:crypto'
import { catalogOutbox, count, desc, eq, listings, sql, type Database } from '@mcp-directory/shared/db'
import { AppError, notFound } from '@mcp-directory/shared/errors'
import { normalizeAddress } from '@mcp-directory/shared/identity'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { slugFor, uniqueSlug } from '../import/parse'
import { findIdentityHolder, HOLDING_STATUSES, identityColumns, lockIdentities } from '../listings/identity'
import { listingUrls } from '../listings/present'
import type { NewListingBody, STATUS_TARGETS } from './model'
import { PUBLISHER_COLUMNS, refuseBorrowedShortName, requireOwnNamespace, yieldsName } from './namespaces'

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0]

/** A status an operator can move a listing to. */
export type StatusTarget = (typeof STATUS_TARGETS)[number]

/** A pending listing to create: the body with its optional fields filled. */
export type NewListing = Required<NewListingBody>

/** 409 naming the listing that holds the name or address, and its page, so the submitter can claim that one instead. */
export const duplicate = (baseUrl: string, existingId: string, field: 'url' | 'name') => {
  const what = field === 'url' ? 'This repository or address' : 'A name that looks the same'
  const { detailUrl } = listingUrls(baseUrl, existingId)
  return new AppError(
    409,
    'conflict',
    `${what} is already listed as ${existingId} (${detailUrl}); if it is yours, claim that listing instead`,
    [{ field, existingId, detailUrl, message: `already listed as ${existingId}` }],
  )
}

/**
 * Creates a pending listing, refusing with 409 a repository or address whose key, or a name whose skeleton, a
 * listing of a holding status already has (rejected listings hold neither), and an exact name any listing has.
 */
export async function createPendingListing(database: Database, input: NewListing, baseUrl: string) {
  // Addresses on code hosts are repositories; any other is the listing's website.
  const isRepo = normalizeAddress(input.url)?.codeHost === true
  const identity = identityColumns({ name: input.name, url: input.url, repositoryUrl: isRepo ? input.url : null })
  requireOwnNamespace({
    name: input.name,
    repositoryUrl: isRepo ? input.url : null,
    websiteUrl: isRepo ? null : input.url,
  })
  return database.db.transaction(async (tx) => {
    // One lock for every identity change, so two submissions of one name or address at once cannot both pass.
    await lockIdentities(tx)
    await refuseBorrowedShortName(tx, input.name, identity.repositoryKey, baseUrl)
    const holder = await findIdentityHolder(tx, identity.urlKey, identity.nameSkeleton)
    const squat = holder?.field === 'name' ? await squatOf(tx, holder.id, input.name, isRepo ? input.url : null) : null
    if (holder && !squat) throw duplicate(baseUrl, holder.id, holder.field)
    // Names stay unique over every listing (the import matches entries by name), rejected ones included.
    const sameName = await tx.select({ id: listings.id }).from(listings).where(eq(listings.name, input.name)).limit(1)
    if (sameName[0] && !squat) throw duplicate(baseUrl, sameName[0].id, 'name')
    // A squat holds the name: the owner's listing waits under a provisional name until its repository is proven.
    const name = squat ? `${input.name}-pending-${randomBytes(3).toString('hex')}` : input.name
    const base = slugFor(input.name)
    const taken = new Set(
      (
        await tx
          .select({ id: listings.id })
          .from(listings)
          .where(sql`${listings.id} like ${`${base.replace(/[%_\\]/g, '\\$&')}%`}`)
      ).map((r) => r.id),
    )
    const id = uniqueSlug(base, (s) => taken.has(s), input.name)
    const [row] = await tx
      .insert(listings)
      .values({
        id,
        name,
        wantedName: squat ? input.name : null,
        description: input.description,
        category: input.category,
        url: input.url,
        repositoryUrl: isRepo ? input.url : null,
        websiteUrl: isRepo ? null : input.url,
        ...(squat ? identityColumns({ name, url: input.url, repositoryUrl: isRepo ? input.url : null }) : identity),
        tags: input.tags,
        status: 'pending',
        source: 'submission',
        origin: 'submission',
        license: input.license,
        authType: input.authType,
        pricingModel: input.pricingModel,
        maintenanceStatus: input.maintenanceStatus,
        compatibleClients: input.compatibleClients,
        supportUrl: input.supportUrl,
      })
      .returning({ id: listings.id, name: listings.name, status: listings.status, createdAt: listings.createdAt })
    return squat ? { ...row, wantedName: input.name, nameHeldBy: squat } : row
  })
}

/** The id of the listing holding `name` when it is a squat the submission may outwait (`yieldsName`), else null. */
async function squatOf(tx: Tx, holderId: string, name: string, repositoryUrl: string | null) {
  const [h] = await tx.select(PUBLISHER_COLUMNS).from(listings).where(eq(listings.id, holderId))
  return h && yieldsName(name, repositoryUrl, h) ? h.id : null
}

/** The event each target status publishes. */
const EVENTS = { active: 'listing.approved', rejected: 'listing.rejected', flagged: 'listing.flagged' } as const

/** Moves a listing to `active`, `rejected` or `flagged`, writing its event in the same transaction. */
export async function changeListingStatus(
  database: Database,
  id: string,
  to: StatusTarget,
  reason: string | null,
  baseUrl: string,
) {
  // NUL is in no id and PostgreSQL refuses it in text: an unknown listing, not a failed query.
  if (id.includes('\0')) throw notFound('Listing')
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: listings.id,
        name: listings.name,
        status: listings.status,
        source: listings.source,
        urlKey: listings.urlKey,
        nameSkeleton: listings.nameSkeleton,
      })
      .from(listings)
      .where(eq(listings.id, id))
      .for('update')
      .limit(1)
    if (!row) throw notFound('Listing')
    if (row.status === to)
      throw new AppError(409, 'conflict', `The listing is already ${to}`, [
        { field: 'status', current: row.status, message: 'no change' },
      ])
    // A rejected submission held nothing; brought back, it must not share a name or address with one that
    // took them since (imports keep their registry's distinct names and are not held to this).
    if (
      row.status === 'rejected' &&
      row.source === 'submission' &&
      (HOLDING_STATUSES as readonly string[]).includes(to)
    ) {
      await lockIdentities(tx)
      const holder = row.nameSkeleton ? await findIdentityHolder(tx, row.urlKey, row.nameSkeleton, row.id) : null
      if (holder) throw duplicate(baseUrl, holder.id, holder.field)
    }
    const at = new Date()
    await tx
      .update(listings)
      .set({ status: to, moderationReason: to === 'active' ? null : reason, updatedAt: at })
      .where(eq(listings.id, id))
    const base = { id: row.id, name: row.name, status: to, at: at.toISOString() }
    if (to === 'active') {
      await enqueueEvent(tx, catalogOutbox, 'listing.approved', base)
    } else await enqueueEvent(tx, catalogOutbox, EVENTS[to], { ...base, reason })
    return { id: row.id, name: row.name, from: row.status, to, reason, at: base.at }
  })
}

/** The moderation queue: listings of one status, newest first. */
export async function moderationQueue(database: Database, status: string, limit: number, offset: number) {
  const [{ n }] = await database.db.select({ n: count() }).from(listings).where(eq(listings.status, status))
  const rows = await database.db
    .select({
      id: listings.id,
      name: listings.name,
      description: listings.description,
      category: listings.category,
      url: listings.url,
      status: listings.status,
      source: listings.source,
      reason: listings.moderationReason,
      createdAt: listings.createdAt,
      updatedAt: listings.updatedAt,
    })
    .from(listings)
    .where(eq(listings.status, status))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(limit)
    .offset(offset)
  return {
    total: n,
    listings: rows.map((r) => ({
      ...r,
      url: r.url ?? '',
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
  }
}
