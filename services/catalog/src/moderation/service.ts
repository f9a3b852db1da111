// Moderation: a pending listing created from a submission, a listing's status changed, the queue, one listing
// whatever its status. Each change is one transaction with its event in the catalog outbox, committed before the
// answer; the rules are decided here and the queries are `repository.ts`'s.
import { randomBytes } from 'node:crypto'
import type { HoldingListing } from '@mcp-directory/shared/contracts/catalog-internal'
import { catalogOutbox, type Database, type Tx } from '@mcp-directory/shared/db'
import { Conflict, NotFound } from '@mcp-directory/shared/errors'
import { nameSkeleton, normalizeAddress } from '@mcp-directory/shared/identity'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { slugFor, uniqueSlug } from '../text/slug'
import { findIdentityHolder, holdsIdentity, identityColumns, lockIdentities, ownName } from '../listings/identity'
import { namespaceOf } from '../listings/publisher'
import { refuseIfTakenDown, refuseTakenDown } from '../takedown/service'
import { findListing, idsStartingWith, isStorableId, setStatus, type StatusTarget } from '../listings/repository'
import { ownerOfShortName, requireOwnNamespace, yieldsName } from './namespaces'
import {
  holdersOfOwnName,
  insertListing,
  listingIdOfName,
  lockForStatus,
  type NewListing,
  originFacts,
  publisherFacts,
  queuePage,
} from './repository'

type Identity = ReturnType<typeof identityColumns>

// A submission is recorded well within this; a pending listing older than it that no submission recorded was
// orphaned by a failure between the two services' commits, and a retry of its address may take it over.
const ADOPTABLE_AFTER_MS = 30_000

/** Refused: a listing holds the address or the name, so the submitter is pointed at it to claim it instead. */
export const identityHeld = (existingId: string, field: 'url' | 'name') => {
  const what = field === 'url' ? 'This repository or address' : 'A name that looks the same'
  return new Conflict({
    field,
    existingId,
    message: (page) =>
      `${what} is already listed as ${existingId} (${page}); if it is yours, claim that listing instead`,
    reason: `already listed as ${existingId}`,
  })
}

/** Refused: a short name is the own name of a listing whose publisher is verified. */
const ownNameTaken = (name: string, owner: { id: string; name: string }) =>
  new Conflict({
    field: 'name',
    existingId: owner.id,
    message: (page) =>
      `The name ${name} is the own name of ${owner.name} (${page}), whose publisher is verified; submit it from that repository or choose another name`,
    reason: `the own name of ${owner.name}`,
  })

/** A pending listing as created. */
export interface CreatedRow {
  id: string
  name: string
  status: string
  createdAt: Date
  wantedName?: string
  nameHeldBy?: string
}

/** A new listing refused because another holds its address or name. */
export type PendingRefusal = { refused: Conflict; holder: HoldingListing }

/** A new listing is created, or refused. */
export type PendingOutcome = { listing: CreatedRow } | PendingRefusal

/** The refusal naming `id` as the holder, and whether a retried submission may take it over. */
async function refusal(tx: Tx, refused: Conflict, id: string, field: 'url' | 'name'): Promise<PendingRefusal> {
  const facts = field === 'url' ? await originFacts(tx, id) : null
  const adoptable =
    facts?.status === 'pending' &&
    facts.source === 'submission' &&
    Date.now() - facts.createdAt.getTime() >= ADOPTABLE_AFTER_MS
  return {
    refused,
    holder: adoptable ? { id, field, adoptable, name: facts.wantedName ?? facts.name } : { id, field, adoptable },
  }
}

/** The id of the listing holding `name` when it is a squat the submission may outwait (`yieldsName`), else null. */
async function squatOf(tx: Tx, holderId: string, name: string, repositoryUrl: string | null) {
  const h = await publisherFacts(tx, holderId)
  return h && yieldsName(name, repositoryUrl, h) ? h.id : null
}

/**
 * Who holds what the new listing asks for: a verified publisher's own name, a listing of a holding status with the
 * address's key or the name's skeleton (rejected listings hold neither), or any listing with the exact name. A
 * squat holding the name is outwaited instead.
 */
