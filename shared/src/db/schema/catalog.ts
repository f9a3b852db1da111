// Over 300 lines: every table the catalog owns, in one place, so a column and the tables that refer to it read together.
import { sql } from 'drizzle-orm'
import { bigserial, boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import type {
  InferredInstall,
  McpProtocolSeen,
  PackageEvidence,
  PackageSpec,
  RemoteAuthInfo,
  RemoteSpec,
  RemoteAddressSeen,
  RepositoryRun,
  RiskAssessment,
  SandboxRun,
  ServerTexts,
  SkillInfo,
  SkillsChange,
  ToolInfo,
  ToolsChange,
  ToolsDefect,
} from '../../contracts/listing'
import { outboxTable } from './outbox'

/** The catalog service's own schema: listings and its outbox. No other service writes here. */
export const catalogSchema = pgSchema('catalog')

/** Every listing, whatever its status; search reads only `active` ones. */
export const listings = catalogSchema.table(
  'listings',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().unique(),
    title: text('title'),
    description: text('description').notNull(),
    category: text('category').notNull(),
    /**
     * `given`: the category its source, submitter or owner named; `guessed`: none usable was given, so it is guessed
     * from what is known of the listing (Other when nothing is clear), and guessed again as more becomes known.
     */
    categorySource: text('category_source').notNull().default('given'),
    url: text('url'),
    repositoryUrl: text('repository_url'),
    /** The key of `url` (shared/src/identity `addressKey`, with the subfolder when `url` is the repository), for duplicate detection. */
    urlKey: text('url_key'),
    websiteUrl: text('website_url'),
    /** The folder of the repository that holds this server (monorepos), normalised; null for the root. */
    repositorySubfolder: text('repository_subfolder'),
    /**
     * The repository's identity (shared/src/identity `addressKey`: `github.com/owner/name`, `#subfolder` when
     * there is one), so every listing of one server can be recognised; null without a repository.
     */
    repositoryKey: text('repository_key'),
    /** The name's skeleton (shared/src/identity `nameSkeleton`): equal for names that look alike. */
    nameSkeleton: text('name_skeleton'),
    version: text('version'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    packages: jsonb('packages').$type<PackageSpec[]>().notNull().default([]),
    remotes: jsonb('remotes').$type<RemoteSpec[]>().notNull().default([]),
    status: text('status').notNull().default('pending'),
    isOfficial: boolean('is_official').notNull().default(false),
    isVerifiedActive: boolean('is_verified_active').notNull().default(false),
    hasPackage: boolean('has_package').notNull().default(false),
    hasRemote: boolean('has_remote').notNull().default(false),
    upvotes: integer('upvotes').notNull().default(0),
    views: integer('views').notNull().default(0),
    installs: integer('installs').notNull().default(0),
    githubStars: integer('github_stars'),
    readme: text('readme'),
    tools: jsonb('tools').$type<ToolInfo[]>().notNull().default([]),
    health: text('health'),
    source: text('source').notNull(),
    /**
     * Who may change the listing: `submission`, `import` (the operator's file imports), `registry:<base URL>` (a
     * followed upstream registry) or `demo`. An import or a sync creates and updates only listings of its own origin.
     */
    origin: text('origin').notNull().default('import'),
    /** The skeleton of the name's own part (after the last `/`): a short name that imitates a namespaced one is found by it. */
    ownSkeleton: text('own_skeleton'),
    /** The agent that owns the listing (`<agent id>`): the claimant of its agent claim, or whom it was handed to. */
    ownerAgent: text('owner_agent'),
    /** The domain a DNS claim proved (lower case): it proves a reverse-DNS namespace of that domain. */
    provenDomain: text('proven_domain'),
    /**
     * The GitHub repository (`owner/repo`, lower case) a standing GitHub claim proved with a badge in its README: the
     * only proof that a submitted listing's repository is its owner's.
     */
    provenRepository: text('proven_repository'),
    /**
     * The website is its owner's word (set by an owner's edit), not its origin's: like a submitter's, it proves no
     * namespace. Cleared when the origin writes the website again.
     */
    websiteByOwner: boolean('website_by_owner').notNull().default(false),
    /** A publish that rested on a GitHub organisation role: the login whose admin role in the namespace's org granted it. */
    publishedBy: text('published_by'),
    /** That role has ended since (found when a right from it was used): the publish no longer proves the namespace. */
    publisherLapsed: boolean('publisher_lapsed').notNull().default(false),
    /** The listing this one was merged into by their owner: its id answers with a redirect there. */
    mergedInto: text('merged_into'),
    /** A submission whose name another repository's listing held: the name it takes once its repository is proven. */
    wantedName: text('wanted_name'),
    /** Optional fields of a submission (directory-api §2.4); the contact e-mail is kept by the submission service only. */
    license: text('license'),
    authType: text('auth_type'),
    pricingModel: text('pricing_model'),
    maintenanceStatus: text('maintenance_status'),
    compatibleClients: jsonb('compatible_clients').$type<string[]>().notNull().default([]),
    supportUrl: text('support_url'),
    /** Live facts written by the prober through the internal facts API (services/catalog/src/facts/). */
    inferredInstall: jsonb('inferred_install').$type<InferredInstall>(),
    /** What npm and PyPI said about the listing's packages: the evidence install confidence is judged from. */
    installEvidence: jsonb('install_evidence').$type<PackageEvidence[]>(),
    /** How the listing's own repository can be run when no package is known (null: not yet read). */
    repositoryRun: jsonb('repository_run').$type<RepositoryRun>(),
    /** What the remotes' names resolved to at the last probe; a remote seen private gets no install line. */
    remoteAddresses: jsonb('remote_addresses').$type<RemoteAddressSeen[]>(),
    toolsSource: text('tools_source'),
    toolsCheckedAt: timestamp('tools_checked_at', { withTimezone: true }),
    healthCheckedAt: timestamp('health_checked_at', { withTimezone: true }),
    /** When a probe's facts were last written whole (null: never since this column exists). */
    factsWrittenAt: timestamp('facts_written_at', { withTimezone: true }),
    /** When the last probe's facts could not be written (null once a later write succeeds), and why. */
    factsWriteFailedAt: timestamp('facts_write_failed_at', { withTimezone: true }),
    factsWriteError: text('facts_write_error'),
    githubArchived: boolean('github_archived'),
    githubPushedAt: timestamp('github_pushed_at', { withTimezone: true }),
    githubHomepage: text('github_homepage'),
    /** Whether the latest observation saw it run (a tools list, a start that asked for keys, an alive endpoint). */
    seenRunning: boolean('seen_running').notNull().default(false),
    /** How its remote endpoint asks clients to authenticate, as last probed. */
    remoteAuth: jsonb('remote_auth').$type<RemoteAuthInfo>(),
    /** The MCP revision its server was last seen speaking (remote endpoint, else sandbox) and its tools' ttlMs. */
    mcpProtocol: jsonb('mcp_protocol').$type<McpProtocolSeen>(),
    /** Hash of the normalised tool list last seen, and the last changes of it (rug-pull watch). */
    toolsHash: text('tools_hash'),
    toolsChanges: jsonb('tools_changes').$type<ToolsChange[]>().notNull().default([]),
    /** How the last tool list breaks the spec (null: it does not): it is kept as far as readable, the defect named. */
    toolsDefect: jsonb('tools_defect').$type<ToolsDefect>(),
    /** Its skills as last listed (Skills extension), the hash of them (null: never listed), their last changes. */
    skills: jsonb('skills').$type<SkillInfo[]>().notNull().default([]),
    skillsHash: text('skills_hash'),
    skillsChanges: jsonb('skills_changes').$type<SkillsChange[]>().notNull().default([]),
    /** The scan of the last tool list; a high risk keeps it out of verified=1 until an operator clears that list. */
    risk: jsonb('risk').$type<RiskAssessment>(),
    riskClearedHash: text('risk_cleared_hash'),
    riskClearedAt: timestamp('risk_cleared_at', { withTimezone: true }),
    /** The last sandbox start of its package. */
    sandbox: jsonb('sandbox').$type<SandboxRun>(),
    /** What the server says besides its tools (instructions, prompts, resources), as last listed: scanned too. */
    serverTexts: jsonb('server_texts').$type<ServerTexts>(),
    /** Why an operator rejected or flagged the listing (null otherwise). */
    moderationReason: text('moderation_reason'),
    /** Hash of the imported entry, so a re-import of the same entry changes nothing. */
    contentHash: text('content_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listings_status_idx').on(t.status, t.createdAt),
    index('listings_url_key_idx').on(t.urlKey),
    index('listings_repository_key_idx').on(t.repositoryKey),
    index('listings_name_skeleton_idx').on(t.nameSkeleton),
    index('listings_own_skeleton_idx').on(t.ownSkeleton),
    index('listings_origin_idx').on(t.origin),
    index('listings_category_idx').on(t.category),
  ],
)

/** Catalog events waiting to be published (transactional outbox). */
export const catalogOutbox = outboxTable(catalogSchema)

/**
 * Verified ownership claims and the state of their periodic re-check. The catalog owns claim state: `isOfficial` is
 * its mark and a claim is its evidence, so a claim, its re-checks and their effects (official, revoked, events) are
 * written in one transaction. The claim-verifier keeps nothing: it verifies and posts results through the internal
 * API. No proof value or secret is stored: proofs are recomputed from the listing, `claimant_key` and SERVER_SECRET.
 * `claim_id` makes recording idempotent, so a retried call never publishes a second `listing.claimed`.
 */
export const listingClaims = catalogSchema.table(
  'listing_claims',
  {
    claimId: text('claim_id').primaryKey(),
    listingId: text('listing_id').notNull(),
    /** How the claimant is named in events: the key, a claim secret's hash shortened. */
    claimant: text('claimant').notNull(),
    /** `agent:<agent id>` or `claim-url:<SHA-256 of the claim secret>`: what the proof is computed from. */
    claimantKey: text('claimant_key').notNull(),
    method: text('method').notNull(),
    /** The page the claimant chose (websiteUrl), re-checked by the same method. */
    websiteUrl: text('website_url'),
    evidence: jsonb('evidence').notNull(),
    /** `verified`, `failing` (a re-check failed, inside the grace period) or `revoked`. */
    state: text('state').notNull().default('verified'),
    reciprocalReadme: boolean('reciprocal_readme').notNull().default(false),
    reciprocalSite: boolean('reciprocal_site').notNull().default(false),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }).notNull(),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Null: never re-checked (a claim whose claimant key was not kept, so its proof cannot be recomputed). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('listing_claims_listing_idx').on(t.listingId),
    index('listing_claims_due_idx').on(t.nextCheckAt).where(sql`state <> 'revoked'`),
  ],
)

