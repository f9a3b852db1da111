/**
 * Who made a listing, as one fact with its evidence (style §24): the publisher's name, its kind (a domain, a GitHub
 * account, an npm scope, or unknown), each piece of evidence that ties the listing to it with where it came from, and
 * whether the listing is the publisher's own server or a community one for another brand. A mark we show rests on
 * evidence we can name: a namespace the official registry granted after its proof, a publish here with a registry
 * token, a DNS or GitHub claim here, an npm package linking back to the listing's repository. A remote on the proven
 * domain and the repository's account are links, shown as such. A submitter's addresses prove nothing by themselves,
 * and neither does a claim by a website badge (it proves one page, not a publisher).
 */
import type { Listing, Publisher, PublisherEvidence } from '@mcp-directory/shared/contracts'
import { hostStanding } from '@mcp-directory/shared/hosts'
import { judgeEvidence } from '@mcp-directory/shared/install'
import { normalizeAddress } from '@mcp-directory/shared/identity'
import {
  ANONYMOUS_NAMESPACE,
  fromOfficialRegistry,
  hostOf,
  namespaceEvidence,
  namespaceOf,
  onDomain,
  type PublisherSource,
  provenRepositoryOf,
  registryProof,
} from './publisher'
import { isOwnSubject, keyForms, subjectWords } from './publisher-subject'

/** What a listing's publisher is judged from: its name and addresses, its origin, claims and package evidence. */
export interface PublisherInput extends PublisherSource {
  title?: string | null
  description?: string
  origin?: string
  /** Where the entry says it came from (`official-registry` for the official registry's list). */
  source?: string
  isOfficial: boolean
  remotes?: readonly unknown[]
  packages?: readonly unknown[]
  installEvidence?: Listing['installEvidence']
}

/** One identity a listing is tied to, with the evidence for it. */
export interface Identity {
  kind: 'domain' | 'github' | 'npm'
  id: string
  evidence: PublisherEvidence[]
}

/** The identities a listing's namespace gives it (proven by the registry, a publish here, or its addresses). */
function namespaceIdentity(l: PublisherInput): Identity | null {
  const ns = namespaceOf(l.name)
  if (ns.kind === 'none' || ns.namespace.toLowerCase() === ANONYMOUS_NAMESPACE) return null
  const identity: Identity =
    ns.kind === 'github'
      ? { kind: 'github', id: ns.owner, evidence: [] }
      : { kind: 'domain', id: ns.domain, evidence: [] }
  const proof = registryProof(ns)
  const published = l.origin === `publisher:${ns.namespace.toLowerCase()}`
  // Published on an organisation role that ended since: nothing of the namespace stands on that publish any more.
  if (published && l.publisherLapsed) return null
  if (published)
    identity.evidence.push({
      kind: 'published-here',
      source: 'directory',
      proves: true,
      detail: `published here under ${ns.namespace} with a registry token issued after ${proof}`,
    })
  else if (fromOfficialRegistry(l))
    identity.evidence.push({
      kind: 'registry-namespace',
      source: 'official-registry',
      proves: true,
      detail: `namespace ${ns.namespace}, granted by the official MCP registry after ${proof}`,
    })
  // Another registry's entry (or a claimed submission) proves its namespace by its addresses, as publisherVerified does.
  if (!identity.evidence.length && l.origin !== 'demo' && (l.origin !== 'submission' || l.isOfficial)) {
    const found =
      l.origin === 'submission' ? null : namespaceEvidence(l.websiteByOwner ? { ...l, websiteUrl: null } : l)
    if (found)
      identity.evidence.push({
        kind: ns.kind === 'github' ? 'repository' : 'website',
        source: 'entry',
        proves: true,
        detail: found,
      })
  }
  return identity.evidence.length ? identity : null
}

/** The identities claims here proved: a DNS claim's domain, a GitHub claim's repository account. */
function claimIdentities(l: PublisherInput): Identity[] {
  const out: Identity[] = []
  if (l.provenDomain)
    out.push({
      kind: 'domain',
      id: l.provenDomain.toLowerCase(),
      evidence: [
        { kind: 'dns-claim', source: 'directory', proves: true, detail: `a DNS claim here proved ${l.provenDomain}` },
      ],
    })
  const repo = provenRepositoryOf(l.repositoryUrl, l.provenRepository)
  if (repo)
    out.push({
      kind: 'github',
      id: repo.path.split('/')[0]!.toLowerCase(),
      evidence: [
        {
          kind: 'github-claim',
          source: 'directory',
          proves: true,
          detail: `a GitHub claim here proved the repository github.com/${repo.path}`,
        },
      ],
    })
  return out
}

