/**
 * The namespace rules a submission obeys (the official registry's): a name under `io.github.<owner>/` needs a
 * repository on github.com/<owner>, a name under `tld.domain/` a website on that domain; and a short name whose
 * skeleton is the own name of a listing with a verified publisher is that publisher's, unless it comes from the
 * same repository. A squat (a listing from another repository holding the name) gives way to the repository the
 * name belongs to once its owner proves it (see `claims/name-claim.ts`).
 */
import { and, eq, inArray, listings, type Database } from '@mcp-directory/shared/db'
import { AppError } from '@mcp-directory/shared/errors'
import { nameSkeleton, normalizeAddress } from '@mcp-directory/shared/identity'
import { HOLDING_STATUSES, ownName } from '../listings/identity'
import { listingUrls } from '../listings/present'
import { namespaceEvidence, namespaceOf, publisherOf } from '../listings/publisher'

type Tx = Pick<Database['db'], 'select'>

/** The columns a listing's publisher mark is judged from (`publisherOf`). */
export const PUBLISHER_COLUMNS = {
  id: listings.id,
  name: listings.name,
  origin: listings.origin,
  isOfficial: listings.isOfficial,
  repositoryUrl: listings.repositoryUrl,
  websiteUrl: listings.websiteUrl,
  githubHomepage: listings.githubHomepage,
}

/** What a submission's namespace is checked against: its name and its one address. */
export interface SubmittedAddresses {
  name: string
  repositoryUrl: string | null
  websiteUrl: string | null
}

/** 400 when the name's namespace is another's: a submission cannot take `io.github.<owner>/` or `tld.domain/` from elsewhere. */
export function requireOwnNamespace(s: SubmittedAddresses): void {
  const ns = namespaceOf(s.name)
  if (ns.kind === 'none' || namespaceEvidence(s)) return
  const message =
    ns.kind === 'github'
      ? `the namespace ${ns.namespace} belongs to the GitHub owner ${ns.owner}: submit a repository on github.com/${ns.owner}, or a name without that namespace`
      : `the namespace ${ns.namespace} belongs to the domain ${ns.domain}: submit the server's website on ${ns.domain} (or claim the domain by DNS), or a name without that namespace`
  throw new AppError(400, 'invalid_body', `name: ${message}`, [{ field: 'name', message }])
}

/**
 * 409 naming the listing when a short name imitates the own name of a listing whose publisher is verified
 * (`GitHub-MCP-Server` beside `io.github.github/github-mcp-server`), unless both come from the same repository.
 */
export async function refuseBorrowedShortName(
  tx: Tx,
  name: string,
  repositoryKey: string | null,
  baseUrl: string,
): Promise<void> {
  if (name.includes('/')) return
  const rows = await tx
    .select({ ...PUBLISHER_COLUMNS, repositoryKey: listings.repositoryKey })
    .from(listings)
    .where(and(eq(listings.ownSkeleton, nameSkeleton(name)), inArray(listings.status, [...HOLDING_STATUSES])))
  const owner = rows.find(
    (r) =>
      r.name.includes('/') && publisherOf(r).publisherVerified && (!repositoryKey || r.repositoryKey !== repositoryKey),
  )
  if (!owner) return
  const { detailUrl } = listingUrls(baseUrl, owner.id)
  throw new AppError(
    409,
    'conflict',
    `The name ${name} is the own name of ${owner.name} (${detailUrl}), whose publisher is verified; submit it from that repository or choose another name`,
    [{ field: 'name', existingId: owner.id, detailUrl, message: `the own name of ${owner.name}` }],
  )
}

/**
 * Whether a listing holding `name` must give it up to the repository at `ownerRepositoryUrl` once that is proven: the
 * name belongs to that repository and not to the holder's, and the holder's publisher is not verified. A holder its
 * owner claimed keeps a short name (two proven repositories, neither named by the name's namespace); it gives up only a
 * namespaced name another repository proves.
 */
export function yieldsName(
  name: string,
  ownerRepositoryUrl: string | null,
  holder: Parameters<typeof publisherOf>[0],
): boolean {
  if (!nameFitsRepository(name, ownerRepositoryUrl) || nameFitsRepository(name, holder.repositoryUrl)) return false
  if (publisherOf(holder).publisherVerified) return false
  return !holder.isOfficial || namespaceOf(name).kind !== 'none'
}

/**
 * True when a name belongs to a repository: its namespace is proven by it, or (a short name) the repository's
 * own name looks like it (`github-mcp-server` and github.com/github/github-mcp-server).
 */
export function nameFitsRepository(name: string, repositoryUrl: string | null): boolean {
  if (!repositoryUrl) return false
  if (namespaceOf(name).kind !== 'none') return namespaceEvidence({ name, repositoryUrl, websiteUrl: null }) !== null
  const repo = normalizeAddress(repositoryUrl)
  const last = repo?.repository ? repo.path.split('/').at(-1) : null
  return last != null && nameSkeleton(last) === nameSkeleton(ownName(name))
}