/** Every re-check of a claim: proof and reciprocal badges, each place recorded separately. */
export const claimChecks = catalogSchema.table(
  'claim_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: text('claim_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    proofOk: boolean('proof_ok').notNull(),
    reciprocalReadme: boolean('reciprocal_readme').notNull(),
    reciprocalSite: boolean('reciprocal_site').notNull(),
    details: jsonb('details').notNull(),
  },
  (t) => [index('claim_checks_claim_idx').on(t.claimId, t.id)],
)

/**
 * Every version of every server the registry read API (`/v0.1/servers`) serves: the server.json as the publisher
 * gave it (or as built from a submitted listing), its lifecycle status and which version is the latest. Importing
 * a new version adds a row and moves `is_latest`; the listing itself carries the latest version's content.
 */
export const serverVersions = catalogSchema.table(
  'server_versions',
  {
    /** The name served as `server.name` (the listing's own name when it is a registry name, else built from its id). */
    serverName: text('server_name').notNull(),
    version: text('version').notNull(),
    listingId: text('listing_id').notNull(),
    /** The server.json served for this version (registry-managed `_meta` is added at read time). */
    server: jsonb('server').$type<Record<string, unknown>>().notNull(),
    /** active | deprecated | deleted, as the publisher or an upstream registry set it. */
    status: text('status').notNull().default('active'),
    statusMessage: text('status_message'),
    isLatest: boolean('is_latest').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.serverName, t.version] }),
    index('server_versions_listing_idx').on(t.listingId),
    index('server_versions_updated_idx').on(t.updatedAt),
  ],
)

