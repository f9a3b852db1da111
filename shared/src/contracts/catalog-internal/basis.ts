// What a probe's facts were read from. A probe takes seconds to minutes, and an owner may replace a listing's remote
// or package meanwhile (and a README its inferred install): the prober and the sandbox send back the basis of the listing they read, and the catalog
// writes their facts only while the listing still has it, so what an old endpoint said never lands on a new one.
import { createHash } from 'node:crypto'

/** The parts of a listing a probe reads from (the stored row, or its JSON as the internal API answers it). */
export interface ProbedParts {
  repositoryUrl: string | null
  packages: readonly object[]
  remotes: readonly object[]
  /** The install the prober found in the README, which the sandbox starts when the listing declares no package. */
  inferredInstall?: object | null
}

/** A short hash of what a probe of this listing reads: repository, packages, remotes, inferred install (whole). */
export function probeBasisOf(listing: ProbedParts): string {
  const parts = [listing.repositoryUrl, listing.packages, listing.remotes, listing.inferredInstall ?? null]
  return createHash('sha256').update(sortedJson(parts)).digest('hex').slice(0, 32)
}

// JSON with every object's keys sorted: the same value whichever order a driver or a parse gave its keys.
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}
