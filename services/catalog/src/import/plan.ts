/**
 * What an import may do with each entry, by the identity rules submissions obey and by origin: an entry updates
 * only a listing of its own origin (or of one its upstream is trusted to replace), never a claimed listing's
 * repository, packages or remotes, and never takes a name, a look-alike name or a repository another origin holds.
 * What it may not do is skipped with its reason, or recorded as a conflict the operator resolves.
 */
import {
  describeFalseNamespace,
  describeRefusedName,
  invisibleCharacters,
  lookalikeSkeleton,
} from '@mcp-directory/shared/identity'
import { privateRemotesReason } from '@mcp-directory/shared/outbound'
import { and, eq, importConflicts, listings, type Database } from '@mcp-directory/shared/db'
import { sameJson } from '../facts/observe'
import { holdsIdentity, identityColumns } from '../listings/identity'
import { allTakedowns } from '../takedown/repository'
import { TakenDown } from '../takedown/keys'
import { takenDownSkip } from '../takedown/service'
import { IMPORT_ORIGIN } from '../listings/origin'
import type { ImportScope } from './scope'
import type { ImportedListing } from './parse'

/** A stored listing as the plan compares entries with it. */
export interface StoredListing {
  id: string
  name: string
  origin: string
  status: string
  isOfficial: boolean
  nameSkeleton: string | null
  repositoryKey: string | null
  contentHash: string | null
  repositoryUrl: string | null
  url: string | null
  websiteUrl: string | null
  packages: unknown
  remotes: unknown
}

/** Why an entry was not applied but kept for the operator. */
export type ConflictReason = 'name' | 'skeleton' | 'repository' | 'claimed' | 'new_listing_cap'

/** What the plan decided for one entry. */
export type Decision =
  | { kind: 'create' }
  | { kind: 'update'; id: string; replaces: boolean }
  | { kind: 'unchanged' }
  | { kind: 'skip'; reason: string }
  | { kind: 'conflict'; listingId: string | null; reason: ConflictReason; detail: string }

/** The stored listings, indexed the three ways an entry can meet one. */
export class StoredIndex {
  readonly byName = new Map<string, StoredListing>()
  readonly bySkeleton = new Map<string, StoredListing[]>()
  readonly byRepository = new Map<string, StoredListing[]>()
  readonly ids = new Set<string>()
  readonly byId = new Map<string, StoredListing>()
  /** Listings an earlier entry of this import updates: one entry per listing. */
  readonly targeted = new Set<string>()

  constructor(
    rows: StoredListing[],
    /** Names of this origin's new entries already waiting for the operator past a sync's cap: they keep waiting. */
    readonly waitingNew = new Set<string>(),
    /** What operators took down: an entry with one of its names or addresses is skipped. */
    readonly takenDown = new TakenDown(),
  ) {
    for (const r of rows) this.add(r)
  }

