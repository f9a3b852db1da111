// Facts, for the prober and the sandbox: what a probe saw of a listing (PUT), and the listings a round covers.
// Each section of a facts body present replaces that group of facts; an absent one leaves it; null clears it.
// Bounds: a listing's facts are shown on its page; nothing a remote server says may grow it without limit.
import type { SchemaOptions, TLiteral, TSchema } from '@sinclair/typebox'
import { type Static, t } from 'elysia'
import { SkillsModel, ToolsDefectModel } from './skills'

/** Health states a probe reports. */
export const HEALTH_STATES = ['active', 'degraded', 'down', 'unknown'] as const

/** Verdicts a sandbox start reports. */
export const SANDBOX_VERDICTS = [
  'ran',
  'asked_for_keys',
  'asked_for_config',
  'install_failed',
  'install_refused',
  'package_missing',
  'timeout',
  'crashed',
  'output_limit',
  'memory_limit',
  'not_mcp',
] as const

export const MAX_README = 1_000_000
export const MAX_TOOLS = 500
export const MAX_TOOL_NAME = 200
export const MAX_TOOL_DESCRIPTION = 2000
export const MAX_PARAMETERS = 100
export const MAX_TARGETS_PAGE = 5000
const MAX_EVIDENCE = 10
const MAX_EVIDENCE_VALUES = 10
const MAX_VALUE = 2048

const oneOf = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}) =>
  t.Union(values.map((v) => t.Literal(v)) as unknown as TLiteral<T[number]>[], options)
const nullable = <T extends TSchema>(schema: T, error: string) => t.Union([schema, t.Null()], { error })
const dateTime = (error = 'must be a date-time') => t.String({ format: 'date-time', maxLength: 40, error })
const httpUrl = t.String({ pattern: '^https?://', maxLength: MAX_VALUE })
const identifier = t.String({ minLength: 1, maxLength: 214 })
const version = t.Union([t.String({ maxLength: 64 }), t.Null()])

/**
 * A group refused as a whole, naming only its own path with `message` (as this API always did for a package
 * entry, an install, a sandbox report): `not {}` matches nothing, so the union is the group itself.
 */
// Typed as the group itself: that is what it accepts.
const asOne = <T extends TSchema>(schema: T, message: string): T =>
  t.Union([schema, t.Not(t.Any())], { error: message }) as unknown as T

/** A tool as a remote server or the sandbox listed it; a long description is cut, odd parameters dropped. */
export const ToolModel = t.Object({
  name: t.String({
    minLength: 1,
    maxLength: MAX_TOOL_NAME,
    pattern: '\\S',
    error: `must be a string of 1 to ${MAX_TOOL_NAME} characters`,
  }),
  /** Cut to MAX_TOOL_DESCRIPTION characters; anything but a string is dropped. */
  description: t.Optional(t.Unknown()),
  /** Names of its parameters; anything but a short string is dropped, and all past MAX_PARAMETERS. */
  parameters: t.Optional(t.Unknown()),
  /** Its title (a string) and annotations (only string, boolean and number values are kept). */
  title: t.Optional(t.Unknown()),
  annotations: t.Optional(t.Unknown()),
  /** Each parameter's description by path (nested ones too); bounded like descriptions. */
  parameterDescriptions: t.Optional(t.Unknown()),
  /** Each parameter's type in a word, and the parameters required: kept only for parameters it names. */
  parameterTypes: t.Optional(t.Unknown()),
  required: t.Optional(t.Unknown()),
})

const tools = t.Array(ToolModel, { maxItems: MAX_TOOLS, error: `must be an array of at most ${MAX_TOOLS} tools` })

const RemoteAuthModel = asOne(
  t.Object({
    kind: oneOf(['oauth', 'api_key', 'none']),
    resourceMetadata: t.Optional(httpUrl),
    authorizationServers: t.Optional(t.Array(httpUrl, { maxItems: 5 })),
    confirmed: t.Optional(t.Boolean()),
  }),
  'must be { kind: oauth|api_key|none, resourceMetadata?, authorizationServers?, confirmed? }',
)

/**
 * What the server says besides its tools, with them: `{ instructions?, prompts?: [{ name, description? }],
 * resources?: [{ name, description? }], skills?: [{ name, description?, text?, digest? }] }` (skills: their
 * SKILL.md texts, for the scan); anything else is dropped, long texts cut.
 */
