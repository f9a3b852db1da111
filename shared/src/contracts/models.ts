/**
 * TypeBox models of the public resources (directory-api §2) that more than one service reads: the catalog answers
 * with them, and the MCP endpoint, the web pages and the gateway's OpenAPI document read the same answers, so they
 * live here rather than in the catalog. Request models (queries, bodies) live with the route that owns them.
 */
import { Type as t, type Static } from '@sinclair/typebox'

/** Listing summary: an element of `servers` in search results (§2.1). */
export const ListingSummary = t.Object({
  id: t.String({ description: 'Unique, stable, readable listing id (a slug)' }),
  name: t.String(),
  description: t.String(),
  category: t.String({ description: 'Canonical stored category name (emoji and label)' }),
  url: t.String({ description: 'Repository or website address; empty string when the listing has none' }),
  isOfficial: t.Boolean({ description: 'True once the listing is claimed by its owner' }),
  isVerifiedActive: t.Boolean({ description: 'True when the server was seen running' }),
  publisherVerified: t.Optional(
    t.Boolean({
      description:
        "True when the name's namespace is proven as the official registry rules it: io.github.<owner>/… with a repository on github.com/<owner>, a reverse-DNS name with its website or repository homepage on that domain (a submitted listing: once claimed). Always present in the catalog's answers",
    }),
  ),
  publisherEvidence: t.Optional(
    t.Union([t.String(), t.Null()], { description: 'What proves the namespace (null when nothing does)' }),
  ),
  upvotes: t.Integer(),
  installName: t.String({ description: 'Key to use under mcpServers' }),
  detailUrl: t.String({ format: 'uri', description: "Address of the listing's page" }),
  markdownUrl: t.String({ format: 'uri', description: "Address of the listing's Markdown document" }),
  alsoListedAs: t.Array(t.String(), {
    description:
      'Ids of the other active listings of the same server (same normalised repository and subfolder, imported from another source); search shows a server once',
  }),
})
export type ListingSummary = Static<typeof ListingSummary>

/** One MCP client's ready-to-paste configuration (§2.2). */
export const ConfigEntry = t.Object({
  client: t.String({ description: 'Client slug, e.g. claude-desktop, cursor, vs-code, codex, cli' }),
  label: t.String(),
  format: t.Union([t.Literal('json'), t.Literal('toml'), t.Literal('yaml'), t.Literal('shell'), t.Literal('text')]),
  locations: t.Array(t.Object({ os: t.String(), path: t.String() })),
  snippet: t.String(),
  note: t.String(),
  command: t.Optional(
    t.String({
      description: 'One-line shell command that installs exactly this config (Claude Code, Codex, VS Code, cli)',
    }),
  ),
  deepLink: t.Optional(t.String({ description: "The client's install link (cursor://…, vscode:mcp/install?…)" })),
  webLink: t.Optional(t.String({ description: 'An https form of the install link, for READMEs (VS Code)' })),
})
export type ConfigEntry = Static<typeof ConfigEntry>

/** The install recipe behind `configs`, with how sure we are of it. */
export const InstallInfo = t.Object({
  kind: t.Union([t.Literal('local'), t.Literal('remote')]),
  confidence: t.Union([t.Literal('high'), t.Literal('low')]),
  command: t.Optional(t.String()),
  args: t.Optional(t.Array(t.String())),
  url: t.Optional(t.String()),
  transport: t.Optional(t.String()),
  registryType: t.Optional(t.String()),
  identifier: t.Optional(t.String()),
  environmentVariables: t.Array(
    t.Object({
      name: t.String(),
      description: t.Optional(t.String()),
      isRequired: t.Optional(t.Boolean()),
      isSecret: t.Optional(t.Boolean()),
    }),
  ),
  basis: t.Optional(
    t.Union([t.Literal('registry'), t.Literal('readme-config'), t.Literal('readme-mention'), t.Literal('repository')], {
      description:
        "Where the install comes from: the registry entry, the README's client config, a package the README names (a guess), or the repository run as it is (a guess)",
    }),
  ),
  note: t.Optional(t.String({ description: 'Why the confidence is low: what is missing' })),
  evidence: t.Optional(
    t.Union(
      [
        t.Object({
          registryType: t.Union([t.Literal('npm'), t.Literal('pypi')]),
          identifier: t.String(),
          version: t.Union([t.String(), t.Null()]),
          entryUrl: t.String({ description: 'The registry entry read (its public JSON API address)' }),
          linkedBy: t.Union([t.Literal('mcpName'), t.Literal('mcp-name'), t.Literal('repository'), t.Null()], {
            description: 'What links the package to the listing; null: nothing does',
          }),
          link: t.Union([t.String(), t.Null()], {
            description: 'The server name the package declares, or the repository address it gives',
          }),
          checkedAt: t.String({ format: 'date-time' }),
        }),
        t.Null(),
      ],
      { description: 'The package registry entry behind the confidence, when one was read' },
    ),
  ),
})

