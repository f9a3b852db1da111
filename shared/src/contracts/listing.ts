// Over 300 lines: the listing's domain types and nothing else, each with its doc comment; one place to read them.
/** Domain types of a listing, shared by every service that reads or writes one. */

/**
 * What the official `server.json` says of one input a server takes (its `Input`): how to ask for it. `format` is
 * string, number, boolean or filepath; `placeholder` is an example of the form a value takes, never a value.
 */
export interface InputFacts {
  description?: string
  isRequired?: boolean
  isSecret?: boolean
  format?: 'string' | 'number' | 'boolean' | 'filepath'
  default?: string
  placeholder?: string
  choices?: string[]
}

/**
 * An environment variable a package needs (from the registry's `environmentVariables[]`). A `value` is fixed by the
 * entry (not the user's to set); `{name}` in it is filled from `variables`.
 */
export interface EnvVarSpec extends InputFacts {
  name: string
  value?: string
  variables?: Record<string, InputFacts>
  /** Read from the package's own README (its entry declares none), not from the registry entry. */
  origin?: 'package-readme'
}

/** An argument a package or its runtime takes (registry `packageArguments[]` / `runtimeArguments[]`). */
export interface ArgumentSpec extends InputFacts {
  type: 'positional' | 'named'
  /** A named argument's flag (`--db`). */
  name?: string
  /** What the value is (`postgres-url`): the placeholder a required argument without a value gets. */
  valueHint?: string
  /** A fixed value, passed as it is. */
  value?: string
}

/** One installable package of a server (registry `packages[]`). */
export interface PackageSpec {
  registryType: string // npm | pypi | oci | nuget | mcpb | …
  identifier: string
  version?: string
  transport?: { type: string; url?: string }
  runtimeHint?: string
  environmentVariables: EnvVarSpec[]
  /** Arguments after the package (its own); absent on listings imported before they were kept. */
  packageArguments?: ArgumentSpec[]
  /** Arguments of the runtime (npx, uvx, docker) before the package. */
  runtimeArguments?: ArgumentSpec[]
}

/** A header a remote endpoint expects (registry `remotes[].headers[]`). */
export interface HeaderSpec extends InputFacts {
  name: string
  value?: string
  /** What each `{name}` of `value` stands for. */
  variables?: Record<string, InputFacts>
}

/** A hosted endpoint of a server (registry `remotes[]`). */
export interface RemoteSpec {
  type: string // streamable-http | sse
  /** The endpoint; `{name}` in it is one of `variables` (a tenant, a region) its user fills in. */
  url: string
  headers: HeaderSpec[]
  variables?: Record<string, InputFacts>
}

/** A tool the server exposes, as last seen by a live check. */
export interface ToolInfo {
  name: string
  description?: string
  parameters?: string[]
  /** Its display title (the tool's `title`, or `annotations.title`). */
  title?: string
  /** Its annotations' text and flags (readOnlyHint, destructiveHint, …). */
  annotations?: Record<string, string | boolean | number>
  /** Every parameter's description, nested ones too, by path (`options.path`, `items[].name`). */
  parameterDescriptions?: Record<string, string>
  /** Each top-level parameter's JSON Schema type (`string`, `integer`, `string[]`, `string|null`), where it says one. */
  parameterTypes?: Record<string, string>
  /** The parameters its input schema requires. */
  required?: string[]
}

/**
 * What a server says besides its tools: its instructions, its prompts' and resources' descriptions, and its skills'
 * texts (a model reads a skill's `SKILL.md` as it reads a tool's description; `digest` is the skill's `skillDigest`,
 * so a changed file of it is scanned again even when the text read did not change).
 */
export interface ServerTexts {
  instructions?: string
  prompts?: { name: string; description?: string }[]
  resources?: { name: string; description?: string }[]
  skills?: { name: string; description?: string; text?: string; digest?: string }[]
  /**
   * What a model may read that the checker did not keep or read, in words (a SKILL.md past the read bounds, tools
   * past the size sent): the scan cannot vouch for it, so each is a high finding.
   */
  unscanned?: string[]
}

/**
 * A skill the server offers (the MCP Skills extension, `io.modelcontextprotocol/skills`: `skills/list`), as last
 * listed: its frontmatter's name, title and description, the URI of its `SKILL.md`, and every file with the sha256
 * of its bytes (hex) as the server published it. `dynamic`: the server publishes no digests for it.
 */