const serverTexts = t.Optional(t.Unknown())
/** The MCP revision a server spoke to the prober or the sandbox, and its tool list's ttlMs (at most a year). */
const ProtocolModel = asOne(
  t.Object({
    version: t.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
    era: oneOf(['modern', 'legacy']),
    ttlMs: t.Union([t.Integer({ minimum: 0, maximum: 31_536_000_000 }), t.Null()]),
    source: t.String({ maxLength: 40 }),
  }),
  'must be { version: YYYY-MM-DD, era: modern|legacy, ttlMs: integer or null, source }',
)

/** What the listing's remote endpoint answered. */
export const RemoteFacts = t.Object({
  health: oneOf(HEALTH_STATES, { error: `must be one of ${HEALTH_STATES.join(', ')}` }),
  verified: t.Boolean({ error: 'must be a boolean' }),
  tools: t.Optional(tools),
  toolsDefect: ToolsDefectModel,
  skills: SkillsModel,
  server: serverTexts,
  toolsSource: t.Optional(t.String({ maxLength: 40, error: 'must be a short string' })),
  auth: t.Optional(RemoteAuthModel),
  protocol: t.Optional(ProtocolModel),
})

/**
 * How many remotes' addresses one probe reports: more than a listing may declare (an import keeps 50), so every
 * remote an install line could use is resolved; one without a fact is withheld anyway (shared/src/install/withheld.ts).
 */
export const MAX_REMOTE_ADDRESSES = 64

/** What one remote's name resolved to at the probe (`public`, `private`, `unresolvable`), and why when not public. */
export const RemoteAddressModel = t.Object({
  url: t.String({ minLength: 1, maxLength: MAX_VALUE }),
  address: oneOf(['public', 'private', 'unresolvable'] as const, {
    error: 'must be one of public, private, unresolvable',
  }),
  reason: t.Optional(t.String({ maxLength: 500 })),
})

/** The listing's GitHub repository's metadata. */
export const GithubFacts = t.Object({
  stars: nullable(t.Integer({ minimum: 0 }), 'must be a non-negative integer or null'),
  archived: t.Boolean({ error: 'must be a boolean' }),
  pushedAt: t.Union([dateTime(), t.Null()], { error: 'must be a date-time or null' }),
  /** An empty one is none. */
  homepage: nullable(t.String({ maxLength: MAX_VALUE }), 'must be a string or null'),
})

/** An install found in the README. */
export const InstallFacts = t.Object({
  registryType: oneOf(['npm', 'pypi', 'oci']),
  identifier,
  confidence: oneOf(['high', 'low']),
  basis: oneOf(['readme-config', 'readme-mention']),
})

const shortStrings = t.Array(t.String({ maxLength: MAX_VALUE }), { maxItems: MAX_EVIDENCE_VALUES })

/** What a package registry said about one of the listing's packages. */
export const PackageEvidenceModel = t.Object({
  registryType: oneOf(['npm', 'pypi']),
  identifier,
  version,
  entryUrl: httpUrl,
  outcome: oneOf(['found', 'missing']),
  mcpNames: shortStrings,
  repositories: shortStrings,
  readmeSettings: t.Optional(
    t.Array(
      t.Object({
        name: t.String({ pattern: '^[A-Z][A-Z0-9_]{1,63}$' }),
        secret: t.Boolean(),
        example: t.Optional(t.String({ maxLength: 120 })),
      }),
      { maxItems: 20 },
    ),
  ),
  checkedAt: dateTime(),
})

