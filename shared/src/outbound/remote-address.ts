// Addresses a listing gives its users to connect to (its remotes). An install line is run on the user's machine, so
// a remote on a loopback, private, link-local or unique-local address (or a name that means one) would point the
// user's client at their own machine or network: such a remote is refused where it is written.
import { isIP } from 'node:net'
import { refusedAddressReason } from './addresses'

// Names that mean the user's own machine or network wherever they are resolved: localhost (RFC 6761), mDNS `.local`
// (RFC 6762), `.home.arpa` (RFC 8375), `.internal` (reserved for private use) and the common `localdomain`.
const LOCAL_NAME = /(?:^|\.)(?:localhost|localdomain|local|internal|home\.arpa)$/

/**
 * Why `url`, given as a remote for users' clients, points at a user's own machine or network, or null when it does
 * not (or is no URL: other checks refuse that). An IP literal (any spelling the URL parser reads: `[::1]`, `127.1`,
 * `0x7f.1`, `[::ffff:127.0.0.1]`) is judged as outbound fetches judge it (`refusedAddressReason`: global unicast
 * only); a host name by the special-use names above, without resolving it. `allowPrivate` (OUTBOUND_ALLOW_PRIVATE=1,
 * tests and local development) allows them all but cloud metadata addresses.
 */
export function privateRemoteReason(url: string, allowPrivate: boolean): string | null {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return null
  }
  host = host.replace(/^\[|\]$/g, '').replace(/\.+$/, '')
  if (!host) return null
  if (isIP(host)) {
    const why = refusedAddressReason(host, allowPrivate)
    return why ? `${why}: users' clients would connect to their own machine or network` : null
  }
  if (!allowPrivate && LOCAL_NAME.test(host))
    return `${host} names the user's own machine or local network, not a server on the internet`
  return null
}

/** The first of `remotes` that `privateRemoteReason` refuses, as `remotes[i]: why`, or null. */
export function privateRemotesReason(remotes: readonly { url?: unknown }[], allowPrivate: boolean): string | null {
  for (const [i, r] of remotes.entries()) {
    const why = typeof r.url === 'string' ? privateRemoteReason(r.url, allowPrivate) : null
    if (why) return `remotes[${i}]: ${why}`
  }
  return null
}
