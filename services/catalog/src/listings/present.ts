import {
  archivedReason,
  type Listing,
  type RiskAssessment,
  type SearchHit,
  type ServerDetail,
  type InstallModel,
} from '@mcp-directory/shared/contracts'
import {
  buildClientConfigs,
  deriveInstallModel,
  installName,
  installSettings,
  withheldRemotes,
} from '@mcp-directory/shared/install'
import { readinessOfListing } from '@mcp-directory/shared/readiness'
import type { SummaryRow } from './summary-row'
import { DEMO_ORIGIN } from './origin'
import { transportsOf } from './install-hint'
import { publisherOf } from './publisher'
import { type PublisherInput, publisherModelOf } from './publisher-identity'

export { type InstallBasis, installBasisOf, installHintFor, installHintOf } from './install-hint'

/** Public addresses of a listing, absolute from PUBLIC_BASE_URL. */
export function listingUrls(baseUrl: string, id: string) {
  const enc = encodeURIComponent(id)
  return { detailUrl: `${baseUrl}/servers/${enc}`, markdownUrl: `${baseUrl}/api/v1/mcp/${enc}/markdown` }
}

/**
 * How long anyone may keep a search answer or a detail: the gateway's micro-cache keeps them this long at most and
 * drops them at once when a listing event says a listing changed.
 */
export const PUBLIC_READ_CACHE = { 'cache-control': 'public, max-age=10' }

/** What a search row says of its publisher. */
export const publisherInputOf = (r: SummaryRow): PublisherInput => ({
  name: r.name,
  title: r.title,
  description: r.description,
  repositoryUrl: r.repository_url,
  websiteUrl: r.website_url,
  githubHomepage: r.github_homepage,
  provenDomain: r.proven_domain,
  provenRepository: r.proven_repository,
  websiteByOwner: r.website_by_owner,
  publisherLapsed: r.publisher_lapsed,
  origin: r.origin,
  source: r.source,
  isOfficial: r.is_official,
  remotes: Array.isArray(r.remotes) ? r.remotes : [],
  packages: Array.isArray(r.packages) ? r.packages : [],
  installEvidence: r.install_evidence as Listing['installEvidence'],
})

const withoutEvidence = ({ evidence: _evidence, ...rest }: ReturnType<typeof publisherModelOf>) => rest

/** Shapes a search row as the listing summary of §2.1. */
export function summaryOf(r: SummaryRow, baseUrl: string, alsoListedAs: string[] = []): SearchHit {
  const shape = {
    name: r.name,
    packages: r.packages as Listing['packages'],
    remotes: r.remotes as Listing['remotes'],
    repositoryUrl: r.repository_url,
    url: r.url,
    source: r.source,
  }
  const publisher = publisherInputOf(r)
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    category: r.category,
    url: r.url ?? '',
    isOfficial: r.is_official,
    isVerifiedActive: r.is_verified_active,
    ...publisherOf(publisher),
    // Without its evidence, which the detail carries: a hit stays small (its label names the strongest).
    publisher: withoutEvidence(publisherModelOf(publisher)),
    upvotes: r.upvotes,
    ...(r.origin === DEMO_ORIGIN ? { demo: true as const } : {}),
    installName: installName(shape),
    ...listingUrls(baseUrl, r.id),
    alsoListedAs,
    ...cardFactsOf(r),
  }
}

/** When a search row's live facts were last checked (tools listed, endpoint probed, sandbox start, facts written). */
export function checkedAtOf(r: SummaryRow): Date | null {
  const sandbox = (r.sandbox as { checkedAt?: unknown } | null)?.checkedAt
  const times = [r.tools_checked_at, r.health_checked_at, r.facts_written_at]
    .map((d) => d?.getTime() ?? Number.NaN)
    .concat(typeof sandbox === 'string' ? Date.parse(sandbox) : Number.NaN)
    .filter(Number.isFinite)
  return times.length ? new Date(Math.max(...times)) : null
}

/** What a card shows beside the summary of §2.1 (additive): title, the last scan's level, stars, installs, dates. */
function cardFactsOf(r: SummaryRow) {
  const risk = r.risk as Pick<RiskAssessment, 'level' | 'toolsHash'> | null
  return {
    title: r.title,
    risk: risk?.level ?? null,
    // As the detail says it: an operator cleared the scan of exactly this tool list.
    riskCleared: Boolean(risk?.toolsHash && r.risk_cleared_hash === risk.toolsHash),
    stars: r.github_stars,
    installs: r.installs,
    addedAt: r.created_at.toISOString(),
    checkedAt: checkedAtOf(r)?.toISOString() ?? null,
  }
}