/** An upstream registry this directory follows: how far it has synced, and who holds the sync now (a lease). */
export const registryFollows = catalogSchema.table('registry_follows', {
  upstream: text('upstream').primaryKey(),
  /** The newest `updatedAt` applied from the upstream: the next sync asks for what changed since. */
  syncedUpTo: timestamp('synced_up_to', { withTimezone: true }),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** One catalog replica syncs at a time: it holds the lease until this time. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** Origins this upstream may replace listings of (the operator's choice; empty: it changes only its own). */
  trustedOrigins: jsonb('trusted_origins').$type<string[]>().notNull().default([]),
  /** Why the last sync stopped early (a page cap, a repeated cursor, the new-listing cap), and when. */
  lastStop: text('last_stop'),
  lastStopAt: timestamp('last_stop_at', { withTimezone: true }),
})

/**
 * Entries an import or a sync did not apply because a listing of another origin (or a claimed one) holds their
 * name, look-alike name or repository, or because the sync's cap of new listings was reached: the operator accepts
 * one (it replaces or creates the listing) or dismisses it (the same entry is not raised again).
 */
export const importConflicts = catalogSchema.table(
  'import_conflicts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The origin of the entry (`import`, `registry:<base URL>`). */
    origin: text('origin').notNull(),
    name: text('name').notNull(),
    /** The entry as the upstream gave it (a server.json). */
    entry: jsonb('entry').$type<Record<string, unknown>>().notNull(),
    contentHash: text('content_hash').notNull(),
    /** The listing that holds the identity (null: a new listing past the cap). */
    listingId: text('listing_id'),
    /** `name`, `skeleton`, `repository`, `claimed` or `new_listing_cap`. */
    reason: text('reason').notNull(),
    detail: text('detail').notNull(),
    /** `open`, `accepted` or `dismissed`. */
    state: text('state').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('import_conflicts_state_idx').on(t.state, t.id),
    index('import_conflicts_entry_idx').on(t.origin, t.name),
  ],
)

