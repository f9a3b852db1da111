// Which package of a listing the sandbox starts, and whether a start is due: never started (or another package
// now), or the last start older than SANDBOX_INTERVAL_HOURS; a guessed package the catalog retired is not started
// again unless the listing names another package. When is the pace's (src/sandbox-pace.ts): most viewed first.
import type { CatalogListing } from '@mcp-directory/shared/catalog-client'
import { argumentTokens } from '@mcp-directory/shared/install'

/** A package to start in the sandbox. */
export interface SandboxTarget {
  registryType: 'npm' | 'pypi'
  identifier: string
  version: string | null
  /** Not declared by the listing's registry entry: found in its README (a guess). */
  guessed: boolean
  /** Environment variables the entry declares (each gets a placeholder value). */
  variables: string[]
  /** The package's arguments: fixed values, and a placeholder (`<postgres-url>`) for each required one. */
  arguments?: string[]
}

const CONCRETE = /^\d[A-Za-z0-9.+_-]{0,63}$/
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]{0,100}$/

/** The declared npm/PyPI package (first), else the one the README names; null when there is none. */
export function sandboxTarget(
  l: Pick<CatalogListing, 'packages' | 'inferredInstall'> & Partial<Pick<CatalogListing, 'installEvidence'>>,
): SandboxTarget | null {
  // A package that declares no variables gets those its own README's config sets (read with its evidence).
  const fromReadme = (registryType: string, identifier: string): string[] =>
    (Array.isArray(l.installEvidence) ? l.installEvidence : [])
      .find((e) => e?.registryType === registryType && e.identifier === identifier)
      ?.readmeSettings?.map((s) => s.name)
      .filter((n) => VARIABLE.test(n))
      .slice(0, 20) ?? []
  for (const p of Array.isArray(l.packages) ? l.packages : []) {
    if (
      !p ||
      (p.registryType !== 'npm' && p.registryType !== 'pypi') ||
      typeof p.identifier !== 'string' ||
      !p.identifier
    )
      continue
    const variables = (Array.isArray(p.environmentVariables) ? p.environmentVariables : [])
      .map((v) => v?.name)
      .filter((n): n is string => typeof n === 'string' && VARIABLE.test(n))
      .slice(0, 20)
    return {
      registryType: p.registryType,
      identifier: p.identifier,
      version: typeof p.version === 'string' && CONCRETE.test(p.version) ? p.version : null,
      guessed: false,
      variables: variables.length ? variables : fromReadme(p.registryType, p.identifier),
      ...(argumentTokens(p.packageArguments).length ? { arguments: argumentTokens(p.packageArguments) } : {}),
    }
  }
  const i = l.inferredInstall
  if (i && (i.registryType === 'npm' || i.registryType === 'pypi'))
    return {
      registryType: i.registryType,
      identifier: i.identifier,
      version: null,
      guessed: true,
      variables: fromReadme(i.registryType, i.identifier),
    }
  return null
}

/**
 * Whether the sandbox's last start was of another package than the one it would start now (another registry or
 * name, or another concrete version): what it saw says nothing of the listing's package any more.
 */
export function startedAnother(prev: NonNullable<CatalogListing['sandbox']>, t: SandboxTarget): boolean {
  return (
    prev.registryType !== t.registryType ||
    prev.identifier !== t.identifier ||
    (t.version !== null && prev.version !== t.version)
  )
}

/** Whether a start is due: never started, another package now, or the last start older than the interval. */
export function sandboxDue(
  l: Pick<CatalogListing, 'sandbox'>,
  t: SandboxTarget,
  now: number,
  intervalMs: number,
): boolean {
  const prev = l.sandbox
  if (!prev) return true
  if (startedAnother(prev, t)) return true
  if (prev.retired) return false
  return now - Date.parse(prev.checkedAt) >= intervalMs
}
