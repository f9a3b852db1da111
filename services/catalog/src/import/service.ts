import { categorize, storedCategoryName } from '@mcp-directory/shared/categories'
import type { ToolInfo } from '@mcp-directory/shared/contracts'
import { catalogOutbox, eq, inArray, listings, sql, type Database, type Tx } from '@mcp-directory/shared/db'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { InvalidInput } from '@mcp-directory/shared/errors'
import { seenOfReplaced } from '../facts/observe'
import { identityColumns, lockIdentities } from '../listings/identity'
import { MAX_OPEN_CONFLICTS, recordConflicts, recordConflictsIn, type ConflictWrite } from './conflict-record'
import { IMPORT_ORIGIN } from '../listings/origin'
import type { ImportScope } from './scope'
import { decide, type PlanContext, readStoredListings, type StoredIndex } from './plan'
import { recheckChunk } from './recheck'
import {
  ImportFormatError,
  contentHash,
  normalizeEntry,
  parseRegistryDocument,
  slugFor,
  uniqueSlug,
  type ImportSkip,
  type ImportedListing,
  type ParsedDocument,
} from './parse'

/** What an import did. */
export interface ImportSummary {
  total: number
  created: number
  updated: number
  unchanged: number
  skipped: ImportSkip[]
  /** Entries kept for the operator (a listing of another origin or a claimed one holds their identity). */
  conflicts: { index: number; name: string; listingId: string | null; reason: string }[]
}

/** Progress callback: entries handled so far of the total. */
export type ImportProgress = (done: number, total: number) => void | Promise<void>

// Entries are written in transactions of this many, each with its outbox events.
const BATCH = 250

/** How an import writes: the transaction size (smaller keeps a memory-bound command-line import small), and its scope. */
export interface ImportOptions extends ImportScope {
  batchSize?: number
  /** Open conflicts the origin may have waiting (`MAX_OPEN_CONFLICTS` unless given). */
  maxOpenConflicts?: number
}

/** What a probe has seen of a listing already (its tools, its README): more for a guessed category to go on. */
type Seen = { tools: ToolInfo[]; readme: string | null }

/** The columns an import writes, derived from a normalised entry (and what was seen of the listing it updates). */
function columnsOf(l: ImportedListing, hash: string, seen?: Seen) {
  const evidence = { name: l.name, title: l.title, description: l.description, ...seen }
  const { category, guessed } = categorize(l.rawCategory, evidence)
  return {
    name: l.name,
    title: l.title,
    description: l.description,
    category: storedCategoryName(category),
    categorySource: guessed ? 'guessed' : 'given',
    url: l.url,
    repositoryUrl: l.repositoryUrl,
    ...identityColumns(l),
    websiteUrl: l.websiteUrl,
    // The origin's website again, not an owner's.
    websiteByOwner: false,
    version: l.version,
    tags: l.tags,
    packages: l.packages,
    remotes: l.remotes,
    hasPackage: l.packages.length > 0,
    hasRemote: l.remotes.length > 0,
    source: l.source,
    contentHash: hash,
  }
}

/** One entry to write: a new listing, a changed one, or (`replaces`) another origin's listing it now owns. */
interface ImportWork {
  kind: 'create' | 'update'
  id: string
  l: ImportedListing
  hash: string
  replaces?: boolean
  /** The entry as the document gave it, and its place there (for a conflict found as it is written). */
  raw: unknown
  index: number
}

/** A conflict with the entry's place in the document. */
type PlacedConflict = ConflictWrite & { index: number }

/** The document's entries, or refused saying why it is not the registry's format. */
function parseOrRefuse(doc: unknown): ParsedDocument {
  try {
    return parseRegistryDocument(doc)
  } catch (err) {
    if (err instanceof ImportFormatError) throw new InvalidInput(err.message)
    throw err
  }
}