  add(r: StoredListing) {
    this.byName.set(r.name, r)
    this.byId.set(r.id, r)
    this.ids.add(r.id)
    if (!holdsIdentity(r.status)) return
    if (r.nameSkeleton) push(this.bySkeleton, r.nameSkeleton, r)
    if (r.repositoryKey) push(this.byRepository, r.repositoryKey, r)
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V) {
  const list = m.get(k)
  if (list) list.push(v)
  else m.set(k, [v])
}

/** What an entry can meet in a listing: its name and look, its repository, whose it is and whether it holds them. */
export const IDENTITY_COLUMNS = {
  id: listings.id,
  name: listings.name,
  origin: listings.origin,
  status: listings.status,
  isOfficial: listings.isOfficial,
  nameSkeleton: listings.nameSkeleton,
  repositoryKey: listings.repositoryKey,
}

/** Reads every listing the plan compares entries with (a few thousand rows; packages only matter for claimed ones). */
export async function readStoredListings(database: Database, origin: string): Promise<StoredIndex> {
  const rows = await database.db
    .select({
      ...IDENTITY_COLUMNS,
      contentHash: listings.contentHash,
      repositoryUrl: listings.repositoryUrl,
      url: listings.url,
      websiteUrl: listings.websiteUrl,
      packages: listings.packages,
      remotes: listings.remotes,
    })
    .from(listings)
  const waiting = await database.db
    .select({ name: importConflicts.name })
    .from(importConflicts)
    .where(
      and(
        eq(importConflicts.origin, origin),
        eq(importConflicts.state, 'open'),
        eq(importConflicts.reason, 'new_listing_cap'),
      ),
    )
  return new StoredIndex(rows, new Set(waiting.map((w) => w.name)), new TakenDown(await allTakedowns(database)))
}

/**
 * Whether an entry changes what a claimed listing's owner keeps: what installs it (repository, packages, remotes)
 * and the addresses its claims are checked against (a website an upstream could point at a site of its own, prove
 * there and take the listing over).
 */
function changesWhatOwnersKeep(l: ImportedListing, s: StoredListing): boolean {
  return (
    l.repositoryUrl !== s.repositoryUrl ||
    l.url !== s.url ||
    (l.websiteUrl ?? null) !== s.websiteUrl ||
    !sameJson(l.packages, s.packages) ||
    !sameJson(l.remotes, s.remotes)
  )
}

/** A listing as a conflict's detail names it. */
export const described = (s: Pick<StoredListing, 'id' | 'name' | 'origin' | 'isOfficial'>) =>
  `${s.id} (${s.name}, origin ${s.origin}${s.isOfficial ? ', claimed' : ''})`

/** What one import's plan judges each entry against: the stored listings, its scope, the names it has seen. */
export interface PlanContext {
  stored: StoredIndex
  scope: ImportScope
  /** The names of the document seen so far, by skeleton: the first of each, with its repository key. */
  seenSkeletons: Map<string, { name: string; repositoryKey: string | null }>
}

/**
 * Two names of one origin that read alike only through their separators (`mssql-mcp-server`, `mssql_mcp_server`)
 * and list different repositories: the registry names two servers, and both are kept. Never beside a claimed
 * listing, and never across origins (that is a conflict) nor for a submission.
 */
function separatorTwin(
  a: { name: string; repositoryKey: string | null; isOfficial?: boolean },
  name: string,
  repositoryKey: string | null,
): boolean {
  return (
    !a.isOfficial &&
    a.repositoryKey !== null &&
    repositoryKey !== null &&
    a.repositoryKey !== repositoryKey &&
    lookalikeSkeleton(a.name) !== lookalikeSkeleton(name)
  )
}

/** The plan's judge: one entry against the stored listings and the entries before it in the document. */
export function decide(l: ImportedListing, hash: string, ctx: PlanContext): Decision {
  const { stored, scope } = ctx
  const d = judge(l, hash, ctx)
  if (d.kind !== 'update') return d
  if (stored.targeted.has(d.id))
    return { kind: 'skip', reason: `${d.id} is already updated by an earlier entry of this document` }
  stored.targeted.add(d.id)
  const target = stored.byId.get(d.id)
  if (target && d.replaces) target.origin = scope.origin ?? IMPORT_ORIGIN
  return d
}

// Skips a name with hidden or compatibility characters, a false namespace, or one that looks like an earlier name of
// the document; and an entry whose remote points at the user's own machine or network.
function refusedName(
  l: ImportedListing,
  identity: { nameSkeleton: string; repositoryKey: string | null },
  { seenSkeletons, scope }: PlanContext,
): Decision | null {
  const invisible = invisibleCharacters(l.name)
  if (invisible.length)
    return { kind: 'skip', reason: `name has invisible or bidi control characters (${invisible[0].codePoint})` }
  // Registry names are written in plain characters; fullwidth or other compatibility forms only imitate one.
  if (l.name.normalize('NFKC') !== l.name)
    return {
      kind: 'skip',
      reason: 'name has compatibility characters (fullwidth or styled letters): not its NFKC form',
    }
  // The characters a submission's name may not hold (a Braille blank, symbols): no skeleton sees past them, so
  // `owned-server⠀` would be listed as a twin of `owned-server`.
  const outside = describeRefusedName(l.name)
  if (outside) return { kind: 'skip', reason: `name ${outside}` }
  const falseNamespace = describeFalseNamespace(l.name)
  if (falseNamespace) return { kind: 'skip', reason: `name ${falseNamespace}` }
  const privateRemote = privateRemotesReason(l.remotes, scope.allowPrivateRemotes === true)
  if (privateRemote) return { kind: 'skip', reason: privateRemote }
  const { nameSkeleton, repositoryKey } = identity
  const earlier = seenSkeletons.get(nameSkeleton)
  if (earlier !== undefined && earlier.name !== l.name && !separatorTwin(earlier, l.name, repositoryKey))
    return { kind: 'skip', reason: `looks the same as ${earlier.name} earlier in this document` }
  if (earlier === undefined) seenSkeletons.set(nameSkeleton, { name: l.name, repositoryKey })
  return null
}

const repositoryConflict = (s: StoredListing): Decision => ({
  kind: 'conflict',
  listingId: s.id,
  reason: 'repository',
  detail: `the repository is listed as ${described(s)}`,
})

function judge(l: ImportedListing, hash: string, ctx: PlanContext): Decision {
  const { stored, scope } = ctx
  const origin = scope.origin ?? IMPORT_ORIGIN
  const mayReplace = (s: StoredListing) => s.origin === origin || (scope.trusts ?? []).includes(s.origin)
  const { nameSkeleton, repositoryKey, urlKey } = identityColumns(l)
  const refused = refusedName(l, { nameSkeleton, repositoryKey }, ctx)
  if (refused) return refused
  // What an operator took down is never written again, whoever lists it and whatever it replaces.
  const down = stored.takenDown.reasonOf({ nameSkeleton, repositoryKey, urlKey })
  if (down !== undefined) return { kind: 'skip', reason: takenDownSkip(down) }
  if (scope.replacing) {
    const id = scope.replacing.listingId
    if (id) return { kind: 'update', id, replaces: true }
    // Accepted as a new listing: a listing that took the name since holds it (the insert would fail half-accepted).
    const holder = stored.byName.get(l.name)
    return holder ? { kind: 'skip', reason: `the name is held by ${described(holder)} since` } : { kind: 'create' }
  }
  const prev = stored.byName.get(l.name)
  if (prev) {
    if (!mayReplace(prev))
      return { kind: 'conflict', listingId: prev.id, reason: 'name', detail: `the name is held by ${described(prev)}` }
    if (prev.origin === origin && prev.contentHash === hash) return { kind: 'unchanged' }
    // Moving its own listing onto a repository another origin lists is taking that repository: the operator decides.
    const taken =
      repositoryKey && repositoryKey !== prev.repositoryKey
        ? stored.byRepository.get(repositoryKey)?.find((s) => s.origin !== origin && s.id !== prev.id)
        : undefined
    if (taken) return repositoryConflict(taken)
    if (prev.isOfficial && changesWhatOwnersKeep(l, prev))
      return {
        kind: 'conflict',
        listingId: prev.id,
        reason: 'claimed',
        detail: `${described(prev)} is claimed by its owner: its addresses, repository, packages and remotes change only through the owner or an operator`,
      }
    return { kind: 'update', id: prev.id, replaces: prev.origin !== origin }
  }
  const alike = stored.bySkeleton.get(nameSkeleton)?.filter((s) => s.name !== l.name) ?? []
  const own = alike.find((s) => s.origin === origin && !separatorTwin(s, l.name, repositoryKey))
  if (own) return { kind: 'skip', reason: `a name that looks the same is already listed as ${own.id}` }
  const lookalike = alike.find((s) => s.origin !== origin)
  if (lookalike)
    return replaceOrConflict(lookalike, 'skeleton', `a name that looks the same is held by ${described(lookalike)}`)
  const sameRepository = (repositoryKey ? stored.byRepository.get(repositoryKey) : undefined)?.filter(
    (s) => s.origin !== origin,
  )
  if (sameRepository?.length === 1)
    return replaceOrConflict(
      sameRepository[0],
      'repository',
      `the repository is listed as ${described(sameRepository[0])}`,
    )
  if (sameRepository?.length) return repositoryConflict(sameRepository[0])
  if (scope.newBudget) {
    if (scope.newBudget.left <= 0 || stored.waitingNew.has(l.name))
      return {
        kind: 'conflict',
        listingId: null,
        reason: 'new_listing_cap',
        detail: 'past the cap of new listings of one sync',
      }
    scope.newBudget.left--
  }
  return { kind: 'create' }

  // A trusted upstream replaces an unclaimed listing of a trusted origin; anything else waits for the operator.
  function replaceOrConflict(s: StoredListing, reason: ConflictReason, detail: string): Decision {
    if (mayReplace(s) && !s.isOfficial) return { kind: 'update', id: s.id, replaces: true }
    return { kind: 'conflict', listingId: s.id, reason: s.isOfficial ? 'claimed' : reason, detail }
  }
}