/** Listing detail: the `server` object of the detail response (§2.2). */
export const ServerDetail = t.Composite([
  ListingSummary,
  t.Object({
    origin: t.Optional(
      t.String({
        description:
          'Who may change the listing: `submission`, `import` (an operator import), `registry:<base URL>` (a followed registry) or `demo` (sample data, removed by the first real import)',
      }),
    ),
    title: t.Union([t.String(), t.Null()]),
    version: t.Union([t.String(), t.Null()]),
    repositoryUrl: t.Union([t.String(), t.Null()]),
    websiteUrl: t.Union([t.String(), t.Null()]),
    tags: t.Array(t.String()),
    transports: t.Array(t.String({ description: 'stdio when a package exists, remote when a hosted endpoint exists' })),
    qualityScore: t.Integer({ minimum: 0, maximum: 100, description: 'How complete and trustworthy the listing is' }),
    popularity: t.Object({
      upvotes: t.Integer(),
      views: t.Integer(),
      installs: t.Integer(),
      githubStars: t.Union([t.Integer(), t.Null()]),
    }),
    health: t.Union([t.String(), t.Null()]),
    archived: t.Union([t.String(), t.Null()], {
      description:
        'Why it is archived or deprecated (an archived repository, modelcontextprotocol/servers-archived, or its maintenance status); null when it is not',
    }),
    tools: t.Array(
      t.Object({ name: t.String(), description: t.Optional(t.String()), parameters: t.Optional(t.Array(t.String())) }),
    ),
    packages: t.Array(t.Unknown()),
    remotes: t.Array(t.Unknown()),
    install: t.Union([InstallInfo, t.Null()]),
    configs: t.Union([t.Array(ConfigEntry), t.Null()], { description: 'Null when the install is only a guess' }),
    createdAt: t.String({ format: 'date-time' }),
    updatedAt: t.String({ format: 'date-time' }),
    license: t.Union([t.String(), t.Null()], { description: 'From the submission (§2.4)' }),
    authType: t.Union([t.String(), t.Null()], { description: 'none, api_key, oauth or other' }),
    pricingModel: t.Union([t.String(), t.Null()], { description: 'free, freemium, paid or byok' }),
    maintenanceStatus: t.Union([t.String(), t.Null()], { description: 'active, stable, experimental or archived' }),
    compatibleClients: t.Array(t.String()),
    supportUrl: t.Union([t.String(), t.Null()]),
    readme: t.Union([t.String(), t.Null()], {
      description: 'The repository README (Markdown) when the directory holds one',
    }),
    risk: t.Optional(
      t.Union(
        [
          t.Object({
            level: t.Union([t.Literal('none'), t.Literal('low'), t.Literal('medium'), t.Literal('high')]),
            findings: t.Array(
              t.Object({
                kind: t.String({
                  description:
                    'hidden_instruction, invisible_characters, obfuscated_text, long_description or shadowed_name',
                }),
                severity: t.Union([t.Literal('low'), t.Literal('medium'), t.Literal('high')]),
                tool: t.String({ description: "The tool it was found in ('' for the server's own texts)" }),
                where: t.Optional(
                  t.String({
                    description:
                      'Where: description, title, annotations.<key>, parameter <path>, parameter name <path>, instructions, prompt <name> or resource <name>',
                  }),
                ),
                message: t.String(),
              }),
            ),
            toolsHash: t.String({ description: 'sha256 of the normalised tool list scanned' }),
            checkedAt: t.String({ format: 'date-time' }),
            cleared: t.Boolean({ description: 'An operator cleared this finding for this tool list' }),
            clearedAt: t.Union([t.String({ format: 'date-time' }), t.Null()]),
          }),
          t.Null(),
        ],
        {
          description:
            'The scan of the last tool list; a high level keeps the listing out of verified=1 until an operator clears it',
        },
      ),
    ),
    toolsChanges: t.Optional(
      t.Array(
        t.Object({
          at: t.String({ format: 'date-time' }),
          fromHash: t.String(),
          toHash: t.String(),
          added: t.Array(t.String()),
          removed: t.Array(t.String()),
          changed: t.Array(t.String()),
          source: t.Union([t.String(), t.Null()]),
        }),
        { description: 'The last changes of the tool list, newest first (rug-pull watch)' },
      ),
    ),
    checks: t.Object(
      {
        healthCheckedAt: t.Union([t.String({ format: 'date-time' }), t.Null()], {
          description: 'When the remote endpoint was last probed',
        }),
        factsWrittenAt: t.Optional(
          t.Union([t.String({ format: 'date-time' }), t.Null()], {
            description: "When a probe's facts were last written",
          }),
        ),
        factsWriteFailedAt: t.Optional(
          t.Union([t.String({ format: 'date-time' }), t.Null()], {
            description:
              "When the last probe's facts could not be written (null once a write succeeds); the listing then shows health unknown and is not verified",
          }),
        ),
        toolsSource: t.Union([t.String(), t.Null()], {
          description: 'Transport the tools list came through: streamable-http or sse',
        }),
        toolsCheckedAt: t.Union([t.String({ format: 'date-time' }), t.Null()], {
          description: 'When the tools were last listed live',
        }),
        githubArchived: t.Union([t.Boolean(), t.Null()]),
        githubPushedAt: t.Union([t.String({ format: 'date-time' }), t.Null()]),
        seenRunning: t.Optional(
          t.Boolean({
            description: 'The latest observation saw it run (before the risk gate; isVerifiedActive is after it)',
          }),
        ),
        remoteAuth: t.Optional(
          t.Union([
            t.Object({
              kind: t.Union([t.Literal('oauth'), t.Literal('api_key'), t.Literal('none')], {
                description: 'How the remote endpoint asks clients to authenticate, as probed',
              }),
              resourceMetadata: t.Optional(t.String()),
              authorizationServers: t.Optional(t.Array(t.String())),
              confirmed: t.Optional(
                t.Boolean({ description: "Whether the authorization server's own metadata was read" }),
              ),
              checkedAt: t.String({ format: 'date-time' }),
            }),
            t.Null(),
          ]),
        ),
        protocol: t.Optional(
          t.Union([
            t.Object(
              {
                version: t.String({ description: '2026-07-28, or the 2025 revision it negotiated (e.g. 2025-06-18)' }),
                era: t.Union([t.Literal('modern'), t.Literal('legacy')], {
                  description: 'modern: server/discover and stateless requests; legacy: the initialize handshake',
                }),
                ttlMs: t.Union([t.Integer(), t.Null()], {
                  description: 'How long the server says its tool list stays fresh (2026-07-28 only)',
                }),
                source: t.String({ description: 'Where it was seen: streamable-http, sse or sandbox' }),
                checkedAt: t.String({ format: 'date-time' }),
              },
              { description: 'The MCP revision its server was last seen speaking' },
            ),
            t.Null(),
          ]),
        ),
        sandbox: t.Optional(
          t.Union([
            t.Object(
              {
                verdict: t.String({
                  description:
                    'ran, asked_for_keys, asked_for_config, install_failed, install_refused, package_missing, timeout, crashed, output_limit, memory_limit or not_mcp',
                }),
                registryType: t.String(),
                identifier: t.String(),
                version: t.Union([t.String(), t.Null()]),
                steps: t.Record(t.String(), t.Integer(), {
                  description: 'Milliseconds per step: install, initialize, tools, total',
                }),
                detail: t.String(),
                variable: t.Optional(t.String({ description: 'The declared variable it asked for' })),
                toolCount: t.Integer(),
                promptCount: t.Optional(t.Integer()),
                resourceCount: t.Optional(t.Integer()),
                installFailures: t.Integer(),
                retired: t.Boolean({
                  description:
                    'A guessed package no longer started (two install failures, or one the registry does not know)',
                }),
                checkedAt: t.String({ format: 'date-time' }),
              },
              {
                description:
                  "The last start of the listing's package in the sandbox (no network, no host files, bounded)",
              },
            ),
            t.Null(),
          ]),
        ),
      },
      { description: 'When and how the live facts (health, tools, repository) were last checked' },
    ),
  }),
])
export type ServerDetail = Static<typeof ServerDetail>