/** Every change an owner (or a publisher) made to a listing, newest last: shown in its detail. */
export const listingHistory = catalogSchema.table(
  'listing_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: text('listing_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** edited | packages_replaced | deprecated | archived | transfer_offered | transferred | merged | merged_from | publisher_lapsed | publisher_restored | superseded */
    kind: text('kind').notNull(),
    /** Who: `agent:<id>` or `publisher:<method>:<subject>`. */
    actor: text('actor').notNull(),
    details: jsonb('details').notNull().default({}),
  },
  (t) => [index('listing_history_listing_idx').on(t.listingId, t.id)],
)

/** A hand-over offered by a listing's owner, waiting for the receiving agent to accept it. */
export const listingTransfers = catalogSchema.table('listing_transfers', {
  listingId: text('listing_id').primaryKey(),
  fromActor: text('from_actor').notNull(),
  toAgent: text('to_agent').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/**
 * When each (organisation, login) pair a publisher mark rests on was last claimed for a re-check of its role: the
 * re-check asks the least recently checked first, so every pair is reached however many there are, and catalog
 * replicas each claim different pairs.
 */
export const roleRechecks = catalogSchema.table(
  'role_rechecks',
  {
    origin: text('origin').notNull(),
    login: text('login').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.origin, t.login] }), index('role_rechecks_checked_idx').on(t.checkedAt)],
)