/** What to write, and what waits for the operator; unusable, refused, duplicate and unchanged entries counted. */
async function planImport(database: Database, parsed: ParsedDocument, scope: ImportScope) {
  const skipped: ImportSkip[] = [...parsed.errors]
  const origin = scope.origin ?? IMPORT_ORIGIN
  const stored = await readStoredListings(database, origin)
  const seen = new Set<string>()
  const seenSkeletons: PlanContext['seenSkeletons'] = new Map()
  const work: ImportWork[] = []
  const conflicts: PlacedConflict[] = []
  let unchanged = 0
  for (const [i, raw] of parsed.entries.entries()) {
    const index = parsed.positions[i] ?? i
    const res = normalizeEntry(raw, index)
    if (!res.ok) {
      skipped.push(res.skip)
      continue
    }
    const l = res.listing
    if (seen.has(l.name)) {
      skipped.push({ index, name: l.name, reason: 'duplicate name earlier in this document' })
      continue
    }
    seen.add(l.name)
    const hash = contentHash(l)
    const d = decide(l, hash, { stored, scope, seenSkeletons })
    if (d.kind === 'skip') skipped.push({ index, name: l.name, reason: d.reason })
    else if (d.kind === 'unchanged') unchanged++
    else if (d.kind === 'conflict') conflicts.push({ index, origin, name: l.name, entry: raw, contentHash: hash, ...d })
    else if (d.kind === 'update') work.push({ kind: 'update', id: d.id, l, hash, replaces: d.replaces, raw, index })
    else {
      const id = uniqueSlug(slugFor(l.name, l.title), (s) => stored.ids.has(s), l.name)
      stored.ids.add(id)
      work.push({ kind: 'create', id, l, hash, raw, index })
    }
  }
  return { work, unchanged, skipped, conflicts, stored }
}

/** What one chunk's writer needs besides its entries: what the plan read, and this import's own listings. */
interface ChunkContext {
  at: string
  origin: string
  stored: StoredIndex
  /**
   * The listings this import updates, and those its earlier chunks wrote: its own writes are not someone else's since
   * the plan. (Not the ids it plans to create later: a listing someone else made under one of them is someone else's.)
   */
  ours: Set<string>
  maxOpenConflicts: number
}

/** The tools and README stored for these listings, by id. */
async function seenOf(tx: Tx, ids: string[]): Promise<Map<string, Seen>> {
  if (!ids.length) return new Map()
  const rows = await tx
    .select({ id: listings.id, tools: listings.tools, readme: listings.readme })
    .from(listings)
    .where(inArray(listings.id, ids))
  return new Map(rows.map((r) => [r.id, { tools: r.tools, readme: r.readme }]))
}

/**
 * Writes one chunk of entries with their `listing.imported` events, in one transaction, under the identity lock
 * submissions and claims take. An entry a listing written since the plan now meets is kept as a conflict instead
 * (returned with what became of it); the rest are written.
 */
async function writeChunk(database: Database, planned: ImportWork[], ctx: ChunkContext) {
  const { at, origin } = ctx
  return database.db.transaction(async (tx) => {
    await lockIdentities(tx)
    const late = new Map((await recheckChunk(tx, planned, ctx.stored, origin, ctx.ours)).map((c) => [c.id, c]))
    const chunk = planned.filter((w) => !late.has(w.id))
    const lateConflicts: PlacedConflict[] = planned.flatMap((w) => {
      const c = late.get(w.id)
      if (!c) return []
      const { listingId, reason, detail } = c
      return [{ index: w.index, origin, name: w.l.name, entry: w.raw, contentHash: w.hash, listingId, reason, detail }]
    })
    const recorded = await recordConflictsIn(tx, lateConflicts, ctx.maxOpenConflicts)
    const creates = chunk.filter((w) => w.kind === 'create')
    if (creates.length) {
      await tx
        .insert(listings)
        .values(creates.map((w) => ({ id: w.id, status: 'active', origin, ...columnsOf(w.l, w.hash) })))
    }
    const updates = chunk.filter((w) => w.kind === 'update')
    const seen = await seenOf(
      tx,
      updates.map((w) => w.id),
    )
    for (const w of updates) {
      await tx
        .update(listings)
        // A replacement makes the listing this origin's from now on.
        .set({
          ...columnsOf(w.l, w.hash, seen.get(w.id)),
          ...(w.replaces ? { origin } : {}),
          ...seenOfReplaced(ctx.stored.byId.get(w.id) ?? w.l, w.l),
          updatedAt: new Date(),
        })
        .where(eq(listings.id, w.id))
    }
    const rows = await tx
      .select({ id: listings.id, status: listings.status })
      .from(listings)
      .where(
        inArray(
          listings.id,
          chunk.map((w) => w.id),
        ),
      )
    const statuses = new Map(rows.map((r) => [r.id, r.status]))
    for (const w of chunk) {
      await enqueueEvent(tx, catalogOutbox, 'listing.imported', {
        id: w.id,
        name: w.l.name,
        status: statuses.get(w.id) ?? 'active',
        at,
        created: w.kind === 'create',
      })
    }
    return { written: chunk, lateConflicts, ...recorded }
  })
}

