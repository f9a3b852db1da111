/**
 * Install candidates from the package registries, for a listing that declares nothing to install (no package,
 * no remote) and whose README gave no install, but whose address is the root of a GitHub repository. Each
 * registry is asked for packages that may be that repository's, and every entry read is kept as `PackageEvidence`,
 * so the install model (shared/src/install/model.ts) and its judge (`judgeEvidence`) decide what it proves:
 *  - npm: its search (`/-/v1/search`) for the repository's owner and name, keeping the hits whose repository link
 *    is the listing's repository (at most MAX_SEARCH_READS of them are read); a registry without search (a 404,
 *    as mirrors answer) is "no search", never a failure of the lookup. Then package documents by name: the
 *    repository's name, `@owner/repo`, the listing's own name when it is an npm name;
 *  - PyPI: project documents by name: the repository's name, the listing's own name when it is a project name.
 * A registry's lookup stops at the first entry that links back to the listing, and at the first failure to reach
 * the registry (a refused or silent registry costs one request). PyPI is not asked when npm gave a linked package.
 * A listing's registry is looked up at most once per LOOKUP_INTERVAL_MS: the check time of the entries kept says
 * when it last was.
 *
 * A subfolder of a repository (a monorepo's server) is not looked up: a package links back only to the whole
 * repository, so a link would not tell which of its servers the package runs.
 */
import type { Listing, PackageEvidence } from '../contracts/listing'
import { judgeEvidence, pypiNormalise } from './evidence'
import type { RegistryRead, SearchRead } from './registry-reader'
import { repositoryKey } from './repository'

/** A listing's registry is looked up again only after this long (one lookup per listing, registry and day). */
export const LOOKUP_INTERVAL_MS = 86_400_000
/** Search hits that link back to the repository, read as package documents. */
const MAX_SEARCH_READS = 2
const MAX_NAMES: Readonly<Record<PackageEvidence['registryType'], number>> = { npm: 3, pypi: 2 }
// New npm names are lower-case; PyPI names as PEP 508 allows them.
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/
const PYPI_NAME = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i
const MAX_NAME = 214
// What a failed read says when the registry itself is out of reach (not a missing or odd package).
const UNREACHABLE = /could not connect|no answer|HTTP 429|HTTP 5/

/** The listing fields a lookup needs. */
export type LookupSubject = Pick<Listing, 'name' | 'repositoryUrl' | 'url' | 'packages' | 'remotes'>

/** The GitHub repository a listing is the root of: `owner`, `repo` (lower-case) and its `repositoryKey`. */
export interface LookupRepository {
  owner: string
  repo: string
  key: string
}

/** The repository to look packages up for, or null when the listing is not one to look up (see above). */
export function lookupRepository(l: LookupSubject): LookupRepository | null {
  if ((Array.isArray(l.packages) && l.packages.length > 0) || (Array.isArray(l.remotes) && l.remotes.length > 0))
    return null
  const own = l.repositoryUrl ?? l.url
  const key = repositoryKey(own)
  const m = key ? /^github\.com\/([^/]+)\/([^/]+)$/.exec(key) : null
  if (!m) return null
  let segments: string[]
  try {
    segments = new URL(own ?? '').pathname
      .replace(/\.git$/i, '')
      .split('/')
      .filter(Boolean)
  } catch {
    return null
  }
  if (segments.length !== 2) return null
  return { owner: m[1] as string, repo: m[2] as string, key: key as string }
}

/** The package names a registry is asked for, in order, at most MAX_NAMES of them. */
export function nameCandidates(
  registry: PackageEvidence['registryType'],
  l: Pick<Listing, 'name'>,
  r: LookupRepository,
): string[] {
  const own = typeof l.name === 'string' ? l.name.trim() : ''
  const names =
    registry === 'npm'
      ? [r.repo, `@${r.owner}/${r.repo}`, own].filter((n) => n.length <= MAX_NAME && NPM_NAME.test(n))
      : [r.repo, own].filter((n) => n.length <= MAX_NAME && PYPI_NAME.test(n))
  const seen = new Set<string>()
  return names
    .filter((n) => {
      const key = registry === 'pypi' ? pypiNormalise(n) : n
      return !seen.has(key) && seen.add(key)
    })
    .slice(0, MAX_NAMES[registry])
}

/** True when the registry is due a lookup: none of its entries kept was read within LOOKUP_INTERVAL_MS. */
export function lookupDue(
  kept: readonly PackageEvidence[] | null | undefined,
  registry: PackageEvidence['registryType'],
  at: Date,
): boolean {
  const times = (Array.isArray(kept) ? kept : [])
    .filter((e) => e?.registryType === registry)
    .map((e) => Date.parse(e.checkedAt))
    .filter(Number.isFinite)
  if (times.length === 0) return true
  const age = at.getTime() - Math.max(...times)
  // A check time ahead of now (another clock) does not hold lookups off for ever.
  return age >= LOOKUP_INTERVAL_MS || age < -LOOKUP_INTERVAL_MS
}

