/**
 * Namespaces as the official MCP registry rules them: a name `io.github.<owner>/…` (or `com.github.<owner>/…`)
 * belongs to that GitHub owner, a reverse-DNS name `tld.domain/…` to whoever controls that domain. A listing's
 * publisher is verified (`publisherVerified`) when its namespace is proven by evidence we can name: a repository on
 * github.com/<owner>, or a website or repository homepage on the domain. A submitter may write any name and any
 * address, so a submitted listing's namespace counts only as far as a claim of it proved (`claimedEvidence`); demo
 * data proves nothing.
 */
import { hostStanding } from '@mcp-directory/shared/hosts'
import { normalizeAddress } from '@mcp-directory/shared/identity'

/** What a name's namespace claims. */
export type Namespace =
  | { kind: 'github'; namespace: string; owner: string }
  | { kind: 'domain'; namespace: string; domain: string }
  | { kind: 'none' }

// A reverse-DNS namespace: two or more labels, letters, digits and hyphens (the registry's own pattern).
const REVERSE_DNS = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i

/** The namespace a name claims (the part before its `/`), or `none` for a short name. */
export function namespaceOf(name: string): Namespace {
  const slash = name.indexOf('/')
  if (slash <= 0) return { kind: 'none' }
  const namespace = name.slice(0, slash)
  if (!REVERSE_DNS.test(namespace)) return { kind: 'none' }
  const labels = namespace.toLowerCase().split('.')
  if ((labels[0] === 'io' || labels[0] === 'com') && labels[1] === 'github' && labels.length === 3)
    return { kind: 'github', namespace, owner: labels[2] }
  return { kind: 'domain', namespace, domain: labels.reverse().join('.') }
}

/** The addresses a namespace may be proven by. */
export interface PublisherSource {
  name: string
  repositoryUrl: string | null
  websiteUrl: string | null
  /** The repository's homepage as GitHub gives it (a fact the prober read). */
  githubHomepage?: string | null
  /** The domain a DNS claim of this listing proved. */
  provenDomain?: string | null
  /** The GitHub repository (`owner/repo`, lower case) a GitHub claim of this listing proved. */
  provenRepository?: string | null
  /** The website is its owner's word (an owner's edit), not its origin's. */
  websiteByOwner?: boolean | null
  /** Published on a GitHub organisation role that has since ended: the publish proves the namespace no more. */
  publisherLapsed?: boolean | null
}

/** The host of an address, or null. */
export const hostOf = (address: unknown) =>
  typeof address === 'string' ? (normalizeAddress(address)?.host ?? null) : null
/** True when `host` is `domain` or a name below it. */
export const onDomain = (host: string | null, domain: string) =>
  host !== null && (host === domain || host.endsWith(`.${domain}`))

/**
 * Whether a site or DNS name on `host` proves the namespace of `domain`: the host lies on the domain, and the domain
 * lies within the host's registrable domain (Public Suffix List, private entries included). A tenant's site
 * (mallory.vercel.app, mallory.github.io) is that tenant's alone and proves nothing of its platform (vercel.app,
 * github.io); no site proves a public suffix (co.uk).
 */
const provesDomain = (host: string | null, domain: string) => {
  if (host === null || !onDomain(host, domain)) return false
  const registrable = hostStanding(host).registrableDomain
  return registrable !== null && onDomain(domain, registrable)
}

/**
 * Whether a DNS claim of `proven` proves the namespace of `domain`: as the official registry grants a DNS proof, the
 * domain's own namespace and those below it (`example.com` proves `com.example` and `com.example.docs`), never the
 * one above (whoever runs `tenant.example.com`'s DNS, a customer's delegated zone, is not `example.com`), nor a
 * public suffix.
 */
const dnsProves = (proven: string | null | undefined, domain: string) =>
  !!proven && onDomain(domain, proven) && hostStanding(proven).registrableDomain !== null

/** The evidence that proves the name's namespace from the listing's addresses, or null when nothing does. */
export function namespaceEvidence(l: PublisherSource): string | null {
  const ns = namespaceOf(l.name)
  if (ns.kind === 'none') return null
  if (ns.kind === 'github') {
    const repo = l.repositoryUrl ? normalizeAddress(l.repositoryUrl) : null
    if (repo?.host === 'github.com' && repo.repository && repo.path.split('/')[0] === ns.owner)
      return `namespace ${ns.namespace}: repository github.com/${repo.path}`
    return null
  }
  if (dnsProves(l.provenDomain, ns.domain)) return `namespace ${ns.namespace}: DNS claim of ${l.provenDomain}`
  for (const [what, address] of [
    ['website', l.websiteUrl],
    ['repository homepage', l.githubHomepage],
  ] as const) {
    const host = hostOf(address)
    if (provesDomain(host, ns.domain)) return `namespace ${ns.namespace}: ${what} on ${host}`
  }
  return null
}

