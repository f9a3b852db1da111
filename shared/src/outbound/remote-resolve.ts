// A remote's name resolved where it is written (a publish, an owner's edit): a name whose A or AAAA records point at
// a loopback, private, link-local or unique-local address (`localtest.me`, a name set to 10.0.0.5) would point
// users' clients at their own machine or network as surely as the address itself. Imports and followed upstreams
// are not resolved where they are written (thousands of names): the prober resolves them at each probe
// (`remoteAddressOf`), and the catalog withholds the install of a remote seen resolving to such an address.
import { isIP } from 'node:net'
import { refusedAddressReason, type ResolveAddresses } from './addresses'
import { privateRemoteReason } from './remote-address'
export { privateRemoteReason, privateRemotesReason } from './remote-address'

/** How long one remote's name may take to resolve (A and AAAA together) before the write is refused. */
export const REMOTE_RESOLVE_MS = 5_000

/** How remotes' names are resolved where they are written. */
export interface RemoteResolveOptions {
  /** OUTBOUND_ALLOW_PRIVATE=1: nothing is resolved (tests, local development); only the literal checks apply. */
  allowPrivate: boolean
  /** The resolver of outbound fetches (DNS_SERVERS, or the system's). */
  resolve: ResolveAddresses
  timeoutMs?: number
}

// Answers that say the name has no address at all (NXDOMAIN, no A/AAAA record), as node:dns and Bun name them.
const ABSENT = /ENOTFOUND|ENODATA|NXDOMAIN|ENONAME|no A or AAAA record|not found/i

// The authority of a URL as written (before any parsing), and whether a `{variable}` stands in it: one in the path
// changes nothing of the address.
const authorityOf = (url: string) => /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? ''
const hostTemplated = (url: string) => /\{[^{}]*\}/.test(authorityOf(url))

/** The name a remote's URL connects to, or null for an IP literal or no URL. Template variables stand as `x`. */
function hostName(url: string): { host: string; templated: boolean } | null {
  const templated = hostTemplated(url)
  let host: string
  try {
    host = new URL(url.replace(/\{[^{}]*\}/g, 'x')).hostname.toLowerCase()
  } catch {
    return null
  }
  host = host.replace(/^\[|\]$/g, '').replace(/\.+$/, '')
  if (!host || isIP(host)) return null
  return { host, templated }
}

/** The labels of a templated host as written, and where its fixed part starts (-1: none). */
function templatedLabels(url: string): { host: string; labels: string[]; fixed: number } {
  const host = authorityOf(url).replace(/^.*@/, '').replace(/:\d*$/, '')
  const labels = host.split('.')
  return { host, labels, fixed: labels.findIndex((l) => !/^\{[^{}]*\}$/.test(l)) }
}

/**
 * Why a templated host (`https://{tenant}.example.com/mcp`) is not one a value can only narrow, or null: a
 * `{variable}` may stand only for whole leading labels, under a fixed domain of at least two labels that ends in
 * a name (so no value can make it an IP address, `localhost` or another domain: `127.0.0.{n}`, `{host}`).
 */
function templatedHostReason(url: string): string | null {
  const { host, labels, fixed } = templatedLabels(url)
  const suffix = fixed < 0 ? [] : labels.slice(fixed)
  if (
    fixed <= 0 ||
    suffix.some((l) => /[{}]/.test(l)) ||
    suffix.length < 2 ||
    !/^[a-z]{2,}$/i.test(suffix.at(-1) ?? '')
  )
    return `${host}: a {variable} in a host name may stand only for its leading labels, under a fixed domain`
  return null
}

/** The fixed domain under a templated host's leading `{variable}` labels (`example.com` of `{t}.example.com`). */
function fixedDomain(url: string): string {
  const { labels, fixed } = templatedLabels(url)
  return labels.slice(Math.max(fixed, 0)).filter(Boolean).join('.').toLowerCase()
}