export interface SkillInfo {
  name: string
  title?: string
  description: string
  uri: string
  files: { path: string; sha256: string }[]
  dynamic?: boolean
  /** sha256 (hex) of the SKILL.md text as read, so a changed text is a change even when no file digest is published. */
  textSha256?: string
}

/**
 * A change of a listing's skills between two observations, in the tool list's shape: `changed` names the skills whose
 * description or any file's digest changed (a rug-pull signal).
 */
export type SkillsChange = ToolsChange

/** Why a server's tool list breaks the spec: clients that validate it (the official SDKs do) reject it whole. */
export type ToolsDefectCode = 'input_schema_not_object' | 'missing_name' | 'duplicate_name' | 'invalid_result'

/** A tool list that breaks the spec, recorded as seen: the tools kept are those readable, the defect is named. */
export interface ToolsDefect {
  code: ToolsDefectCode
  message: string
  /** The tools at fault (by name; `#<index>` for one without a name). */
  tools: string[]
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

/**
 * What a package registry said about one package when the prober last read it: the raw facts install evidence
 * is judged from (shared/src/install/evidence.ts), so a later change of the listing's name or repository is
 * judged again without a new read.
 */
export interface PackageEvidence {
  registryType: 'npm' | 'pypi'
  identifier: string
  /** The version read: the declared concrete version, else the registry's latest. */
  version: string | null
  /** The registry entry read (its public JSON API address). */
  entryUrl: string
  /** found: the registry has the package (and version); missing: it has not. */
  outcome: 'found' | 'missing'
  /** Server names the package declares: npm `mcpName`, the `mcp-name:` lines of a PyPI description. */
  mcpNames: string[]
  /** Repository addresses it gives: npm `repository`, PyPI `project_urls` and `home_page`. */
  repositories: string[]
  /**
   * The environment its own README's client config sets for it (shared/src/install/readme-settings.ts), read when
   * its registry entry declares none: each name, whether it is a credential, and its example when it is not.
   */
  readmeSettings?: { name: string; secret: boolean; example?: string }[]
  checkedAt: string
}

/**
 * How a listing's own GitHub repository can be run when no package is known, as the prober read it: a
 * JavaScript project with a `bin` (run with `npx -y github:owner/repo`), a Python project with a console script
 * (`uvx --from git+https://github.com/owner/repo <script>`), or `ecosystem: null` with the reason nothing can be
 * guessed safely.
 */
export interface RepositoryRun {
  /** `owner/repo` on github.com, as read. */
  repository: string
  ecosystem: 'node' | 'python' | null
  /** Python: the console script from pyproject.toml `[project.scripts]`. */
  entryPoint?: string
  /** The file the decision was read from, or why nothing can be guessed. */
  from: string
  checkedAt: string
}

/**
 * What a remote's name resolved to at the listing's last probe, as the catalog keeps it: a remote seen `private`
 * (a loopback, private, link-local or unique-local address) gets no install line (`withheldRemotes`).
 */
export interface RemoteAddressSeen {
  url: string
  address: 'public' | 'private' | 'unresolvable'
  reason?: string
  checkedAt: string
}

/**
 * How a listing's install model was found: its registry entry; its README's client config; a package its README
 * names (a guess); a package found in npm or PyPI whose entry links back to the listing (`registry-link`); its
 * repository run as it is (a guess).
 */
export type InstallBasis = 'registry' | 'readme-config' | 'readme-mention' | 'registry-link' | 'repository'

/** The evidence shown with an install: which registry entry was read, what links it back, and when. */
export interface InstallEvidence {
  registryType: 'npm' | 'pypi'
  identifier: string
  version: string | null
  entryUrl: string
  /** What links the package to the listing (null: nothing does). */
  linkedBy: 'mcpName' | 'mcp-name' | 'repository' | null
  /** The linking value: the server name it declares, or the repository address it gives. */
  link: string | null
  checkedAt: string
}

/** Listing lifecycle; `active` is the publicly listed state. */
export type ListingStatus = 'pending' | 'active' | 'rejected' | 'flagged'

/**
 * How sure the directory is that an install runs the listing's own server: `high` only with evidence that the
 * package belongs to the listing (shared/src/install/model.ts), or for a hosted endpoint of the registry entry.
 */
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
      /** The declared arguments behind the placeholders of `args` (`<postgres-url>`): what each one is. */
      arguments?: ArgumentSpec[]
      confidence: InstallConfidence
      /** Where the install comes from: the registry entry, the repository README, or the repository itself (a guess). */
      basis: InstallBasis
      /** Why the confidence is what it is, when it is low (what is missing). */
      note?: string
      /** The registry entry read for the package, when one was read. */
      evidence?: InstallEvidence
    }
  | {
      kind: 'remote'
      transport: 'streamable-http' | 'sse'
      url: string
      headers: HeaderSpec[]
      /** What each `{name}` of the URL stands for. */
      variables?: Record<string, InputFacts>
      confidence: InstallConfidence
      basis: 'registry'
      note?: string
    }

