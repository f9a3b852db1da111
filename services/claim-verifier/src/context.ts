// What every resource of the claim-verifier shares: its dependencies, where verification looks, and the attempt
// counter. Built once by the app factory.
import type { ClaimVerifierDeps } from './app'
import type { VerifierDeps } from './verify'

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
