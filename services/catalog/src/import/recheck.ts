/**
 * An import plans every entry against the listings it read, then writes them in chunks. A submission, a claim or
 * another import can land in between. Each chunk is written under the identity lock submissions and claims take,
 * after looking again at the listings its entries meet: an entry that a listing written since the plan now meets
 * waits for the operator as a conflict instead of being listed twice or overrunning a claim.
 */
import { inArray, listings, or, type Tx } from '@mcp-directory/shared/db'
import { holdsIdentity, identityColumns } from '../listings/identity'
import { idsStartingWith } from '../listings/repository'
import { type ConflictReason, described, IDENTITY_COLUMNS, type StoredIndex } from './plan'
import { slugFor, uniqueSlug, type ImportedListing } from './parse'

/** One entry a chunk writes (see `ImportWork` in ./service). */
export interface ChunkEntry {
  kind: 'create' | 'update'
  id: string
  l: ImportedListing
}

/** An entry a listing written since the plan now meets. */
export interface LateConflict {
  id: string
  listingId: string
  reason: ConflictReason
  detail: string
}

/** A listing as it is now, with what decides whether an entry meets it. */
type Current = Awaited<ReturnType<typeof currentListings>>[number]

async function currentListings(tx: Tx, chunk: ChunkEntry[]) {
  const names = chunk.map((w) => w.l.name)
  const ids = chunk.map((w) => w.id)
  const skeletons: string[] = []
  const repositories: string[] = []
  for (const w of chunk) {
    const identity = identityColumns(w.l)
    skeletons.push(identity.nameSkeleton)
    if (identity.repositoryKey) repositories.push(identity.repositoryKey)
  }
  return tx
    .select(IDENTITY_COLUMNS)
    .from(listings)
    .where(
      or(
        inArray(listings.id, ids),
        inArray(listings.name, names),
        inArray(listings.nameSkeleton, skeletons),
        repositories.length ? inArray(listings.repositoryKey, repositories) : undefined,
      ),
    )
}

/** Whether the plan read this listing as it is now (what an entry can meet in it). */
function asPlanned(c: Current, stored: StoredIndex): boolean {
  const s = stored.byId.get(c.id)
  return (
    s !== undefined &&
    s.name === c.name &&
    s.status === c.status &&
    s.isOfficial === c.isOfficial &&
    s.nameSkeleton === c.nameSkeleton &&
    s.repositoryKey === c.repositoryKey
  )
}

/** What a listing written since the plan does to one entry: nothing, or the conflict it now is. */
function meets(w: ChunkEntry, c: Current, origin: string, stored: StoredIndex): Omit<LateConflict, 'id'> | null {
  const since = 'while this import ran'
  if (w.kind === 'update' && c.id === w.id)
    return c.isOfficial && !stored.byId.get(c.id)?.isOfficial
      ? { listingId: c.id, reason: 'claimed', detail: `${described(c)} was claimed by its owner ${since}` }
      : null
  if (c.name === w.l.name)
    return { listingId: c.id, reason: 'name', detail: `the name was taken by ${described(c)} ${since}` }
  if (!holdsIdentity(c.status)) return null
  const { nameSkeleton, repositoryKey } = identityColumns(w.l)
  if (c.nameSkeleton === nameSkeleton)
    return {
      listingId: c.id,
      reason: c.isOfficial ? 'claimed' : 'skeleton',
      detail: `a name that looks the same was taken by ${described(c)} ${since}`,
    }
  if (repositoryKey && c.repositoryKey === repositoryKey && c.origin !== origin)
    return { listingId: c.id, reason: 'repository', detail: `the repository was listed as ${described(c)} ${since}` }
  return null
}

/**
 * Looks again, under the identity lock, at the listings a chunk's entries meet. Returns the entries a listing written
 * since the plan (not by this import: `ours`) now meets, and gives a new listing a fresh id when its planned one was
 * taken meanwhile.
 */
export async function recheckChunk(
  tx: Tx,
  chunk: ChunkEntry[],
  stored: StoredIndex,
  origin: string,
  ours: Set<string>,
): Promise<LateConflict[]> {
  const changed = (await currentListings(tx, chunk)).filter((c) => !asPlanned(c, stored))
  const late: LateConflict[] = []
  for (const w of chunk) {
    const met = changed
      .filter((c) => c.id === w.id || !ours.has(c.id))
      .map((c) => meets(w, c, origin, stored))
      .find((m) => m !== null)
    if (met) late.push({ id: w.id, ...met })
    else if (w.kind === 'create' && changed.some((c) => c.id === w.id)) {
      const base = slugFor(w.l.name, w.l.title)
      const taken = await idsStartingWith(tx, base)
      // Nor an id the plan chose for another entry.
      w.id = uniqueSlug(base, (s) => taken.has(s) || stored.ids.has(s), w.l.name)
      stored.ids.add(w.id)
    }
  }
  return late
}