/** How one registry is reached: reads and a search (the prober paces and records them; a script counts them). */
export interface LookupIo {
  read(registry: PackageEvidence['registryType'], identifier: string): Promise<RegistryRead>
  search(text: string): Promise<SearchRead>
}

/** One registry's lookup: the entries read (found or missing), whether one links back, and how it went. */
export interface RegistryLookup {
  evidence: PackageEvidence[]
  linked: boolean
  /** The search's answer (npm only; null: not asked). */
  search: SearchRead['status'] | null
  /** Why the lookup stopped short: the registry could not be reached (nothing it read is lost). */
  failed: string | null
}

const linksBack = (e: PackageEvidence, l: LookupSubject): boolean =>
  e.outcome === 'found' && judgeEvidence(e, l).missing === null

/** Looks up one registry for the listing's repository (see the top of this file). */
export async function lookupRegistry(
  registry: PackageEvidence['registryType'],
  l: LookupSubject,
  r: LookupRepository,
  io: LookupIo,
): Promise<RegistryLookup> {
  const out: RegistryLookup = { evidence: [], linked: false, search: null, failed: null }
  const names: string[] = []
  if (registry === 'npm') {
    const found = await io.search(`${r.owner} ${r.repo}`)
    out.search = found.status
    if (found.status === 'failed' && UNREACHABLE.test(found.reason)) return { ...out, failed: found.reason }
    if (found.status === 'read') {
      // Only a hit that links back is read; one named like the repository first.
      const own = found.hits.filter((h) => repositoryKey(h.repository) === r.key)
      const named = (h: { name: string }) => Number(h.name.replace(/^@[^/]+\//, '').toLowerCase() === r.repo)
      names.push(
        ...own
          .sort((a, b) => named(b) - named(a))
          .map((h) => h.name)
          .slice(0, MAX_SEARCH_READS),
      )
    }
  }
  for (const n of nameCandidates(registry, l, r)) if (!names.includes(n)) names.push(n)
  for (const name of names) {
    const read = await io.read(registry, name)
    if (read.status === 'failed') {
      if (UNREACHABLE.test(read.reason)) return { ...out, failed: read.reason }
      continue
    }
    out.evidence.push(read.evidence)
    if (linksBack(read.evidence, l)) return { ...out, linked: true }
  }
  return out
}

/** What the lookups of a listing keep, and what each registry did. */
export interface Lookups {
  evidence: PackageEvidence[]
  registries: {
    registry: PackageEvidence['registryType']
    /** looked: asked now; fresh: asked within the interval; kept: not reachable now (entries kept); skipped: npm gave a linked package. */
    outcome: 'looked' | 'fresh' | 'kept' | 'skipped'
    lookup?: RegistryLookup
  }[]
}

/**
 * The lookups of a listing: npm, then PyPI unless npm's entries link back. `kept` is what was stored from earlier
 * lookups; a registry read within the interval keeps its entries, so does one that cannot be reached now (an
 * outage never loses what was read). `ioFor` returns null for a registry that must not be asked now (its back-off).
 */
export async function lookupCandidates(
  l: LookupSubject,
  r: LookupRepository,
  kept: readonly PackageEvidence[] | null | undefined,
  at: Date,
  ioFor: (registry: PackageEvidence['registryType']) => Promise<LookupIo | null>,
): Promise<Lookups> {
  const out: Lookups = { evidence: [], registries: [] }
  for (const registry of ['npm', 'pypi'] as const) {
    const before = (Array.isArray(kept) ? kept : []).filter((e) => e?.registryType === registry)
    if (registry === 'pypi' && out.evidence.some((e) => linksBack(e, l))) {
      out.registries.push({ registry, outcome: 'skipped' })
      continue
    }
    const io = lookupDue(before, registry, at) ? await ioFor(registry) : null
    if (!io) {
      out.evidence.push(...before)
      out.registries.push({ registry, outcome: lookupDue(before, registry, at) ? 'kept' : 'fresh' })
      continue
    }
    const lookup = await lookupRegistry(registry, l, r, io)
    // A lookup cut short by an unreachable registry keeps the earlier entries when it read none itself.
    out.evidence.push(...(lookup.failed && lookup.evidence.length === 0 ? before : lookup.evidence))
    out.registries.push({ registry, outcome: lookup.failed ? 'kept' : 'looked', lookup })
  }
  return out
}