/** `repositoryUrl` read as an address when it is a GitHub repository and the very one a GitHub claim proved. */
export function provenRepositoryOf(repositoryUrl: string | null, proven: string | null | undefined) {
  const repo = proven && repositoryUrl ? normalizeAddress(repositoryUrl) : null
  return repo?.host === 'github.com' && repo.repository && repo.path.toLowerCase() === proven ? repo : null
}

/**
 * What proves a submitted listing's namespace: only what one of its claims proved. A submitter writes every address
 * of a listing, and a claim's badge on one web page proves that page, not the page's domain (a page of a shared site,
 * `www.uni.edu/~mallory/`) nor a repository the listing merely names. So a GitHub namespace needs a GitHub claim of
 * the listing's repository, a reverse-DNS one a DNS claim of the domain (as the official registry asks a DNS or
 * domain-root proof of a publisher).
 */
function claimedEvidence(l: PublisherSource): string | null {
  const ns = namespaceOf(l.name)
  if (ns.kind === 'github') {
    const repo = provenRepositoryOf(l.repositoryUrl, l.provenRepository)
    if (repo && repo.path.split('/')[0] === ns.owner)
      return `namespace ${ns.namespace}: repository github.com/${repo.path}, proven by a GitHub claim`
    return null
  }
  if (ns.kind === 'domain' && dnsProves(l.provenDomain, ns.domain))
    return `namespace ${ns.namespace}: DNS claim of ${l.provenDomain}`
  return null
}

/**
 * The namespace an anonymous registry token grants (`POST /v0.1/auth/none`, only with PUBLISH_AUTH_NONE=1): shared
 * by every caller and proven by nothing, so publishing there earns no mark and no owner's rights.
 */
export const ANONYMOUS_NAMESPACE = 'io.modelcontextprotocol.anonymous'

/** The official MCP registry's read API: an upstream at this base serves what that registry granted. */
export const OFFICIAL_REGISTRY_BASE = 'https://registry.modelcontextprotocol.io'

/** True when the entry was served by the official MCP registry: its list imported, or it followed as the upstream. */
export const fromOfficialRegistry = (l: { origin?: string; source?: string }) =>
  l.origin === `registry:${OFFICIAL_REGISTRY_BASE}` ||
  // An entry's `source` is the word of whoever wrote the document: it counts in the operator's own file imports
  // (the official registry's list, as ../shared/data gives it; a row read before origins were recorded was one),
  // never in what a followed upstream says of itself.
  ((l.origin === 'import' || l.origin === undefined) && l.source === 'official-registry')

/** The proof the official registry asks before it grants a namespace. */
export const registryProof = (ns: Exclude<Namespace, { kind: 'none' }>) =>
  ns.kind === 'github' ? `a GitHub login as ${ns.owner}` : `a DNS or HTTP proof of ${ns.domain}`

/** A listing's publisher mark: whether its namespace is proven, and by what. */
export function publisherOf(l: PublisherSource & { origin?: string; source?: string; isOfficial: boolean }): {
  publisherVerified: boolean
  publisherEvidence: string | null
} {
  // Published here with a registry token for the namespace (a DNS, HTTP or GitHub proof): the token is the evidence.
  const ns = namespaceOf(l.name)
  const proven = ns.kind !== 'none' && ns.namespace.toLowerCase() !== ANONYMOUS_NAMESPACE
  if (proven && l.origin === `publisher:${ns.namespace.toLowerCase()}`)
    return l.publisherLapsed
      ? { publisherVerified: false, publisherEvidence: null }
      : {
          publisherVerified: true,
          publisherEvidence: `namespace ${ns.namespace}: published here with a registry token proving it`,
        }
  // The official registry grants a namespace only after its proof (DNS or HTTP for a domain, GitHub for an account).
  if (proven && fromOfficialRegistry(l))
    return {
      publisherVerified: true,
      publisherEvidence: `namespace ${ns.namespace}: granted by the official MCP registry after ${registryProof(ns)}`,
    }
  // Imported and synced listings come from a registry the operator chose, which checked their namespaces; a
  // submission's addresses are its submitter's word, and so is a website its owner wrote over the origin's.
  const evidence =
    l.origin === 'submission'
      ? claimedEvidence(l)
      : namespaceEvidence(l.websiteByOwner ? { ...l, websiteUrl: null } : l)
  const counts = l.origin !== 'demo' && (l.origin !== 'submission' || l.isOfficial)
  return counts && evidence
    ? { publisherVerified: true, publisherEvidence: evidence }
    : { publisherVerified: false, publisherEvidence: null }
}
