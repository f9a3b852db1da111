// Which addresses an outbound fetch may reach (global unicast only), and how names are resolved to them.
import { lookup, Resolver } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'

/** Readable names of the ranges refused; anything that is not global unicast is refused. */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback',
  private: 'a private',
  linkLocal: 'a link-local',
  carrierGradeNat: 'a carrier-grade NAT (CGNAT)',
  unspecified: 'an unspecified',
  multicast: 'a multicast',
  broadcast: 'a broadcast',
  uniqueLocal: 'a unique-local (private)',
  ipv4Mapped: 'an IPv4-mapped',
  reserved: 'a reserved',
}

/** Cloud metadata addresses, refused even when private fetches are allowed for tests. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200'])

/** Why an address must not be fetched, or null when it is a public unicast address. */
export function refusedAddressReason(address: string, allowPrivate = false): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, ''))
  } catch {
    return `${address} is not an IP address`
  }
  const normal =
    ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : ip
  if (METADATA.has(normal.toString())) return `${address} is a cloud metadata address`
  if (allowPrivate) return null
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries, and refused outright either way.
  if (normal !== ip) return `${address} is an IPv4-mapped IPv6 address (${normal.toString()})`
  const range = ip.range()
  // The deprecated IPv4-compatible form (::a.b.c.d, RFC 4291 §2.5.5.1) is no global address either; ::1 and :: share
  // its first 96 bits but are named as what they are.
  if (
    range !== 'loopback' &&
    range !== 'unspecified' &&
    ip.kind() === 'ipv6' &&
    (ip as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)
  )
    return `${address} is an IPv4-compatible IPv6 address`
  if (range !== 'unicast') return `${address} is ${RANGE_NAMES[range] ?? `a reserved (${range})`} address`
  return null
}

/** Resolves a host name to every address it has (A and AAAA). */
export type ResolveAddresses = (host: string) => Promise<string[]>

// What a query answers when the name has no record of its kind: not a failure, an empty answer.
const NO_RECORD = /ENODATA|ENOTFOUND|NXDOMAIN/

/**
 * The system resolver, or the given DNS servers (`ip` or `ip:port`) through node:dns. `strict`: a query of one kind
 * that fails (a timeout, a refusal; not "no such record") fails the whole resolution, as a check that every address
 * of a name is public must see all of them: an A answer alone says nothing of an AAAA record left unanswered.
 */
export function addressResolver(dnsServers: string[] = [], opts: { strict?: boolean } = {}): ResolveAddresses {
  if (dnsServers.length === 0)
    return async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)
  const resolver = new Resolver({ timeout: 2_000, tries: 2 })
  resolver.setServers(dnsServers)
  return async (host) => {
    const answers = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)])
    const failed = answers.find(
      (a): a is PromiseRejectedResult => a.status === 'rejected' && !NO_RECORD.test(String(a.reason?.code ?? a.reason)),
    )
    if (opts.strict && failed)
      throw new Error(`${host}: a query failed (${String(failed.reason?.code ?? failed.reason)})`)
    const all = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []))
    if (all.length === 0) throw new Error(`no A or AAAA record for ${host}`)
    return all
  }
}
