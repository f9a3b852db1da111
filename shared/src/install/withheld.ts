// Remotes whose install is withheld: an install line runs on the user's machine, so a remote whose name was seen
// resolving to a loopback, private, link-local or unique-local address (the prober's `remoteAddresses`) would point
// the user's client at their own machine or network. The catalog keeps no such facts while the operator allows
// private addresses (OUTBOUND_ALLOW_PRIVATE=1), so nothing is withheld then.
import type { Listing } from '../contracts/listing'

/** A remote that gets no install line, and why. */
export interface WithheldRemote {
  url: string
  reason: string
  checkedAt: string
}

/** The listing's remotes seen resolving to a private address at its last probe (one per URL). */
export function withheldRemotes(l: Partial<Pick<Listing, 'remoteAddresses'>>): WithheldRemote[] {
  const seen = Array.isArray(l.remoteAddresses) ? l.remoteAddresses : []
  const out = new Map<string, WithheldRemote>()
  for (const a of seen) {
    if (a?.address !== 'private' || typeof a.url !== 'string' || out.has(a.url)) continue
    out.set(a.url, {
      url: a.url,
      reason: a.reason ?? 'its name resolves to a private address',
      checkedAt: a.checkedAt,
    })
  }
  return [...out.values()]
}

/** Whether `url`, one of the listing's remotes, has its install withheld. */
export const isWithheld = (l: Partial<Pick<Listing, 'remoteAddresses'>>, url: unknown): boolean =>
  typeof url === 'string' &&
  Array.isArray(l.remoteAddresses) &&
  l.remoteAddresses.some((a) => a?.address === 'private' && a.url === url)
