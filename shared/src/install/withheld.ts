// Remotes whose install is withheld: an install line runs on the user's machine, so a remote whose name was seen
// resolving to a loopback, private, link-local or unique-local address (the prober's `remoteAddresses`) would point
// the user's client at their own machine or network. A name the directory's resolver got no answer for is withheld
// too: a name server can fail for the directory alone and answer 127.0.0.1 to everyone else (split horizon). And once
// a listing has been probed (it has address facts), a remote with no fact of its own (an endpoint added or renamed
// since, or one past what a probe resolves) is withheld until a probe resolves it: the facts are kept by exact URL,
// so a new name would otherwise be installable before anyone looked at it. The catalog keeps no such facts while the
// operator allows private addresses (OUTBOUND_ALLOW_PRIVATE=1), so nothing is withheld then.
import type { Listing } from '../contracts/listing'

/** A remote that gets no install line, and why. */
export interface WithheldRemote {
  url: string
  reason: string
  checkedAt: string
}

type Source = Partial<Pick<Listing, 'remoteAddresses' | 'remotes'>>

const PRIVATE = 'its name resolves to a private address'
const UNRESOLVED = 'its name did not resolve'
const NOT_YET = 'not yet resolved: the endpoint is newer than the last probe, which resolves it'

/** The remotes an install line could be built from (the transports a client config speaks). */
function installableUrls(l: Source): string[] {
  const remotes = Array.isArray(l.remotes) ? l.remotes : []
  return remotes
    .filter((r) => r && typeof r.url === 'string' && (r.type === 'streamable-http' || r.type === 'sse'))
    .map((r) => r.url)
}

/** The listing's remotes withheld from installs (one per URL), each with its reason and the probe that saw it. */
export function withheldRemotes(l: Source): WithheldRemote[] {
  const seen = Array.isArray(l.remoteAddresses) ? l.remoteAddresses.filter((a) => a && typeof a.url === 'string') : []
  // A fact of an endpoint the listing no longer declares names nothing a user could install.
  const current = Array.isArray(l.remotes) ? new Set(l.remotes.map((r) => r?.url)) : null
  const out = new Map<string, WithheldRemote>()
  const facts = new Set<string>()
  for (const a of seen) {
    facts.add(a.url)
    if (out.has(a.url) || (current && !current.has(a.url))) continue
    if (a.address === 'private') out.set(a.url, { url: a.url, reason: a.reason ?? PRIVATE, checkedAt: a.checkedAt })
    else if (a.address === 'unresolvable') {
      const reason = a.reason ? `${UNRESOLVED} (${a.reason})` : UNRESOLVED
      out.set(a.url, { url: a.url, reason, checkedAt: a.checkedAt })
    }
  }
  if (seen.length === 0) return [...out.values()]
  const lastProbe = seen.map((a) => String(a.checkedAt)).sort()[seen.length - 1] as string
  for (const url of installableUrls(l))
    if (!facts.has(url) && !out.has(url)) out.set(url, { url, reason: NOT_YET, checkedAt: lastProbe })
  return [...out.values()]
}

/** Whether `url`, one of the listing's remotes, has its install withheld. */
export const isWithheld = (l: Source, url: unknown): boolean =>
  typeof url === 'string' && withheldRemotes(l).some((w) => w.url === url)
