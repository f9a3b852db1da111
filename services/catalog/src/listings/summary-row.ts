import { listings } from '@mcp-directory/shared/db'

/** Columns a search result needs (never the README). */
export interface SummaryRow {
  id: string
  name: string
  title: string | null
  description: string
  category: string
  url: string | null
  is_official: boolean
  is_verified_active: boolean
  upvotes: number
  packages: unknown
  remotes: unknown
  repository_url: string | null
  source: string
  // What an install hint needs (the `client` parameter): the install model's inputs, health and archive marks.
  inferred_install: unknown
  install_evidence: unknown
  repository_run: unknown
  remote_addresses: unknown
  health: string | null
  github_archived: boolean | null
  maintenance_status: string | null
  // What the publisher mark is judged from.
  origin: string
  website_url: string | null
  github_homepage: string | null
  proven_domain: string | null
  proven_repository: string | null
  publisher_lapsed: boolean
  website_by_owner: boolean
  // What a card shows and the orderings read: stars, installs, the last scan, when it was added and checked.
  github_stars: number | null
  installs: number
  risk: unknown
  risk_cleared_hash: string | null
  created_at: Date
  tools_checked_at: Date | null
  health_checked_at: Date | null
  facts_written_at: Date | null
  sandbox: unknown
}

/** The columns of a summary row, as a select list. */
export const SUMMARY_COLUMNS = {
  id: listings.id,
  name: listings.name,
  title: listings.title,
  description: listings.description,
  category: listings.category,
  url: listings.url,
  is_official: listings.isOfficial,
  is_verified_active: listings.isVerifiedActive,
  upvotes: listings.upvotes,
  packages: listings.packages,
  remotes: listings.remotes,
  repository_url: listings.repositoryUrl,
  source: listings.source,
  inferred_install: listings.inferredInstall,
  install_evidence: listings.installEvidence,
  repository_run: listings.repositoryRun,
  remote_addresses: listings.remoteAddresses,
  health: listings.health,
  github_archived: listings.githubArchived,
  maintenance_status: listings.maintenanceStatus,
  origin: listings.origin,
  website_url: listings.websiteUrl,
  github_homepage: listings.githubHomepage,
  proven_domain: listings.provenDomain,
  proven_repository: listings.provenRepository,
  website_by_owner: listings.websiteByOwner,
  publisher_lapsed: listings.publisherLapsed,
  github_stars: listings.githubStars,
  installs: listings.installs,
  risk: listings.risk,
  risk_cleared_hash: listings.riskClearedHash,
  created_at: listings.createdAt,
  tools_checked_at: listings.toolsCheckedAt,
  health_checked_at: listings.healthCheckedAt,
  facts_written_at: listings.factsWrittenAt,
  sandbox: listings.sandbox,
}