/** A category (§2.3). */
export const CategoryModel = t.Object({ label: t.String(), slug: t.String(), emoji: t.String(), group: t.String() })

/** A search hit: the summary of §2.1 with the additive facts a result card shows and the search orderings read. */
export const SearchHit = t.Composite([
  ListingSummary,
  t.Object({
    title: t.Optional(t.Union([t.String(), t.Null()], { description: 'The title people read, when it has one' })),
    risk: t.Optional(
      t.Union([t.Literal('none'), t.Literal('low'), t.Literal('medium'), t.Literal('high'), t.Null()], {
        description:
          "Level of the last scan of its tool descriptions (null: never scanned); the detail's `risk` has the findings",
      }),
    ),
    riskCleared: t.Optional(t.Boolean({ description: 'An operator reviewed the scan of exactly this tool list' })),
    stars: t.Optional(t.Union([t.Integer(), t.Null()], { description: 'GitHub stars (null: not known)' })),
    installs: t.Optional(t.Integer({ description: 'Installs counted (copies of a config, once per visitor a day)' })),
    addedAt: t.Optional(t.String({ format: 'date-time', description: 'When the listing was added to the catalog' })),
    checkedAt: t.Optional(
      t.Union([t.String({ format: 'date-time' }), t.Null()], {
        description: 'When its live facts (tools, endpoint, sandbox start) were last checked; null: never',
      }),
    ),
  }),
])
export type SearchHit = Static<typeof SearchHit>

/** Search response body (§4.2), with the additive `nextCursor`. */
export const SearchResponse = t.Object({
  total: t.Integer(),
  query: t.Union([t.String(), t.Null()]),
  category: t.Union([t.String(), t.Null()]),
  servers: t.Array(SearchHit),
  nextCursor: t.Union([t.String(), t.Null()], {
    description: 'Pass as `cursor` for the next page; null on the last page',
  }),
})
export type SearchResponse = Static<typeof SearchResponse>

/** The Error object (§2.6). */
export const ErrorModel = t.Object({
  error: t.String(),
  message: t.String(),
  details: t.Optional(t.Array(t.Unknown())),
  status: t.Optional(t.Integer()),
  docs: t.Optional(t.String({ format: 'uri' })),
})

/** A listing of the operator's moderation queue (`GET /api/v1/admin/listings`, contract §3). */
export const QueueListing = t.Object({
  id: t.String(),
  name: t.String(),
  description: t.String(),
  category: t.String(),
  url: t.String(),
  status: t.String(),
  source: t.String(),
  reason: t.Union([t.String(), t.Null()]),
  createdAt: t.String({ format: 'date-time' }),
  updatedAt: t.String({ format: 'date-time' }),
})
export type QueueListing = Static<typeof QueueListing>