async function holding(tx: Tx, input: NewListing, identity: Identity, repositoryUrl: string | null) {
  const short = namespaceOf(input.name).kind === 'none'
  const holders = short ? await holdersOfOwnName(tx, nameSkeleton(ownName(input.name))) : []
  const owner = ownerOfShortName(input.name, identity.repositoryKey, holders)
  if (owner) return refusal(tx, ownNameTaken(input.name, owner), owner.id, 'name')
  const holder = await findIdentityHolder(tx, identity.urlKey, identity.nameSkeleton)
  const squat = holder?.field === 'name' ? await squatOf(tx, holder.id, input.name, repositoryUrl) : null
  if (holder && !squat) return refusal(tx, identityHeld(holder.id, holder.field), holder.id, holder.field)
  // Names stay unique over every listing (the import matches entries by name), rejected ones included.
  const sameName = await listingIdOfName(tx, input.name)
  if (sameName && !squat) return refusal(tx, identityHeld(sameName, 'name'), sameName, 'name')
  return { squat }
}

/** Inserts the pending listing; a squat holds the name, so it waits under a provisional name until proven. */
async function insertPending(tx: Tx, input: NewListing, identity: Identity, squat: string | null) {
  // Addresses on code hosts are repositories; any other is the listing's website.
  const isRepo = normalizeAddress(input.url)?.codeHost === true
  const name = squat ? `${input.name}-pending-${randomBytes(3).toString('hex')}` : input.name
  const base = slugFor(input.name)
  const taken = await idsStartingWith(tx, base)
  const row = await insertListing(tx, {
    id: uniqueSlug(base, (s) => taken.has(s), input.name),
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
  return squat ? { ...row, wantedName: input.name, nameHeldBy: squat } : row
}

/** Creates a pending listing from a submission, unless another listing holds its address or name (`holding`). */
export async function createPendingListing(database: Database, input: NewListing): Promise<PendingOutcome> {
  const isRepo = normalizeAddress(input.url)?.codeHost === true
  const repositoryUrl = isRepo ? input.url : null
  const identity = identityColumns({ name: input.name, url: input.url, repositoryUrl })
  requireOwnNamespace({ name: input.name, repositoryUrl, websiteUrl: isRepo ? null : input.url })
  return database.db.transaction(async (tx) => {
    // One lock for every identity change, so two submissions of one name or address at once cannot both pass.
    await lockIdentities(tx)
    // What an operator took down stays down: its name, a look-alike name, its repository or address.
    await refuseTakenDown(tx, identity)
    const held = await holding(tx, input, identity, repositoryUrl)
    if ('refused' in held) return held
    return { listing: await insertPending(tx, input, identity, held.squat) }
  })
}

/** The event each target status publishes. */
const EVENTS = { active: 'listing.approved', rejected: 'listing.rejected', flagged: 'listing.flagged' } as const

/** Moves a listing to `active`, `rejected` or `flagged`, writing its event in the same transaction. */
export async function changeListingStatus(database: Database, id: string, to: StatusTarget, reason: string | null) {
  if (!isStorableId(id)) throw new NotFound('Listing')
  return database.db.transaction(async (tx) => {
    const row = await lockForStatus(tx, id)
    if (!row) throw new NotFound('Listing')
    await refuseIfTakenDown(tx, id)
    if (row.status === to)
      throw new Conflict({
        field: 'status',
        current: row.status,
        message: `The listing is already ${to}`,
        reason: 'no change',
      })
    // A rejected submission held nothing; brought back, it must not share a name or address with one that
    // took them since (imports keep their registry's distinct names and are not held to this).
    if (row.status === 'rejected' && row.source === 'submission' && holdsIdentity(to)) {
      await lockIdentities(tx)
      const holder = row.nameSkeleton ? await findIdentityHolder(tx, row.urlKey, row.nameSkeleton, row.id) : null
      if (holder) throw identityHeld(holder.id, holder.field)
    }
    const at = new Date()
    await setStatus(tx, id, to, to === 'active' ? null : reason, at)
    const base = { id: row.id, name: row.name, status: to, at: at.toISOString() }
    if (to === 'active') {
      await enqueueEvent(tx, catalogOutbox, 'listing.approved', base)
    } else await enqueueEvent(tx, catalogOutbox, EVENTS[to], { ...base, reason })
    return { id: row.id, name: row.name, from: row.status, to, reason, at: base.at }
  })
}

/** The moderation queue: listings of one status, newest first. */
export async function moderationQueue(database: Database, status: string, limit: number, offset: number) {
  const { total, rows } = await queuePage(database, status, limit, offset)
  return {
    total,
    listings: rows.map(({ risk, riskClearedHash, ...r }) => ({
      ...r,
      url: r.url ?? '',
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      risk:
        risk && risk.level !== 'none'
          ? { level: risk.level, toolsHash: risk.toolsHash, cleared: riskClearedHash === risk.toolsHash }
          : null,
    })),
  }
}

/** One listing whatever its status. */
export async function listingOfAnyStatus(database: Database, id: string) {
  const listing = await findListing(database, id)
  if (!listing) throw new NotFound('Listing')
  return listing
}