/** A listing as the catalog stores it. */
export interface Listing {
  id: string
  name: string
  title: string | null
  description: string
  category: string // canonical stored category name (emoji + label)
  /** Whether the category was named (`given`) or guessed; absent on rows read before it existed. */
  categorySource?: 'given' | 'guessed'
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
  /** Who may change it: `submission`, `import`, `registry:<base URL>` or `demo` (absent on rows read before it existed). */
  origin?: string
  /** Optional fields of a submission (§2.4); absent on imported listings built before they existed. */
  license?: string | null
  authType?: string | null
  pricingModel?: string | null
  maintenanceStatus?: string | null
  compatibleClients?: string[]
  supportUrl?: string | null
  /** Live facts from the prober (absent on rows read before they existed). */
  inferredInstall?: InferredInstall | null
  /** What the package registries said about the listing's packages (install evidence). */
  installEvidence?: PackageEvidence[] | null
  /** How the listing's own repository can be run, when no package is known. */
  repositoryRun?: RepositoryRun | null
  /** What its remotes' names resolved to at the last probe (none kept while private addresses are allowed). */
  remoteAddresses?: RemoteAddressSeen[] | null
  toolsSource?: string | null
  toolsCheckedAt?: Date | null
  healthCheckedAt?: Date | null
  /** When a probe's facts were last written whole; when the last probe's facts could not be written. */
  factsWrittenAt?: Date | null
  factsWriteFailedAt?: Date | null
  githubArchived?: boolean | null
  githubPushedAt?: Date | null
  githubHomepage?: string | null
  /** The domain a DNS claim of the listing proved (it proves a reverse-DNS namespace of that domain). */
  provenDomain?: string | null
  /** The GitHub repository (`owner/repo`) a GitHub claim of the listing proved. */
  provenRepository?: string | null
  /** The website is its owner's word (an owner's edit), not its origin's: it proves no namespace. */
  websiteByOwner?: boolean
  /** Published on a GitHub organisation role that has since ended: the publish proves the namespace no more. */
  publisherLapsed?: boolean
  /** The listing this one was merged into by their owner. */
  mergedInto?: string | null
  /** The agent that owns the listing (its claimant, or whom it was handed to). */
  ownerAgent?: string | null
  /** Whether the latest observation saw it run (before the risk gate; `isVerifiedActive` is after it). */
  seenRunning?: boolean
  remoteAuth?: RemoteAuthInfo | null
  /** The MCP revision its server was last seen speaking, and its tool list's ttlMs. */
  mcpProtocol?: McpProtocolSeen | null
  toolsHash?: string | null
  toolsChanges?: ToolsChange[]
  /** How its last tool list breaks the spec (null: it does not). */
  toolsDefect?: ToolsDefect | null
  /** Its skills as last listed, the hash of them (null: never listed) and their last changes. */
  skills?: SkillInfo[]
  skillsHash?: string | null
  skillsChanges?: SkillsChange[]
  risk?: RiskAssessment | null
  riskClearedHash?: string | null
  riskClearedAt?: Date | null
  sandbox?: SandboxRun | null
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

/** How a remote endpoint asks clients to authenticate, as the prober read it (401 and its metadata). */
export interface RemoteAuthInfo {
  /** oauth: protected-resource metadata naming an authorization server; api_key: a credential challenge without it. */
  kind: 'oauth' | 'api_key' | 'none'
  resourceMetadata?: string
  authorizationServers?: string[]
  /** Whether the authorization server's own metadata was read. */
  confirmed?: boolean
  checkedAt: string
}

/** Kinds of what the tool-list scan looks for (shared/src/toolscan). */
export type RiskFindingKind =
  | 'hidden_instruction'
  | 'invisible_characters'
  | 'obfuscated_text'
  | 'long_description'
  | 'shadowed_name'
  | 'not_fully_scanned'

/** One thing the scan of a tool list found. */
export interface RiskFinding {
  kind: RiskFindingKind
  severity: 'low' | 'medium' | 'high'
  /** The tool it was found in ('' for the server's own texts). */
  tool: string
  /** Where in it: description, title, annotations.<key>, parameter <path>, parameter name <path>, instructions, prompt <name>, resource <name>. */
  where?: string
  message: string
}

/** The scan of a listing's last tool list; `high` keeps it out of `verified=1` until an operator clears it. */
export interface RiskAssessment {
  level: 'none' | 'low' | 'medium' | 'high'
  findings: RiskFinding[]
  /** The hash of the tool list scanned. */
  toolsHash: string
  checkedAt: string
}

/** A change of a listing's tool list between two observations (rug-pull watch). */
export interface ToolsChange {
  at: string
  fromHash: string
  toHash: string
  added: string[]
  removed: string[]
  /** Tools whose description or parameters changed. */
  changed: string[]
  /** Where the new list came from: streamable-http, sse or sandbox. */
  source: string | null
}

/**
 * The MCP revision a listing's server was last seen speaking (its remote endpoint, else the sandbox's start):
 * `2026-07-28` (era `modern`: server/discover, stateless requests) or a 2025 revision (`legacy`: the initialize
 * handshake), and how long it says its tool list stays fresh (`ttlMs` of tools/list, 2026-07-28 only).
 */
export interface McpProtocolSeen {
  version: string
  era: 'modern' | 'legacy'
  ttlMs: number | null
  /** Where it was seen: streamable-http, sse or sandbox. */
  source: string
  checkedAt?: string
}

/**
 * The revision a connected MCP client negotiated, as a listing records it (undefined before a handshake): `ttlMs`
 * only when the list result gave a sane one (a whole number of milliseconds, at most a year).
 */
export function mcpProtocolSeen(
  negotiated: { version: string | undefined; era: string | undefined },
  listResult: unknown,
  source: string,
): Omit<McpProtocolSeen, 'checkedAt'> | undefined {
  if (!negotiated.version) return undefined
  const ttl = (listResult as { ttlMs?: unknown } | null)?.ttlMs
  const ttlMs = typeof ttl === 'number' && Number.isSafeInteger(ttl) && ttl >= 0 ? Math.min(ttl, 31_536_000_000) : null
  const era = negotiated.era === 'modern' ? 'modern' : 'legacy'
  return { version: negotiated.version.slice(0, 20), era, ttlMs, source }
}

/** What the sandbox made of a listing's package the last time it started it. */
export interface SandboxRun {
  /**
   * ran: it answered initialize and tools/list; asked_for_keys / asked_for_config: it stopped naming a declared
   * variable / argument; install_failed / package_missing: the install did not work (missing: the registry has no
   * such package); install_refused: its dependency tree names something that is not a registry version, or it grew
   * past the install's bounds; timeout, crashed, output_limit, memory_limit, not_mcp: it installed but did not speak
   * MCP within the limits.
   */
  verdict:
    | 'ran'
    | 'asked_for_keys'
    | 'asked_for_config'
    | 'install_failed'
    | 'install_refused'
    | 'package_missing'
    | 'timeout'
    | 'crashed'
    | 'output_limit'
    | 'memory_limit'
    | 'not_mcp'
  registryType: 'npm' | 'pypi'
  identifier: string
  version: string | null
  /** Milliseconds per step (install, start to initialize answered, tools/list, total). */
  steps: Record<string, number>
  detail: string
  /** The declared variable it asked for. */
  variable?: string
  toolCount: number
  promptCount?: number
  resourceCount?: number
  /** Install failures in a row; a guessed package is retired after two (one when the registry has no such package). */
  installFailures: number
  retired: boolean
  checkedAt: string
}

/**
 * A sandbox start as the sandbox reports it to the catalog's facts API; the catalog keeps the install-failure count
 * and retires a guessed package.
 */
export interface SandboxReport {
  verdict: SandboxRun['verdict']
  registryType: 'npm' | 'pypi'
  identifier: string
  version: string | null
  /** Whether the package was a guess (not declared by the listing's registry entry). */
  guessed: boolean
  steps: Record<string, number>
  detail: string
  variable?: string
  tools?: ToolInfo[]
  /** How its tool list breaks the spec, when it does (the tools kept are those readable). */
  toolsDefect?: ToolsDefect
  /** Its skills (Skills extension): [] when it offers none, absent when their list could not be read. */
  skills?: SkillInfo[]
  /** What the server says besides its tools (instructions, prompts, resources, skills' texts). */
  server?: ServerTexts
  promptCount?: number
  resourceCount?: number
  /** The MCP revision it spoke (server/discover, else initialize) and its tool list's ttlMs. */
  protocol?: Omit<McpProtocolSeen, 'checkedAt'>
}
