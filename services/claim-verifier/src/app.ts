import { healthRoute, serviceApp } from '@mcp-directory/shared/service'
import { challengeRoutes } from './challenge/routes'
import { attemptCounter, CLAIM_ATTEMPTS } from './claimants/claimant'
import { claimRoutes } from './claims/routes'
import type { ClaimContext, ClaimVerifierDeps } from './context'
import { recheckDue, startRechecks } from './rechecks/service'

export { CLAIM_ATTEMPTS } from './claimants/claimant'

/** What the claim-verifier needs from its host process. */
export type { ClaimVerifierDeps } from './context'

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
