// What a listing probe works with: the prober's dependencies, and one job's facts, history rows and ETags, which
// its per-source steps (remote endpoints, GitHub, registries) add to in the order they run.
import type { CatalogClient, CatalogListing, FactsBody } from '@mcp-directory/shared/catalog-client'
import type { Database } from '@mcp-directory/shared/db'
import type { RegistryReader } from '@mcp-directory/shared/install'
import type { Logger } from '@mcp-directory/shared/log'
import type { ResolveAddresses } from '@mcp-directory/shared/outbound'
import type { HostLimiter } from '../limits'
import type { ProbeResultRow } from '../state/service'
import type { GithubReader } from './github'

/** What probing a listing needs. */
export interface ListingProberDeps {
  database: Database
  catalog: CatalogClient
  github: GithubReader
  /** npm and PyPI, read for install evidence. */
  registry: RegistryReader
  /** The outbound-safety fetcher's `fetch`, for remote endpoints (user-supplied addresses). */
  outboundFetch: typeof fetch
  /** OUTBOUND_ALLOW_PRIVATE=1: a remote seen resolving to a private address is probed all the same. */
  allowPrivate?: boolean
  /** Resolves remotes' names (strictly: every A and AAAA answer) for their address facts; absent: not reported. */
  resolveRemote?: ResolveAddresses
  hosts: HostLimiter
  timeoutMs: number
  log: Logger
}

/** One job under way: the listing it probes and what its steps have found so far. */
export interface ProbeRun {
  deps: ListingProberDeps
  /** The GitHub API's host, for its per-host limit and back-off. */
  githubHost: string
  listing: CatalogListing
  facts: FactsBody
  results: ProbeResultRow[]
  /** ETags of the answers read, remembered only once the catalog took the facts. */
  etags: Map<string, string>
  /** Tells the queue the job is still alive (after each outbound request). */
  progress: () => void
  at: Date
}

/** The host of an address, or null when it is not one. */
export const hostOf = (url: string): string | null => {
  try {
    // host includes a non-default port: two servers on one machine are two hosts to be polite to.
    return new URL(url).host.toLowerCase()
  } catch {
    return null
  }
}