/**
 * Imports a document in the official registry's list format. Idempotent: an entry whose content hash is
 * unchanged is left alone; a changed one is updated in place and keeps its id and status; a new one is
 * created active. An entry that cannot be used is skipped with its reason, never half-written.
 */
export async function importDocument(
  database: Database,
  doc: unknown,
  onProgress?: ImportProgress,
  opts: ImportOptions = {},
): Promise<{ summary: ImportSummary; notKept: Set<string> }> {
  const batch = Math.max(1, opts.batchSize ?? BATCH)
  const parsed = parseOrRefuse(doc)
  const total = parsed.entries.length + parsed.errors.length
  const origin = opts.origin ?? IMPORT_ORIGIN
  const { work, unchanged, skipped, conflicts, stored } = await planImport(database, parsed, opts)
  const maxOpenConflicts = opts.maxOpenConflicts ?? MAX_OPEN_CONFLICTS
  const { dismissed, overCap } = await recordConflicts(database, conflicts, maxOpenConflicts)
  let created = 0
  let updated = 0
  let done = total - work.length
  await onProgress?.(done, total)
  const ctx: ChunkContext = {
    at: new Date().toISOString(),
    origin,
    stored,
    ours: new Set(work.filter((w) => w.kind === 'update').map((w) => w.id)),
    maxOpenConflicts,
  }
  for (let i = 0; i < work.length; i += batch) {
    const planned = work.slice(i, i + batch)
    const chunk = await writeChunk(database, planned, ctx)
    for (const w of chunk.written) {
      if (w.kind === 'create') created++
      else updated++
      ctx.ours.add(w.id)
    }
    conflicts.push(...chunk.lateConflicts)
    for (const name of chunk.dismissed) dismissed.add(name)
    for (const name of chunk.overCap) overCap.add(name)
    done += planned.length
    await onProgress?.(done, total)
  }
  for (const c of conflicts)
    if (dismissed.has(c.name))
      skipped.push({ index: c.index, name: c.name, reason: 'conflict dismissed by the operator' })
    else if (overCap.has(c.name))
      skipped.push({
        index: c.index,
        name: c.name,
        reason: `conflict not kept (${c.reason}): this origin already has the most open conflicts it may have waiting for the operator`,
      })
  if (created > 100) await analyseAfterBulkLoad(database)
  const summary = {
    total,
    created,
    updated,
    unchanged,
    skipped,
    conflicts: conflicts
      .filter((c) => !dismissed.has(c.name) && !overCap.has(c.name))
      .map((c) => ({ index: c.index, name: c.name, listingId: c.listingId, reason: c.reason })),
  }
  // Conflicts past the cap wait in no table: their names are held back from the versions by the caller.
  return { summary, notKept: overCap }
}

/** Fresh planner statistics after a bulk load (the search index reads the listings from its events). */
async function analyseAfterBulkLoad(database: Database): Promise<void> {
  await database.rows(sql`analyze catalog.listings`)
}
