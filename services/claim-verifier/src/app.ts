// The claim-verifier: challenges and claims for agents and claim-link holders, and the periodic re-check. It keeps
// no state of its own: the catalog owns claims (recorded, re-checked, revoked) and is reached through its client.
import type { EventBus } from '@mcp-directory/shared/bus'
import type { CatalogClient } from '@mcp-directory/shared/catalog-client'
import type { Config } from '@mcp-directory/shared/config'
import type { Database } from '@mcp-directory/shared/db'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import type { OutboundFetcher } from '@mcp-directory/shared/outbound'
import { healthRoute, serviceApp } from '@mcp-directory/shared/service'
import { challengeRoutes } from './challenge/routes'
import { attemptCounter, CLAIM_ATTEMPTS } from './claimants/claimant'
import { claimRoutes } from './claims/routes'
import type { TxtLookup } from './checks/dns'
import type { ReadmeReader } from './checks/github'
import type { SubmissionClient } from './clients'
import type { ClaimContext } from './context'
import { recheckDue, startRechecks } from './rechecks/service'
import type { RepositoryHomepage } from './sites'

export { CLAIM_ATTEMPTS } from './claimants/claimant'

/** What the claim-verifier needs from its host process. */
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

/** Builds the claim-verifier: wires its resources (challenge, claims, re-checks) to their dependencies. */
export function createClaimVerifierApp(deps: ClaimVerifierDeps) {
  const { config, log } = deps
  const ctx: ClaimContext = {
    deps,
    verifier: {
      baseUrl: config.publicBaseUrl,
      outbound: deps.outbound,
      txt: deps.txt,
      readme: deps.readme,
      homepage: deps.homepage,
    },
    countAttempt: attemptCounter(deps.kv, deps.attempts ?? CLAIM_ATTEMPTS, log),
    countChallenge: attemptCounter(deps.kv, deps.attempts ?? CLAIM_ATTEMPTS, log, 'challenges'),
  }
  const rechecks = startRechecks(ctx)
  const app = serviceApp('claim-verifier', config.publicBaseUrl, log)
    .use(challengeRoutes(ctx))
    .use(claimRoutes(ctx))
    .use(healthRoute('claim-verifier', { database: deps.database, log }))

  return {
    app,
    /** Runs one re-check pass now (tests, operators). */
    recheckDue: (limit?: number) => recheckDue(ctx, limit),
    close: () => rechecks.stop(),
  }
}

/** The running claim-verifier. */
export type ClaimVerifierService = ReturnType<typeof createClaimVerifierApp>
