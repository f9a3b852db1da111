// What a listing points to: the only hosts and sites whose proofs count (otherwise anyone could claim anything
// with a site of their own). The listing's own address, its website, and its GitHub repository's homepage.
import { githubHeaders, githubRepoOf, githubRepoPath, type GithubRepo } from '@mcp-directory/shared/github'
import type { Logger } from '@mcp-directory/shared/log'
import { OUTBOUND_USER_AGENT } from '@mcp-directory/shared/outbound'

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

// Hosts of source code: their DNS and pages are not the listing owner's to change.
const CODE_HOSTS = /^(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|raw\.githubusercontent\.com|npmjs\.com|www\.npmjs\.com|pypi\.org)$/i

/** The GitHub repository of a listing (its repository URL, or its URL when that is a repository). */
export const repositoryOf = (listing: ClaimableListing): Repository | null => githubRepoOf(listing.repositoryUrl) ?? githubRepoOf(listing.url)

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

/** A site a listing points to, and why it counts. */
export interface PointedSite {
  url: string
  host: string
  source: 'listing url' | 'listing website' | 'repository homepage'
}

/** Every site (http/https, not a code host) the listing points to, deduplicated by origin. */
export async function sitesOf(listing: ClaimableListing, homepage: RepositoryHomepage): Promise<PointedSite[]> {
  const candidates: [string | null, PointedSite['source']][] = [[listing.url, 'listing url'], [listing.websiteUrl, 'listing website']]
  const repo = repositoryOf(listing)
  if (repo) candidates.push([await homepage(repo), 'repository homepage'])
  const seen = new Set<string>()
  const sites: PointedSite[] = []
  for (const [raw, source] of candidates) {
    if (!raw) continue
    let u: URL
    try {
      u = new URL(raw)
    } catch {
      continue
    }
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || CODE_HOSTS.test(u.hostname)) continue
    if (seen.has(u.origin)) continue
    seen.add(u.origin)
    sites.push({ url: `${u.origin}/`, host: u.hostname.replace(/^\[|\]$/g, ''), source })
  }
  return sites
}

/** Whether `websiteUrl` is on a site the listing points to (same origin); returns that site. */
export function siteMatching(sites: PointedSite[], websiteUrl: string): PointedSite | null {
  let u: URL
  try {
    u = new URL(websiteUrl)
  } catch {
    return null
  }
  return sites.find((s) => new URL(s.url).origin === u.origin) ?? null
}