/** Resolves within `ms`; a late answer is dropped. */
async function resolveWithin(resolve: ResolveAddresses, host: string, ms: number): Promise<string[]> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms / 1000)} s`)), ms)
  })
  try {
    return await Promise.race([resolve(host), late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Why `url`, given as a remote for users' clients, points at their own machine or network, or null when it does
 * not. The literal checks first (`privateRemoteReason`); then a host name is resolved (A and AAAA), and every
 * address must be public, as an outbound fetch requires: a name with one public and one private address is
 * refused, since a client may use either. A name that does not resolve at all is refused too (it could be pointed
 * anywhere later, and no install line can use it now), as is one whose resolution fails or takes longer than
 * `timeoutMs`. A host with a `{variable}` is resolved with `x` in its place; only a private answer refuses it.
 */
export async function resolvedRemoteReason(url: string, opts: RemoteResolveOptions): Promise<string | null> {
  const literal = privateRemoteReason(url, opts.allowPrivate)
  if (literal || opts.allowPrivate) return literal
  // A templated host is judged by its shape before anything parses it (a value may make any address of a bad one).
  const shape = hostTemplated(url) ? templatedHostReason(url) : null
  if (shape) return shape
  const name = hostName(url)
  if (!name) return null
  if (name.templated) {
    // Any value lands under the fixed domain: it, and a name under it, must not answer with a private address.
    for (const host of [fixedDomain(url), name.host]) {
      const addresses = await resolveWithin(opts.resolve, host, opts.timeoutMs ?? REMOTE_RESOLVE_MS).catch(() => [])
      for (const a of addresses) {
        const why = refusedAddressReason(a, false)
        if (why) return `${host} resolves to ${why}: users' clients would connect to their own machine or network`
      }
    }
    return null
  }
  let addresses: string[]
  try {
    addresses = await resolveWithin(opts.resolve, name.host, opts.timeoutMs ?? REMOTE_RESOLVE_MS)
  } catch (err) {
    if (name.templated) return null
    const why = err instanceof Error ? err.message : String(err)
    if (ABSENT.test(why))
      return `${name.host} does not resolve (no A or AAAA record): publish it once its name resolves`
    return `${name.host} could not be resolved (${why.slice(0, 200)}): try again once its name resolves`
  }
  if (addresses.length === 0 && !name.templated) return `${name.host} does not resolve (no A or AAAA record)`
  for (const a of addresses) {
    const why = refusedAddressReason(a, false)
    if (why) return `${name.host} resolves to ${why}: users' clients would connect to their own machine or network`
  }
  return null
}

/** The first of `remotes` that `resolvedRemoteReason` refuses, as `remotes[i]: why`, or null. One at a time. */
export async function resolvedRemotesReason(
  remotes: readonly { url?: unknown }[] | undefined,
  opts: RemoteResolveOptions,
): Promise<string | null> {
  for (const [i, r] of (remotes ?? []).entries()) {
    const why = r && typeof r.url === 'string' ? await resolvedRemoteReason(r.url, opts) : null
    if (why) return `remotes[${i}]: ${why}`
  }
  return null
}

/** What a remote's name was seen resolving to: every address public, any private, or no answer at all. */
export type RemoteAddressKind = 'public' | 'private' | 'unresolvable'

/** A remote's address as the prober saw it: its kind, and why when it is not public. */
export interface RemoteAddressFact {
  url: string
  address: RemoteAddressKind
  reason?: string
}

/**
 * What `url`'s host is, for a remote already listed (an import, a followed upstream): `private` when it is (or
 * resolves to, among its A and AAAA answers) a loopback, private, link-local or unique-local address, or a name that
 * means one (the rule of `resolvedRemoteReason`, without its allowance: this is a fact, the caller decides); `public`
 * when every answer is a public address; `unresolvable` when it gave no answer (a failure says nothing about where it
 * points). A templated host is judged by its fixed domain. Null when `url` has no host to judge.
 */
export async function remoteAddressOf(
  url: string,
  opts: Pick<RemoteResolveOptions, 'resolve' | 'timeoutMs'>,
): Promise<RemoteAddressFact | null> {
  const literal = privateRemoteReason(url, false)
  if (literal) return { url, address: 'private', reason: literal }
  const name = hostName(url.replace(/\{[^{}]*\}/g, 'x'))
  if (!name) {
    try {
      return new URL(url).hostname ? { url, address: 'public' } : null
    } catch {
      return null
    }
  }
  // A templated host: its fixed domain and a name under it (as `resolvedRemoteReason` judges one).
  const hosts = hostTemplated(url) ? [fixedDomain(url), name.host] : [name.host]
  const ms = opts.timeoutMs ?? REMOTE_RESOLVE_MS
  let failed: string | null = null
  let resolved = false
  for (const host of hosts) {
    let addresses: string[]
    try {
      addresses = await resolveWithin(opts.resolve, host, ms)
    } catch (err) {
      failed ??= `${host} did not resolve (${(err instanceof Error ? err.message : String(err)).slice(0, 200)})`
      continue
    }
    resolved ||= addresses.length > 0
    for (const a of addresses) {
      const why = refusedAddressReason(a, false)
      if (why)
        return {
          url,
          address: 'private',
          reason: `${host} resolves to ${why}: users' clients would connect to their own machine or network`,
        }
    }
  }
  if (!resolved) return { url, address: 'unresolvable', reason: failed ?? `${name.host} has no A or AAAA record` }
  return { url, address: 'public' }
}
