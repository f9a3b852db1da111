// Where a listing's remotes' names point, as the prober last resolved them: a remote seen resolving to a private
// address, or not resolving, is withheld from installs (shared/src/install/withheld.ts) until it is seen public.
import { withheldRemotes } from '@mcp-directory/shared/install'
import { sameJson, type Write } from './write'
import type { ListingFacts } from './rules'

/**
 * What the remotes' names resolved to, kept with the probe's time (a private one that now fails to resolve keeps
 * its last answer). A change of which remotes are withheld changes the install the public sees; a change of time
 * alone does not.
 */
export function observeRemoteAddresses(w: Write, facts: ListingFacts) {
  if (facts.remoteAddresses === undefined) return
  const { row, set, changed } = w
  const checkedAt = w.at.toISOString()
  const before = row.remoteAddresses ?? []
  // A look-up that failed says nothing of where the name points: a remote seen private stays so until seen public.
  const next = facts.remoteAddresses.map(
    (a) =>
      (a.address === 'unresolvable' && before.find((b) => b.url === a.url && b.address === 'private')) || {
        ...a,
        checkedAt,
      },
  )
  if (next.length === 0 && before.length === 0) return
  set.remoteAddresses = next.length ? next : null
  const withheld = (remoteAddresses: typeof before) =>
    withheldRemotes({ remotes: row.remotes, remoteAddresses })
      .map((a) => a.url)
      .sort()
  if (!sameJson(withheld(before), withheld(next)) && !changed.includes('install')) changed.push('install')
}
