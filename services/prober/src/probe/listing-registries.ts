// A listing's install evidence: the registry entries (npm, PyPI) of its packages and of the package its README
// names, and for a listing with neither the packages found for its repository (listing-lookups.ts), each read
// through the per-host limit and back-off.
import type { CatalogListing } from '@mcp-directory/shared/catalog-client'
import type { PackageEvidence } from '@mcp-directory/shared/contracts'
import { EVIDENCE_REGISTRIES, evidenceFor, lookupRepository } from '@mcp-directory/shared/install'
import { hostRetryAt } from '../state/service'
import { probeLookups, registryRead } from './listing-lookups'
import type { ProbeRun } from './listing-run'

// At most this many packages of one listing are read from their registries (a README's package included).
const MAX_EVIDENCE_PACKAGES = 4
// What the catalog keeps of a listing's evidence (its facts contract).
const MAX_STORED_EVIDENCE = 10

type EvidenceTarget = { registryType: PackageEvidence['registryType']; identifier: string; version: string | null }

/** The npm and PyPI packages whose registry entries say whether they belong to the listing. */
export function evidenceTargets(
  l: Pick<CatalogListing, 'packages'>,
  inferred: CatalogListing['inferredInstall'],
): EvidenceTarget[] {
  const out: EvidenceTarget[] = []
  const add = (registryType: string, identifier: unknown, version: unknown) => {
    if (
      !(EVIDENCE_REGISTRIES as readonly string[]).includes(registryType) ||
      typeof identifier !== 'string' ||
      !identifier.trim()
    )
      return
    const t = {
      registryType: registryType as EvidenceTarget['registryType'],
      identifier: identifier.trim(),
      version: typeof version === 'string' ? version : null,
    }
    if (!out.some((o) => o.registryType === t.registryType && o.identifier === t.identifier)) out.push(t)
  }
  for (const p of Array.isArray(l.packages) ? l.packages : [])
    if (p && typeof p === 'object') add(p.registryType, p.identifier, p.version)
  if (inferred && typeof inferred === 'object') add(inferred.registryType, inferred.identifier, null)
  return out.slice(0, MAX_EVIDENCE_PACKAGES)
}

/**
 * Reads the registry entries of the listing's npm and PyPI packages (and of the package its README names).
 * A read that fails keeps the evidence last read for that package, so an outage never lowers a confidence.
 */
export async function probeRegistries(run: ProbeRun): Promise<void> {
  const { listing: l, facts } = run
  const inferred = facts.install !== undefined ? facts.install : l.inferredInstall
  const targets = evidenceTargets(l, inferred)
  // Nothing declared and no install in the README: the registries are asked for the repository's packages.
  const repository = inferred ? null : lookupRepository(l)
  if (targets.length === 0 && !repository) {
    if (Array.isArray(l.installEvidence) && l.installEvidence.length > 0) facts.evidence = null
    return
  }
  const evidence: PackageEvidence[] = []
  for (const t of targets) {
    const kept = await readEvidence(run, t)
    if (kept) evidence.push(kept)
  }
  if (repository) {
    for (const e of await probeLookups(run, repository))
      if (!evidenceFor(evidence, e.registryType, e.identifier)) evidence.push(e)
  }
  facts.evidence = evidence.slice(0, MAX_STORED_EVIDENCE)
}

/** One package's evidence: the entry read now, or the one read before when its registry is backed off or failed. */
async function readEvidence(run: ProbeRun, t: EvidenceTarget): Promise<PackageEvidence | null | undefined> {
  const { deps, results } = run
  const host = deps.registry.hostOf(t.registryType)
  const previous = evidenceFor(run.listing.installEvidence, t.registryType, t.identifier)
  const retryAt = await hostRetryAt(deps.database, host)
  if (retryAt) {
    results.push({
      kind: 'registry',
      target: `${t.registryType}:${t.identifier}`,
      outcome: 'skipped',
      detail: `registry in back-off until ${retryAt.toISOString()}`,
    })
    return previous
  }
  // A package that declares no settings: its own README's config says which it takes (one more read, npm only).
  const declared = (Array.isArray(run.listing.packages) ? run.listing.packages : []).find(
    (p) => p?.registryType === t.registryType && p.identifier === t.identifier,
  )
  const withReadme = !declared?.environmentVariables?.length
  const read = await registryRead(run, t.registryType, t.identifier, t.version, withReadme, previous ?? null)
  return read.status === 'read' ? read.evidence : previous
}
