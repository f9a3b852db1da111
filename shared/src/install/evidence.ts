/**
 * Install evidence: does a package belong to the listing that names it? Judged from what its registry says
 * (`PackageEvidence`, read by the prober), as the official MCP registry checks ownership:
 *  - it names the listing: npm `mcpName`, or an `mcp-name: <name>` line in the PyPI description, equal to the
 *    listing's name. Only a registry-style name (`namespace/name`, such as `io.github.owner/repo`) counts: its
 *    namespace is proven to the registry that issued it, while a free-text name of a submission is not proven
 *    to anyone, and a package could claim it for free;
 *  - or it links back to the listing's repository: npm `repository`, PyPI `project_urls` or `home_page`, equal
 *    after normalisation (`repositoryKey`) to the listing's repository address.
 * OCI images (the `io.modelcontextprotocol.server.name` label) and NuGet packages are not read: they never
 * count as evidence, and say so.
 */
import type { InstallEvidence, Listing, PackageEvidence } from '../contracts/listing'
import { repositoryKey } from './repository'

/** The registries whose entries the prober reads for evidence. */
export const EVIDENCE_REGISTRIES = ['npm', 'pypi'] as const

// Registry values quoted in a note are cut: a note says what is missing, it does not reproduce a registry entry.
const short = (s: string): string => (s.length > 200 ? `${s.slice(0, 199)}…` : s)
const REGISTRY_NAME = /^[a-z0-9][a-z0-9.-]*[a-z0-9]\/[a-z0-9][a-z0-9._-]*$/i

/** PyPI compares project names case-insensitively with runs of `-`, `_` and `.` as one (PEP 503). */
export function pypiNormalise(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-')
}

/** True when `a` and `b` name the same package of a registry. */
export function samePackage(registryType: string, a: string, b: string): boolean {
  if (registryType === 'pypi') return pypiNormalise(a) === pypiNormalise(b)
  return registryType === 'npm' ? a.toLowerCase() === b.toLowerCase() : a === b
}

/** The stored evidence for one package, if the prober has read its registry entry. */
export function evidenceFor(
  all: readonly PackageEvidence[] | null | undefined,
  registryType: string,
  identifier: string,
): PackageEvidence | null {
  if (!Array.isArray(all)) return null
  return (
    all.find(
      (e) =>
        e &&
        e.registryType === registryType &&
        typeof e.identifier === 'string' &&
        samePackage(registryType, e.identifier, identifier),
    ) ?? null
  )
}

/** The listing fields evidence is judged against. */
export type EvidenceSubject = Pick<Listing, 'name' | 'repositoryUrl' | 'url'>

/** What links a read package to the listing, or null with what is missing. */
export function judgeEvidence(
  e: PackageEvidence,
  l: EvidenceSubject,
): { evidence: InstallEvidence; missing: string | null } {
  const base = {
    registryType: e.registryType,
    identifier: e.identifier,
    version: e.version,
    entryUrl: e.entryUrl,
    checkedAt: e.checkedAt,
  }
  const where = e.registryType === 'npm' ? 'npm' : 'PyPI'
  const what = `the ${where} package ${e.identifier}${e.version ? `@${e.version}` : ''}`
  if (e.outcome !== 'found')
    return {
      evidence: { ...base, linkedBy: null, link: null },
      missing: `${where} has no package ${e.identifier}${e.version ? ` at version ${e.version}` : ''}`,
    }
  const name = typeof l.name === 'string' ? l.name.trim() : ''
  if (REGISTRY_NAME.test(name) && e.mcpNames.includes(name)) {
    return {
      evidence: { ...base, linkedBy: e.registryType === 'npm' ? 'mcpName' : 'mcp-name', link: name },
      missing: null,
    }
  }
  const own = repositoryKey(l.repositoryUrl) ?? repositoryKey(l.url)
  const back = own ? e.repositories.find((r) => repositoryKey(r) === own) : undefined
  if (back) return { evidence: { ...base, linkedBy: 'repository', link: back }, missing: null }
  const declared = e.registryType === 'npm' ? 'mcpName' : '"mcp-name:" line'
  const names = e.mcpNames.length
    ? `its ${declared} is ${e.mcpNames
        .slice(0, 3)
        .map((n) => JSON.stringify(short(n)))
        .join(', ')}`
    : `it has no ${declared}`
  const repos = e.repositories.length
    ? `its repository is ${e.repositories.slice(0, 3).map(short).join(', ')}`
    : 'it gives no repository'
  const ownText = own ? `this listing's repository (${own})` : 'a repository (this listing has none)'
  return {
    evidence: { ...base, linkedBy: null, link: null },
    missing: `${what} neither names this listing (${names}) nor links back to ${ownText} (${repos})`,
  }
}
