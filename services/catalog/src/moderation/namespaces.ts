/**
 * The namespace rules a submission obeys (the official registry's): a name under `io.github.<owner>/` needs a
 * repository on github.com/<owner>, a name under `tld.domain/` a website on that domain; and a short name whose
 * skeleton is the own name of a listing with a verified publisher is that publisher's, unless it comes from the
 * same repository. A squat (a listing from another repository holding the name) gives way to the repository the
 * name belongs to once its owner proves it (see `claims/name-claim.ts`).
 */
import { listings } from '@mcp-directory/shared/db'
import { InvalidInput } from '@mcp-directory/shared/errors'
import { nameSkeleton, normalizeAddress } from '@mcp-directory/shared/identity'
import { ownName } from '../listings/identity'
import { SUBMISSION_ORIGIN } from '../listings/origin'
import { namespaceEvidence, namespaceOf, publisherOf } from '../listings/publisher'

/** The columns a listing's publisher mark is judged from (`publisherOf`). */
export const PUBLISHER_COLUMNS = {
  id: listings.id,
  name: listings.name,
  origin: listings.origin,
  isOfficial: listings.isOfficial,
  repositoryUrl: listings.repositoryUrl,
  websiteUrl: listings.websiteUrl,
  githubHomepage: listings.githubHomepage,
  provenDomain: listings.provenDomain,
  provenRepository: listings.provenRepository,
  websiteByOwner: listings.websiteByOwner,
  publisherLapsed: listings.publisherLapsed,
}

/** What a submission's namespace is checked against: its name and its one address. */
export interface SubmittedAddresses {
  name: string
  repositoryUrl: string | null
  websiteUrl: string | null
}

/** Refused when the name's namespace is another's: a submission cannot take `io.github.<owner>/` or `tld.domain/` from elsewhere. */
export function requireOwnNamespace(s: SubmittedAddresses): void {
  const ns = namespaceOf(s.name)
  if (ns.kind === 'none' || namespaceEvidence(s)) return
  const message =
    ns.kind === 'github'
      ? `the namespace ${ns.namespace} belongs to the GitHub owner ${ns.owner}: submit a repository on github.com/${ns.owner}, or a name without that namespace`
      : `the namespace ${ns.namespace} belongs to the domain ${ns.domain}: submit the server's website on ${ns.domain} (or claim the domain by DNS), or a name without that namespace`
  throw new InvalidInput(`name: ${message}`, { field: 'name', message })
}

/** A listing a short name is checked against: its publisher columns and repository key. */
type OwnNameHolder = Parameters<typeof publisherOf>[0] & { id: string; name: string; repositoryKey: string | null }

/**
 * The listing whose own name a short name imitates when that listing's publisher is verified
 * (`GitHub-MCP-Server` beside `io.github.github/github-mcp-server`), unless both come from the same repository;
 * `holders` are the listings whose own name has the short name's skeleton. A name whose part before the `/` is no
 * namespace (an npm scope, `@acme/…`) is short too: it proves nothing, and the namespace rule cannot hold it. (One
 * that reads as a namespace it is not, `io.github.github./…`, is refused before: `describeFalseNamespace`.)
 */
export function ownerOfShortName<T extends OwnNameHolder>(
  name: string,
  repositoryKey: string | null,
  holders: T[],
): T | null {
  if (namespaceOf(name).kind !== 'none') return null
  return (
    holders.find(
      (r) =>
        r.name.includes('/') &&
        publisherOf(r).publisherVerified &&
        (!repositoryKey || r.repositoryKey !== repositoryKey),
    ) ?? null
  )
}

/**
 * Whether a listing holding `name` must give it up to the repository at `ownerRepositoryUrl` once that is proven: the
 * name belongs to that repository and not to the holder's, and the holder's publisher is not verified. A short name
 * (no namespace) is evidence of little, since anyone can make a repository of any name: only a holder submitted here
 * can be a squat of it, never a listing an import, a registry or a publisher lists, and a holder its owner claimed
 * keeps it. A namespaced name another repository proves is that repository's, whoever holds it.
 */
export function yieldsName(
  name: string,
  ownerRepositoryUrl: string | null,
  holder: Parameters<typeof publisherOf>[0],
): boolean {
  if (!nameFitsRepository(name, ownerRepositoryUrl) || nameFitsRepository(name, holder.repositoryUrl)) return false
  if (publisherOf(holder).publisherVerified) return false
  if (namespaceOf(name).kind !== 'none') return true
  return !holder.isOfficial && holder.origin === SUBMISSION_ORIGIN
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