/** How the listing's own repository can be run (a Python one names its console script). */
export const RepositoryRunModel = t.Union([
  t.Object({
    repository: t.String({ pattern: '^[A-Za-z0-9-]{1,39}/[A-Za-z0-9._-]{1,100}$' }),
    ecosystem: t.Union([t.Literal('node'), t.Null()]),
    entryPoint: t.Optional(t.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$' })),
    from: t.String({ maxLength: 300 }),
    checkedAt: dateTime(),
  }),
  t.Object({
    repository: t.String({ pattern: '^[A-Za-z0-9-]{1,39}/[A-Za-z0-9._-]{1,100}$' }),
    ecosystem: t.Literal('python'),
    entryPoint: t.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$' }),
    from: t.String({ maxLength: 300 }),
    checkedAt: dateTime(),
  }),
])

const count = t.Integer({ minimum: 0 })

/** A sandbox start of the listing's package. */
export const SandboxReportModel = t.Object({
  verdict: oneOf(SANDBOX_VERDICTS),
  registryType: oneOf(['npm', 'pypi']),
  identifier,
  version,
  guessed: t.Boolean(),
  /** Milliseconds per step, by step name. */
  steps: t.Record(t.String({ pattern: '^[a-z_]{1,30}$' }), count, { maxProperties: 10 }),
  detail: t.String({ maxLength: 500 }),
  variable: t.Optional(t.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,100}$' })),
  tools: t.Optional(tools),
  toolsDefect: ToolsDefectModel,
  skills: SkillsModel,
  server: serverTexts,
  promptCount: t.Optional(count),
  resourceCount: t.Optional(count),
  protocol: t.Optional(ProtocolModel),
})

/** `PUT /internal/listings/:id/facts`: the facts of one probe. */
export const FactsBody = t.Object({
  checkedAt: dateTime(),
  /**
   * `probeBasisOf` the listing as it was read before the probe: the facts are written only while the listing's
   * repository, packages and remotes are still those (else 409, and the prober probes it again).
   */
  basis: t.Optional(t.String({ pattern: '^[0-9a-f]{32}$', error: 'must be the 32 hex digits of a probe basis' })),
  /**
   * Why the catalog refused this probe's facts (a body too large, one it found invalid): sent alone, with
   * `checkedAt`, it records a failed write, so the listing stops looking current (health unknown, not verified)
   * rather than keep what it last showed. The other sections are ignored.
   */
  refused: t.Optional(t.String({ minLength: 1, maxLength: 500 })),
  /** null: the listing has no endpoint to probe any more, so it has no health and is not seen running. */
  remote: t.Optional(t.Union([RemoteFacts, t.Null()])),
  /** What each remote's name resolved to ([]: the listing has no remote to resolve any more). */
  remoteAddresses: t.Optional(
    t.Array(asOne(RemoteAddressModel, 'must be { url, address: public|private|unresolvable, reason? }'), {
      maxItems: MAX_REMOTE_ADDRESSES,
      error: `must be an array of at most ${MAX_REMOTE_ADDRESSES} entries`,
    }),
  ),
  github: t.Optional(GithubFacts),
  readme: t.Optional(
    t.Union([t.String({ maxLength: MAX_README }), t.Null()], {
      error: `must be a string of at most ${MAX_README} characters, or null`,
    }),
  ),
  install: t.Optional(
    t.Union([InstallFacts, t.Null()], {
      error:
        'must be null or { registryType: npm|pypi|oci, identifier, confidence: high|low, basis: readme-config|readme-mention }',
    }),
  ),
  /** What npm and PyPI said about the listing's packages (null: it has none to read). */
  evidence: t.Optional(
    t.Union([
      t.Array(
        asOne(
          PackageEvidenceModel,
          'must be { registryType: npm|pypi, identifier, version (string or null), entryUrl, outcome: found|missing, mcpNames: string[], repositories: string[], checkedAt }',
        ),
        { maxItems: MAX_EVIDENCE, error: `must be null or an array of at most ${MAX_EVIDENCE} entries` },
      ),
      t.Null(),
    ]),
  ),
  /** How the listing's own repository can be run (null: forget what was read). */
  repositoryRun: t.Optional(
    t.Union([RepositoryRunModel, t.Null()], {
      error:
        'must be null or { repository: owner/repo, ecosystem: node|python|null, entryPoint (python), from, checkedAt }',
    }),
  ),
  /** A sandbox start of its package (null: it has no package any more). */
  sandbox: t.Optional(
    t.Union([SandboxReportModel, t.Null()], {
      error: `must be { verdict: ${SANDBOX_VERDICTS.join('|')}, registryType: npm|pypi, identifier, version, guessed, steps: { name: ms }, detail, variable?, tools?, promptCount?, resourceCount? }`,
    }),
  ),
})
export type FactsBody = Static<typeof FactsBody>

/** The answer of a facts write: the publicly visible fields that changed. */
export const FactsAnswer = t.Object({ id: t.String(), changed: t.Array(t.String()) })

/** `GET /internal/probe-targets`: active listing ids in id order, after `after`. */
export const ProbeTargetsQuery = t.Object({
  after: t.Optional(t.String({ maxLength: 300, error: 'is too long' })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: MAX_TARGETS_PAGE })),
})

/** A page of probe targets; `next` is the `after` of the next page (null: none). */
export const ProbeTargets = t.Object({ ids: t.Array(t.String()), next: t.Union([t.String(), t.Null()]) })
export type ProbeTargets = Static<typeof ProbeTargets>

/** The answer of the operator's `POST /api/v1/admin/listings/:id/clear-risk`. */
export const ClearRiskAnswer = t.Object({
  success: t.Boolean(),
  message: t.String(),
  id: t.String(),
  name: t.String(),
  riskLevel: t.String(),
  clearedHash: t.String(),
  isVerifiedActive: t.Boolean(),
  changed: t.Boolean(),
})
