// What a listing points to: the only pages and DNS names whose proofs count (otherwise anyone could claim anything
// with a site of their own). The addresses are the listing's own, as stored: its URL, its website, and its GitHub
// repository's homepage; the verifier fetches those and the root of their origins, nothing an agent adds.
import { githubHeaders, githubRepoOf, githubRepoPath, type GithubRepo } from '@mcp-directory/shared/github'
import { hostStanding } from '@mcp-directory/shared/hosts'
import type { Logger } from '@mcp-directory/shared/log'
import { OUTBOUND_USER_AGENT } from '@mcp-directory/shared/outbound'
import { DNS_LABEL } from './proof'

/** The listing fields claims read (from the catalog's internal API). */
export interface ClaimableListing {
  id: string
  name: string
  status: string
  url: string | null
  websiteUrl: string | null
  repositoryUrl: string | null
  isOfficial: boolean
}

/** A GitHub repository named by a listing. */
export type Repository = GithubRepo

/** The GitHub repository of a listing (its repository URL, or its URL when that is a repository). */
export const repositoryOf = (listing: ClaimableListing): Repository | null =>
  githubRepoOf(listing.repositoryUrl) ?? githubRepoOf(listing.url)

/** Reads a repository's homepage from the GitHub API (null when there is none or the API fails). */
export type RepositoryHomepage = (repo: Repository) => Promise<string | null>

/** GitHub's `GET /repos/{owner}/{repo}` → `homepage`, through GITHUB_API_URL, with GITHUB_TOKEN when set. */
export function githubHomepage(apiUrl: string, token: string | null, log: Logger): RepositoryHomepage {
  return async ({ owner, repo }) => {
    try {
      const res = await fetch(`${apiUrl}${githubRepoPath({ owner, repo })}`, {
        headers: githubHeaders({ accept: 'application/vnd.github+json', userAgent: OUTBOUND_USER_AGENT, token }),
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) {
        await res.body?.cancel()
        return null
      }
      const body = (await res.json()) as { homepage?: unknown }
      return typeof body.homepage === 'string' && body.homepage.trim() ? body.homepage.trim() : null
    } catch (err) {
      log.warn({ owner, repo, err: String(err) }, 'repository metadata unavailable')
      return null
    }
  }
}

/** Where an address of the listing comes from. */
export type AddressSource = 'listing url' | 'listing website' | 'repository homepage'

/** A page the verifier may fetch: a stored address of the listing, or the root of its origin. */
export interface PointedPage {
  /** The address fetched: scheme, host (lower case, no trailing dot), port, path and query, never a fragment. */
  url: string
  host: string
  source: AddressSource
  /** Why its host's DNS cannot carry a proof (an IP address, a name whose DNS a platform runs), or null. */
  dnsReason: string | null
}

/** A DNS name where the TXT proof may be published. */
export interface PointedName {
  /** `_mcp-directory.<domain>`. */
  name: string
  /** The host or registrable domain it lies on. */
  domain: string
  source: AddressSource
}

/** An address of the listing that counts for no proof, and why. */
export interface RefusedAddress {
  url: string
  source: AddressSource
  reason: string
}

/** Everything a listing points to, as far as proofs go. */
export interface ClaimSites {
  pages: PointedPage[]
  names: PointedName[]
  refused: RefusedAddress[]
}

/** The address as compared and fetched: host without case or trailing dots, default port dropped, no fragment. */
export function canonicalAddress(u: URL): string {
  const c = new URL(u.href)
  c.hostname = c.hostname.toLowerCase().replace(/\.+$/, '')
  c.hash = ''
  return c.href
}

/**
 * The pages and DNS names of a listing: each stored address and the root of its origin, deduplicated; DNS names for
 * each host and its registrable domain. Shared hosts (shared/src/hosts) and the directory's own domain never count.
 */
export async function sitesOf(
  listing: ClaimableListing,
  homepage: RepositoryHomepage,
  directoryDomains: readonly string[],
): Promise<ClaimSites> {
  const candidates: [string | null, AddressSource][] = [
    [listing.url, 'listing url'],
    [listing.websiteUrl, 'listing website'],
  ]
  const repo = repositoryOf(listing)
  if (repo) candidates.push([await homepage(repo), 'repository homepage'])
  const out: ClaimSites = { pages: [], names: [], refused: [] }
  const seenPages = new Set<string>()
  const seenNames = new Set<string>()
  for (const [raw, source] of candidates) {
    if (!raw) continue
    let u: URL
    try {
      u = new URL(raw)
    } catch {
      out.refused.push({ url: raw, source, reason: 'not a URL' })
      continue
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') {
      out.refused.push({ url: raw, source, reason: `${u.protocol} addresses are not fetched` })
      continue
    }
    const standing = hostStanding(u.hostname, directoryDomains)
    if (standing.sharedReason) {
      out.refused.push({ url: raw, source, reason: standing.sharedReason })
      continue
    }
    const address = canonicalAddress(u)
    for (const url of [`${new URL(address).origin}/`, address]) {
      if (seenPages.has(url)) continue
      seenPages.add(url)
      out.pages.push({ url, host: standing.host, source, dnsReason: standing.dnsReason })
    }
    if (standing.dnsReason) continue
    for (const domain of [standing.host, standing.registrableDomain]) {
      if (!domain || seenNames.has(domain)) continue
      seenNames.add(domain)
      out.names.push({ name: `${DNS_LABEL}.${domain}`, domain, source })
    }
  }
  return out
}

/** The DNS names of one page's host (and its registrable domain) among the listing's names. */
export function namesOfPage(sites: ClaimSites, page: PointedPage): PointedName[] {
  const registrable = hostStanding(page.host).registrableDomain
  return sites.names.filter((n) => n.domain === page.host || n.domain === registrable)
}

/**
 * The page an agent's `websiteUrl` picks, or why it picks none: it must be one of the listing's pages exactly
 * (compared without case or trailing dots of the host and without default ports); a path, query or fragment of
 * its own, another site, or a shared host is refused.
 */
export function pageMatching(
  sites: ClaimSites,
  websiteUrl: string,
  directoryDomains: readonly string[],
): { page: PointedPage } | { reason: string } {
  let u: URL
  try {
    u = new URL(websiteUrl)
  } catch {
    return { reason: 'websiteUrl is not a URL' }
  }
  const shared = hostStanding(u.hostname, directoryDomains).sharedReason
  if (shared) return { reason: `websiteUrl is on a shared host: ${shared}` }
  if (u.hash) return { reason: "websiteUrl adds a fragment; it may only name one of the listing's own addresses" }
  const wanted = canonicalAddress(u)
  const page = sites.pages.find((p) => p.url === wanted)
  if (page) return { page }
  const sameSite = sites.pages.some((p) => new URL(p.url).origin === new URL(wanted).origin)
  return {
    reason: sameSite
      ? "websiteUrl adds a path or query of its own; only the listing's stored addresses and the root of their sites are fetched"
      : "websiteUrl is not a site this listing points to; only its own address, its website or its repository's homepage count",
  }
}
