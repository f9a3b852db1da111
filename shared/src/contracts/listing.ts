/** Domain types of a listing, shared by every service that reads or writes one. */

/** An environment variable a package needs (from the registry's `environmentVariables[]`). */
export interface EnvVarSpec {
  name: string
  description?: string
  isRequired?: boolean
  isSecret?: boolean
}

/** One installable package of a server (registry `packages[]`). */
export interface PackageSpec {
  registryType: string // npm | pypi | oci | nuget | mcpb | …
  identifier: string
  version?: string
  transport?: { type: string; url?: string }
  runtimeHint?: string
  environmentVariables: EnvVarSpec[]
}

/** A header a remote endpoint expects (registry `remotes[].headers[]`). */
export interface HeaderSpec {
  name: string
  description?: string
  isRequired?: boolean
  isSecret?: boolean
  value?: string
}

/** A hosted endpoint of a server (registry `remotes[]`). */
export interface RemoteSpec {
  type: string // streamable-http | sse
  url: string
  headers: HeaderSpec[]
}

/** A tool the server exposes, as last seen by a live check. */
export interface ToolInfo {
  name: string
  description?: string
  parameters?: string[]
}

/**
 * An install found by the prober for a listing whose registry entry declares none: a package its README
 * names. `high` when the README's own client config runs it, `low` when only mentioned (a guess).
 */
export interface InferredInstall {
  registryType: 'npm' | 'pypi' | 'oci'
  identifier: string
  confidence: InstallConfidence
  /** readme-config: an `mcpServers` entry in the README; readme-mention: an install command in it. */
  basis: 'readme-config' | 'readme-mention'
}

/** Listing lifecycle; `active` is the publicly listed state. */
export type ListingStatus = 'pending' | 'active' | 'rejected' | 'flagged'

/** How confident we are that an install recipe works: `high` when it comes from a registry entry. */
export type InstallConfidence = 'high' | 'low'

/**
 * The one install model every client config is generated from.
 * `local` runs a command on the user's machine; `remote` connects to a hosted URL.
 */
export type InstallModel =
  | {
      kind: 'local'
      runner: 'npx' | 'uvx' | 'docker' | 'dnx'
      registryType: string
      identifier: string
      command: string
      args: string[]
      env: EnvVarSpec[]
      confidence: InstallConfidence
      /** Set when the install comes from the repository README rather than the registry entry or the name. */
      basis?: InferredInstall['basis']
    }
  | {
      kind: 'remote'
      transport: 'streamable-http' | 'sse'
      url: string
      headers: HeaderSpec[]
      confidence: InstallConfidence
    }

/** A listing as the catalog stores it. */
export interface Listing {
  id: string
  name: string
  title: string | null
  description: string
  category: string // canonical stored category name (emoji + label)
  url: string | null
  repositoryUrl: string | null
  websiteUrl: string | null
  version: string | null
  tags: string[]
  packages: PackageSpec[]
  remotes: RemoteSpec[]
  status: ListingStatus
  isOfficial: boolean
  isVerifiedActive: boolean
  upvotes: number
  views: number
  installs: number
  githubStars: number | null
  readme: string | null
  tools: ToolInfo[]
  health: string | null
  source: string
  /** Optional fields of a submission (§2.4); absent on imported listings built before they existed. */
  license?: string | null
  authType?: string | null
  pricingModel?: string | null
  maintenanceStatus?: string | null
  compatibleClients?: string[]
  supportUrl?: string | null
  /** Live facts from the prober (absent on rows read before they existed). */
  inferredInstall?: InferredInstall | null
  toolsSource?: string | null
  toolsCheckedAt?: Date | null
  healthCheckedAt?: Date | null
  githubArchived?: boolean | null
  githubPushedAt?: Date | null
  githubHomepage?: string | null
  createdAt: Date
  updatedAt: Date
}

/** A submitted listing, validated and normalised (category canonical): what a submission asks the catalog to create. */
export interface SubmittedListing {
  name: string
  url: string
  description: string
  /** Canonical stored category name. */
  category: string
  tags: string[]
  license: string | null
  authType: string | null
  pricingModel: string | null
  maintenanceStatus: string | null
  compatibleClients: string[]
  supportUrl: string | null
}
