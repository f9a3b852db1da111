/**
 * Multi-tenant hosts: sites where many people publish under one domain (code hosts, package registries, hosting
 * and publishing platforms, other directories). A page or DNS name there is not one listing owner's, so it never
 * proves ownership. Host names are judged by their registrable domain from the Public Suffix List (`tldts`).
 *
 * Names under a private PSL entry (user.github.io, x.vercel.app, x.netlify.app, x.pages.dev) have a registrable
 * domain of their own: the PSL records that each such name belongs to one tenant, so its pages may carry a proof.
 * Their DNS zone is the platform's, though, so they are never offered or accepted as DNS names.
 */
import { parse } from 'tldts'

/**
 * Registrable domains (ICANN section of the PSL) that are shared by many publishers; a host is shared when its
 * ICANN registrable domain is one of these (so gist.github.com, docs.github.com and raw.githubusercontent.com all are).
 */
export const SHARED_HOST_DOMAINS: readonly string[] = [
  // Code hosts and their content domains.
  'github.com',
  'githubusercontent.com',
  'github.dev',
  'ghcr.io',
  'gitlab.com',
  'bitbucket.org',
  'codeberg.org',
  'gitee.com',
  'sourceforge.net',
  'sr.ht',
  // Package registries and CDNs that serve their packages.
  'npmjs.com',
  'npmjs.org',
  'yarnpkg.com',
  'pypi.org',
  'pythonhosted.org',
  'crates.io',
  'rubygems.org',
  'nuget.org',
  'go.dev',
  'golang.org',
  'docker.com',
  'docker.io',
  'quay.io',
  'jsdelivr.net',
  'unpkg.com',
  // Model hubs, MCP registries and directories.
  'huggingface.co',
  'smithery.ai',
  'glama.ai',
  'mcp.so',
  'pulsemcp.com',
  'mcpservers.org',
  'modelcontextprotocol.io',
  // Publishing platforms whose pages live under the platform's own names (sites.google.com, notion.so/…).
  'google.com',
  'notion.so',
  'medium.com',
  'dev.to',
  'replit.com',
  'glitch.com',
  'codesandbox.io',
  'stackblitz.com',
  // Social sites.
  'x.com',
  'twitter.com',
  'reddit.com',
  'youtube.com',
  'linkedin.com',
  'facebook.com',
  'discord.com',
  'discord.gg',
]

const SHARED = new Set(SHARED_HOST_DOMAINS)

/** A host name as compared everywhere: lower case, without brackets or trailing dots (`GitHub.com.` is github.com). */
export function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
}

/** How a host name stands for ownership proofs. */
export interface HostStanding {
  host: string
  /** An IP address: no registrable domain, no DNS name of its own. */
  isIp: boolean
  /** The registrable domain, private PSL entries included (user.github.io), or null for a bare public suffix. */
  registrableDomain: string | null
  /** Why no proof on this host counts at all (a shared host, a bare public suffix), or null. */
  sharedReason: string | null
  /** Why this host's DNS cannot carry a proof (beyond sharedReason), or null. */
  dnsReason: string | null
}

/**
 * Judges a host name. `extraShared` adds registrable domains that are shared for the caller (the directory's own
 * domain, whose pages echo listings).
 */
export function hostStanding(rawHost: string, extraShared: readonly string[] = []): HostStanding {
  const host = normalizeHost(rawHost)
  const withPrivate = parse(host, { allowPrivateDomains: true })
  if (withPrivate.isIp) {
    return {
      host,
      isIp: true,
      registrableDomain: null,
      sharedReason: null,
      dnsReason: `${host} is an IP address, which has no DNS name`,
    }
  }
  const icann = parse(host, { allowPrivateDomains: false })
  const icannDomain = icann.domain
  const shared = icannDomain && (SHARED.has(icannDomain) || extraShared.includes(icannDomain)) ? icannDomain : null
  let sharedReason: string | null = null
  if (shared) {
    sharedReason =
      `${host} is a shared host: ${shared} is a multi-tenant code, package or hosting site, ` +
      'whose pages and DNS no single listing owner controls'
  } else if (!withPrivate.domain)
    sharedReason = `${host} is a public suffix (${withPrivate.publicSuffix ?? host}), not a site of one owner`
  let dnsReason: string | null = null
  if (!sharedReason && withPrivate.isPrivate) {
    dnsReason = `${host} is a name under ${withPrivate.publicSuffix}, whose DNS the hosting platform runs, not the site's owner`
  }
  return { host, isIp: false, registrableDomain: withPrivate.domain, sharedReason, dnsReason }
}

/** The registrable domains of a base URL's host (for `extraShared`), or [] when it has none (an IP, localhost). */
export function registrableDomainsOf(url: string): string[] {
  try {
    const d = parse(normalizeHost(new URL(url).hostname), { allowPrivateDomains: false }).domain
    return d ? [d] : []
  } catch {
    return []
  }
}