/** A 0–100 score of how complete and trustworthy a listing is (documented in the README). */
export function qualityScore(l: Listing, model: InstallModel | null): number {
  let s = 0
  if (l.description.trim().length >= 40) s += 15
  if (l.repositoryUrl || l.url) s += 10
  if (model) s += model.confidence === 'high' ? 25 : 5
  if (l.readme) s += 10
  if (l.tools.length > 0) s += 10
  if (l.isVerifiedActive) s += 15
  if (l.isOfficial) s += 10
  if (l.title) s += 5
  return Math.min(100, s)
}

/** The detail's `install`: the recipe behind `configs`, with how sure we are of it. */
function installOf(model: InstallModel | null): ServerDetail['install'] {
  if (!model) return null
  if (model.kind === 'remote')
    return {
      kind: 'remote',
      confidence: model.confidence,
      url: model.url,
      transport: model.transport,
      environmentVariables: [],
      headers: model.headers,
      settings: installSettings(model),
      basis: model.basis,
    }
  return {
    kind: 'local',
    confidence: model.confidence,
    command: model.command,
    args: model.args,
    registryType: model.registryType,
    identifier: model.identifier,
    environmentVariables: model.env,
    settings: installSettings(model),
    basis: model.basis,
    ...(model.note ? { note: model.note } : {}),
    evidence: model.evidence ?? null,
  }
}

/** The detail's `risk`: the last scan, cleared only for the tool list an operator cleared. */
function riskOf(l: Listing): ServerDetail['risk'] {
  if (!l.risk) return null
  const cleared = l.riskClearedHash === l.risk.toolsHash
  return { ...l.risk, cleared, clearedAt: cleared ? (l.riskClearedAt?.toISOString() ?? null) : null }
}

/** What the prober and the sandbox saw of its tools and skills, and what that makes of its readiness. */
const observedOf = (l: Listing) => ({
  readiness: readinessOfListing(l),
  toolsChanges: l.toolsChanges ?? [],
  toolsDefect: l.toolsDefect ?? null,
  skills: l.skills ?? [],
  skillsChanges: l.skillsChanges ?? [],
})

/** Shapes a listing as the detail `server` object of §2.2. */
export function detailOf(
  l: Listing,
  baseUrl: string,
  alsoListedAs: string[] = [],
  name: string = installName(l),
): ServerDetail {
  const model = deriveInstallModel(l)
  const transports = transportsOf(l.packages, l.remotes)
  return {
    id: l.id,
    name: l.name,
    description: l.description,
    category: l.category,
    url: l.url ?? '',
    isOfficial: l.isOfficial,
    isVerifiedActive: l.isVerifiedActive,
    ...publisherOf(l),
    publisher: publisherModelOf(l),
    origin: l.origin,
    categorySource: l.categorySource ?? 'given',
    upvotes: l.upvotes,
    installName: name,
    ...listingUrls(baseUrl, l.id),
    alsoListedAs,
    title: l.title,
    version: l.version,
    repositoryUrl: l.repositoryUrl,
    websiteUrl: l.websiteUrl,
    tags: l.tags,
    transports,
    qualityScore: qualityScore(l, model),
    popularity: { upvotes: l.upvotes, views: l.views, installs: l.installs, githubStars: l.githubStars },
    health: l.health,
    archived: archivedReason(l),
    tools: l.tools,
    packages: l.packages,
    remotes: l.remotes,
    install: installOf(model),
    configs: model ? buildClientConfigs(model, name) : null,
    installWithheld: withheldRemotes(l),
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
    license: l.license ?? null,
    authType: l.authType ?? null,
    pricingModel: l.pricingModel ?? null,
    maintenanceStatus: l.maintenanceStatus ?? null,
    compatibleClients: l.compatibleClients ?? [],
    supportUrl: l.supportUrl ?? null,
    readme: l.readme ?? null,
    risk: riskOf(l),
    ...observedOf(l),
    checks: {
      healthCheckedAt: l.healthCheckedAt?.toISOString() ?? null,
      factsWrittenAt: l.factsWrittenAt?.toISOString() ?? null,
      factsWriteFailedAt: l.factsWriteFailedAt?.toISOString() ?? null,
      toolsSource: l.toolsSource ?? null,
      toolsCheckedAt: l.toolsCheckedAt?.toISOString() ?? null,
      githubArchived: l.githubArchived ?? null,
      githubPushedAt: l.githubPushedAt?.toISOString() ?? null,
      seenRunning: l.seenRunning ?? l.isVerifiedActive,
      remoteAuth: l.remoteAuth ?? null,
      protocol: l.mcpProtocol ? { checkedAt: l.updatedAt.toISOString(), ...l.mcpProtocol } : null,
      sandbox: l.sandbox ?? null,
    },
  }
}
