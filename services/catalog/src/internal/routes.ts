// The catalog's internal moderation API, for the submission service only (never in the gateway's public route
// table): create a pending listing from a submission, change a listing's status, list the moderation queue.
// The catalog owns listings, so these are the only ways another service changes them; each change writes its
// event into the catalog outbox in the same transaction and commits before the answer.
import { catalogOutbox, count, desc, eq, listings, sql, type Database } from '@mcp-directory/shared/db'
import type { SubmittedListing } from '@mcp-directory/shared/contracts'
import { AppError, notFound, serviceUnavailable } from '@mcp-directory/shared/errors'
import { json, readJsonBody } from '@mcp-directory/shared/http'
import { invisibleCharacters, normalizeAddress } from '@mcp-directory/shared/identity'
import type { Logger } from '@mcp-directory/shared/log'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { Elysia } from 'elysia'
import { slugFor, uniqueSlug } from '../import/parse'
import { findIdentityHolder, HOLDING_STATUSES, identityColumns, lockIdentities } from '../listings/identity'
import { listingUrls } from '../listings/present'
import { searchExtraOf, searchNameFor } from '../search/terms'

/** What the internal routes need. */
export interface InternalDeps {
  database: Database
  log: Logger
  /** Publish soon: called after a commit that wrote events. */
  nudge: () => void
  /** PUBLIC_BASE_URL: a 409 names the page of the listing that holds the name or address. */
  baseUrl: string
  /** Settles once every stored listing has its identity columns (filled at start). */
  identitiesReady: Promise<void>
}

/** A pending listing as the submission service sends it (already validated there; checked again for shape). */
export type NewListingInput = SubmittedListing

/** Statuses an operator can move a listing to, and the event each publishes. */
const TARGETS = { active: 'listing.approved', rejected: 'listing.rejected', flagged: 'listing.flagged' } as const
const QUEUE_STATUSES = ['pending', 'rejected', 'flagged', 'active']
const MAX_BODY = 128 * 1024

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

function parseNewListing(body: unknown): NewListingInput {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  const name = str(b.name)
  const url = str(b.url)
  const description = str(b.description)
  const category = str(b.category)
  if (!name || !url || !description || !category)
    throw new AppError(400, 'invalid_body', 'name, url, description and category are required')
  // The submission service refuses these first; checked again because the catalog is the one that stores them.
  const refuse = (field: string, message: string) =>
    new AppError(400, 'invalid_body', `${field} ${message}`, [{ field, message }])
  if (invisibleCharacters(name).length) throw refuse('name', 'contains invisible or bidirectional control characters')
  const address = normalizeAddress(url)
  if (!address || (address.codeHost && !address.repository))
    throw refuse('url', 'must be a website or a repository address')
  return {
    name,
    url,
    description,
    category,
    tags: strs(b.tags),
    license: str(b.license),
    authType: str(b.authType),
    pricingModel: str(b.pricingModel),
    maintenanceStatus: str(b.maintenanceStatus),
    compatibleClients: strs(b.compatibleClients),
    supportUrl: str(b.supportUrl),
  }
}

/** 409 naming the listing that holds the name or address, and its page, so the submitter can claim that one instead. */
const duplicate = (baseUrl: string, existingId: string, field: 'url' | 'name') => {
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
export async function createPendingListing(database: Database, input: NewListingInput, baseUrl: string) {
  // Addresses on code hosts are repositories; any other is the listing's website.
  const isRepo = normalizeAddress(input.url)?.codeHost === true
  const identity = identityColumns({ name: input.name, url: input.url, repositoryUrl: isRepo ? input.url : null })
  return database.db.transaction(async (tx) => {
    // One lock for every identity change, so two submissions of one name or address at once cannot both pass.
    await lockIdentities(tx)
    const holder = await findIdentityHolder(tx, identity.urlKey, identity.nameSkeleton)
    if (holder) throw duplicate(baseUrl, holder.id, holder.field)
    // Names stay unique over every listing (the import matches entries by name), rejected ones included.
    const sameName = await tx.select({ id: listings.id }).from(listings).where(eq(listings.name, input.name)).limit(1)
    if (sameName[0]) throw duplicate(baseUrl, sameName[0].id, 'name')
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
        name: input.name,
        description: input.description,
        category: input.category,
        url: input.url,
        repositoryUrl: isRepo ? input.url : null,
        websiteUrl: isRepo ? null : input.url,
        ...identity,
        tags: input.tags,
        status: 'pending',
        source: 'submission',
        license: input.license,
        authType: input.authType,
        pricingModel: input.pricingModel,
        maintenanceStatus: input.maintenanceStatus,
        compatibleClients: input.compatibleClients,
        supportUrl: input.supportUrl,
        searchName: searchNameFor(input.name, null),
        searchExtra: searchExtraOf(input.name, input.tags, []),
      })
      .returning({ id: listings.id, name: listings.name, status: listings.status, createdAt: listings.createdAt })
    return row
  })
}

