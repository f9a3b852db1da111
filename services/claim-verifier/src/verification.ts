// What a verification is made of: the places checked and where they are looked up. The checks (checks/proofs.ts)
// and the walk that chooses them (verify.ts) both stand on it.
import type { OutboundFetcher } from '@mcp-directory/shared/outbound'
import type { TxtLookup } from './checks/dns'
import type { ReadmeReader } from './checks/github'
import type { ClaimMethod } from './claims/model'
import type { RepositoryHomepage } from './sites'

/** One place checked: what was looked for, where, and what was found. */
export interface Check {
  method: ClaimMethod | 'reciprocal_readme' | 'reciprocal_site'
  where: string
  lookedFor: string
  found: string
  ok: boolean
}

/** The outcome of a verification. */
export interface Verification {
  ok: boolean
  checks: Check[]
  reciprocal: { readme: Check | null; site: Check | null }
}

/** Where verification looks things up. */
export interface VerifierDeps {
  baseUrl: string
  outbound: OutboundFetcher
  txt: TxtLookup
  readme: ReadmeReader
  homepage: RepositoryHomepage
}