/** npm scopes of the listing's packages, proven when the package's registry entry links back to the listing. */
function packageIdentities(l: PublisherInput): Identity[] {
  if (l.origin === 'submission' || l.origin === 'demo') return []
  const out: Identity[] = []
  for (const p of l.packages ?? []) {
    const { registryType, identifier } = (p ?? {}) as { registryType?: unknown; identifier?: unknown }
    if (registryType !== 'npm' || typeof identifier !== 'string' || !/^@[a-z0-9][\w.-]*\//i.test(identifier)) continue
    const scope = identifier.slice(0, identifier.indexOf('/')).toLowerCase()
    const read = (l.installEvidence ?? []).find((e) => e?.registryType === 'npm' && e.identifier === identifier)
    const judged = read ? judgeEvidence(read, { name: l.name, repositoryUrl: l.repositoryUrl, url: null }) : null
    const linked = judged?.evidence.linkedBy ?? null
    out.push({
      kind: 'npm',
      id: scope,
      evidence: [
        linked
          ? {
              kind: 'package-link',
              source: 'npm',
              proves: true,
              detail: `the npm package ${identifier} ${linked === 'repository' ? `links back to ${judged?.evidence.link}` : `names ${l.name}`}`,
            }
          : {
              kind: 'package',
              source: 'entry',
              proves: false,
              detail: `the entry installs the npm package ${identifier}`,
            },
      ],
    })
  }
  return out
}

/** The repository's GitHub account, as the entry gives it (a submission's only once a claim proved it). */
function repositoryIdentity(l: PublisherInput): Identity | null {
  if (l.origin === 'submission' || l.origin === 'demo' || !l.repositoryUrl) return null
  const repo = normalizeAddress(l.repositoryUrl)
  if (repo?.host !== 'github.com' || !repo.repository) return null
  return {
    kind: 'github',
    id: repo.path.split('/')[0]!.toLowerCase(),
    evidence: [{ kind: 'repository', source: 'entry', proves: false, detail: `repository github.com/${repo.path}` }],
  }
}

/** A remote on a proven domain ties the hosted server to it. */
function remoteEvidence(l: PublisherInput, domain: string): PublisherEvidence[] {
  const out: PublisherEvidence[] = []
  for (const r of l.remotes ?? []) {
    const host = hostOf((r as { url?: unknown } | null)?.url)
    if (host && onDomain(host, domain) && !hostStanding(host).sharedReason && !out.some((e) => e.detail.includes(host)))
      out.push({ kind: 'remote-host', source: 'entry', proves: false, detail: `its remote ${host} is on ${domain}` })
  }
  return out
}

/** The label people know a publisher by: a domain's registrable label, an account, an npm scope without its `@`. */
export function publisherLabel(kind: Identity['kind'], id: string): string {
  if (kind === 'npm') return id.replace(/^@/, '')
  if (kind === 'github') return id
  const registrable = hostStanding(id).registrableDomain ?? id
  return registrable.split('.')[0]!
}

/** The label as the listing writes it (`GitLab`, `Notion`), else with a capital first letter for a domain. */
function displayName(kind: Identity['kind'], id: string, l: PublisherInput): string {
  const label = publisherLabel(kind, id)
  const seen = `${l.title ?? ''} ${l.description ?? ''}`.match(
    new RegExp(`\\b${label.replace(/[^a-z0-9-]/g, '')}\\b`, 'i'),
  )
  if (seen) return seen[0]
  return kind === 'domain' ? label.charAt(0).toUpperCase() + label.slice(1) : label
}

/** Every identity a listing is tied to, strongest first (a proof before a link; a namespace before the rest). */
export function identitiesOf(l: PublisherInput): Identity[] {
  const all = [namespaceIdentity(l), ...claimIdentities(l), ...packageIdentities(l), repositoryIdentity(l)].filter(
    (x): x is Identity => x !== null,
  )
  // One identity once, its evidence merged.
  const merged: Identity[] = []
  for (const i of all) {
    const held = merged.find((m) => m.kind === i.kind && m.id === i.id)
    // A kind of evidence once per identity (the namespace's proof by its repository, then the repository again).
    if (held) held.evidence.push(...i.evidence.filter((e) => !held.evidence.some((h) => h.kind === e.kind)))
    else merged.push({ ...i, evidence: [...i.evidence] })
  }
  const proves = (i: Identity) => i.evidence.some((e) => e.proves)
  return [...merged.filter(proves), ...merged.filter((i) => !proves(i))]
}

// How a card names the strongest evidence of its publisher, in a few words.
const VERIFIED_BY: Record<PublisherEvidence['kind'], string> = {
  'registry-namespace': 'verified by the official MCP registry',
  'published-here': 'verified by its registry token',
  'dns-claim': 'verified by a DNS claim here',
  'github-claim': 'verified by a GitHub claim here',
  website: 'verified by its website',
  repository: 'verified by its repository',
  'package-link': 'verified by its npm package',
  package: 'not verified',
  'remote-host': 'not verified',
}

/** A listing's publisher: who made it, on what evidence, and whether it is that publisher's own server. */
export function publisherModelOf(l: PublisherInput): Publisher & { evidence: PublisherEvidence[] } {
  const identities = identitiesOf(l)
  const main = identities[0]
  if (!main)
    return {
      name: 'unknown',
      kind: 'unknown',
      id: null,
      verified: false,
      relation: 'unknown',
      label: 'publisher unknown',
      evidence: [],
    }
  const domain = identities.find((i) => i.kind === 'domain' && i.evidence.some((e) => e.proves))
  const evidence = [...identities.flatMap((i) => i.evidence), ...(domain ? remoteEvidence(l, domain.id) : [])]
  const verified = main.evidence.some((e) => e.proves)
  const own = isOwnSubject(subjectWords(l.name, l.title ?? null), publisherKeysOf(identities))
  const name = displayName(main.kind, main.id, l)
  const strongest = main.evidence.find((e) => e.proves) ?? main.evidence[0]!
  const where = main.kind === 'github' ? `github.com/${main.id}` : main.id
  return {
    name,
    kind: main.kind,
    id: main.id,
    verified,
    relation: own ? 'own' : 'community',
    label: own
      ? `by ${name} · ${where} (${strongest.proves ? VERIFIED_BY[strongest.kind] : 'not verified'})`
      : `by ${name} · community${verified ? '' : ' (not verified)'}`,
    evidence,
  }
}

/** The keys a query may name the listing's publisher by (every identity it is tied to). */
export const publisherKeysOf = (identities: Identity[]): string[] => [
  ...new Set(identities.flatMap((i) => keyForms(publisherLabel(i.kind, i.id)))),
]
