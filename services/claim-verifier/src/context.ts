// What every resource of the claim-verifier shares: its dependencies, where verification looks, and the attempt
// counter. Built once by the app factory.
import type { EventBus } from '@mcp-directory/shared/bus'
import type { CatalogClient } from '@mcp-directory/shared/catalog-client'
import type { Config } from '@mcp-directory/shared/config'
import type { Database } from '@mcp-directory/shared/db'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import type { OutboundFetcher } from '@mcp-directory/shared/outbound'
import type { TxtLookup } from './checks/dns'
import type { ReadmeReader } from './checks/github'
import type { SubmissionClient } from './clients'
import type { RepositoryHomepage } from './sites'
import type { VerifierDeps } from './verify'

export interface ClaimVerifierDeps {
  config: Config
  /** Only for the readiness check: the claim-verifier has no tables. */
  database: Database
  kv: KeyValueStore
  bus: EventBus
  log: Logger
  /** SERVER_SECRET: the key of every proof value. */
  secret: string
  catalog: CatalogClient
  submission: SubmissionClient
  /** The SSRF-safe fetcher for owners' sites. */
  outbound: OutboundFetcher
  txt: TxtLookup
  readme: ReadmeReader
  homepage: RepositoryHomepage
  /** Claim attempts allowed per claimant and window (default CLAIM_ATTEMPTS). */
  attempts?: { limit: number; windowMs: number }
}

/** The claim-verifier's resources' shared dependencies. */
export interface ClaimContext {
  deps: ClaimVerifierDeps
  verifier: VerifierDeps
  /** Counts one claim attempt of a claimant key; throws 429 over the limit. */
  countAttempt: (key: string) => Promise<void>
  /**
   * Counts one challenge of a claimant key; throws 429 over the limit. Each challenge asks the GitHub API for the
   * repository's homepage, and that API's quota is shared by every claim and probe.
   */
  countChallenge: (key: string) => Promise<void>
}
