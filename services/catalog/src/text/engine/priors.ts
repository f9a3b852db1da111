/**
 * What a listing's own state multiplies its relevance by, whatever the query's words: trust (official namespace,
 * claim, verified, stars), lifecycle (archived or deprecated, unreachable, its install recipe) and country scope;
 * and the same multipliers named with their reasons, for a hit's `why`.
 */
import type { ListingFacts } from './document'
import { TUNING } from './tuning'

/** What a listing's state does to its score: archived or deprecated, unreachable, its install recipe. */
function lifecycleOf(f: ListingFacts): number {
  const t = TUNING.lifecycle
  const l = f.lifecycle
  return (
    (l.retired ? t.retired : 1) *
    (l.down ? t.down : 1) *
    (l.install === 'none' ? t.noInstall : l.install === 'low' ? t.lowInstall : 1) *
    (f.copy ? TUNING.copy : 1)
  )
}

/** What trust adds to a listing's score, as a multiplier (1 when there is no evidence). */
function trustOf(f: ListingFacts): number {
  const t = TUNING.trust
  const stars = Math.min(1, Math.log10(1 + f.stars) / 5)
  return (
    1 +
    (f.officialNamespace ? t.officialNamespace : 0) +
    (f.isOfficial ? t.isOfficial : 0) +
    (f.verified ? t.verified : 0) +
    t.stars * stars
  )
}

/**
 * What a listing scoped to some countries keeps of its score when the query names none of them (1 otherwise): a
 * query that names no country is served first by listings that work anywhere.
 */
export const scopeFactor = (f: ListingFacts, asked: readonly string[]) =>
  f.scope.length === 0 || f.scope.some((c) => asked.includes(c)) ? 1 : 1 - TUNING.countryScope

/**
 * What trust and lifecycle multiply a listing's relevance by, whatever the query: kept per listing at upsert
 * (doc-table.ts); a listing's prior is this times its scope factor (rank.ts).
 */
export const trustAndLifecycleOf = (f: ListingFacts): number => trustOf(f) * lifecycleOf(f)

/** One named multiplier of a hit's score. */
export interface Factor {
  factor: 'trust' | 'countryScope' | 'retired' | 'unreachable' | 'install' | 'copy' | 'named'
  multiplier: number
  reason: string
}

/** Why a listing scored as it did beside its relevance: each multiplier other than 1, with its reason. */
export function factorsOf(f: ListingFacts, asked: readonly string[]): Factor[] {
  const out: Factor[] = []
  const trust = trustOf(f)
  if (trust !== 1)
    out.push({ factor: 'trust', multiplier: trust, reason: "its proven publisher's own, claim, verified or stars" })
  const scope = scopeFactor(f, asked)
  if (scope !== 1) out.push({ factor: 'countryScope', multiplier: scope, reason: `scoped to ${f.scope.join(', ')}` })
  const t = TUNING.lifecycle
  const l = f.lifecycle
  if (l.retired) out.push({ factor: 'retired', multiplier: t.retired, reason: l.retired })
  if (l.down)
    out.push({ factor: 'unreachable', multiplier: t.down, reason: 'its endpoint failed several checks in a row' })
  if (l.install === 'none') out.push({ factor: 'install', multiplier: t.noInstall, reason: 'no install recipe' })
  if (l.install === 'low')
    out.push({ factor: 'install', multiplier: t.lowInstall, reason: 'an install recipe without evidence' })
  if (f.copy)
    out.push({
      factor: 'copy',
      multiplier: TUNING.copy,
      reason: "a copy hosted by another publisher than its repository's",
    })
  return out
}