/** The listing's name words join the typo-correction vocabulary once search can find it (on approval). */
export async function addSearchTerms(tx: Pick<Database['db'], 'execute'>, id: string) {
  await tx.execute(sql`
    insert into catalog.search_terms (term)
    select distinct w from catalog.listings l, regexp_split_to_table(l.search_name || ' ' || lower(coalesce(l.title, '')), '[^a-z0-9]+') as w
    where l.id = ${id} and length(w) >= 3
    on conflict do nothing`)
}

/** Moves a listing to `active`, `rejected` or `flagged`, writing its event in the same transaction. */
export async function changeListingStatus(
  database: Database,
  id: string,
  to: keyof typeof TARGETS,
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
      await addSearchTerms(tx, id)
    } else await enqueueEvent(tx, catalogOutbox, TARGETS[to], { ...base, reason })
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

// Identity checks wait for the start-up fill of the identity columns, at most this long (then 503).
const IDENTITY_WAIT_MS = 10_000

async function identitiesFilled(ready: Promise<void>) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), IDENTITY_WAIT_MS)))
  const outcome = await Promise.race([ready, timeout])
  clearTimeout(timer)
  if (outcome === 'timeout') throw serviceUnavailable('catalog')
}

/** The internal moderation routes, mounted on the catalog app. */
export function internalRoutes(deps: InternalDeps) {
  const { database, log } = deps
  return new Elysia({ name: 'catalog:internal' })
    .post(
      '/internal/listings',
      async ({ request }) => {
        const input = parseNewListing(await readJsonBody(request, MAX_BODY))
        await identitiesFilled(deps.identitiesReady)
        const row = await createPendingListing(database, input, deps.baseUrl)
        log.info({ id: row.id }, 'pending listing created from a submission')
        return json({ listing: { ...row, createdAt: row.createdAt.toISOString() } }, 201)
      },
      { parse: 'none' },
    )
    .post(
      '/internal/listings/:id/status',
      async ({ params, request }) => {
        const b = (await readJsonBody(request, MAX_BODY)) as Record<string, unknown> | null
        const to = typeof b?.status === 'string' ? b.status : ''
        if (!(to in TARGETS))
          throw new AppError(400, 'invalid_body', 'status must be active, rejected or flagged', [
            { field: 'status', message: 'must be active, rejected or flagged' },
          ])
        const reason = typeof b?.reason === 'string' && b.reason.trim() ? b.reason.trim().slice(0, 1000) : null
        await identitiesFilled(deps.identitiesReady)
        const change = await changeListingStatus(database, params.id, to as keyof typeof TARGETS, reason, deps.baseUrl)
        deps.nudge()
        log.info({ id: change.id, from: change.from, to: change.to }, 'listing status changed')
        return json(change)
      },
      { parse: 'none' },
    )
    .get('/internal/moderation', async ({ request }) => {
      const q = new URL(request.url).searchParams
      const status = q.get('status') ?? 'pending'
      if (!QUEUE_STATUSES.includes(status))
        throw new AppError(400, 'invalid_parameter', 'status must be pending, rejected, flagged or active', [
          { parameter: 'status' },
        ])
      const limit = Math.min(Math.max(Number(q.get('limit') ?? 50) || 50, 1), 500)
      const offset = Math.max(Number(q.get('offset') ?? 0) || 0, 0)
      return json(await moderationQueue(database, status, limit, offset))
    })
}
