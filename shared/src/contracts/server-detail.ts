/**
 * The listing detail model (directory-api §2.2, with the additive fields the directory documents): the `server`
 * object the catalog answers with, read by the MCP endpoint, the web pages and the gateway's OpenAPI document.
 */
import { Type as t, type Static } from '@sinclair/typebox'
import { ConfigEntry, InstallInfo, ListingSummary } from './models'
import { listChangesModel, SkillsChangesModel, SkillsModel, ToolsDefectModel } from './observed-models'

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
    categorySource: t.Optional(
      t.Union([t.Literal('given'), t.Literal('guessed')], {
        description:
          "`given`: the category its source, submitter or owner named; `guessed`: none usable was given, so the directory guessed it from the name, title, description, tools and README (Other when nothing was clear). Always present in the catalog's answers",
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
    installWithheld: t.Array(
      t.Object({
        url: t.String(),
        reason: t.String(),
        checkedAt: t.String({ format: 'date-time', description: 'The probe that saw it' }),
      }),
      {
        description:
          "Remotes given no install line or config: their names resolved to a loopback, private, link-local or unique-local address at the listing's last probe",
      },
    ),
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
    readiness: t.Optional(
      t.Object(
        {
          ready: t.Union([t.Boolean(), t.Null()], {
            description:
              'true when every check passed; false when one failed; null when one is unknown (nothing observed)',
          }),
          checks: t.Array(
            t.Object({
              id: t.Union(
                [
                  t.Literal('tool-titles'),
                  t.Literal('tool-annotations'),
                  t.Literal('tool-names'),
                  t.Literal('remote-auth'),
                ],
                {
                  description:
                    'tool-titles: every tool has a title; tool-annotations: every tool has readOnlyHint or destructiveHint; tool-names: names unique and at most 64 characters; remote-auth: a remote endpoint uses OAuth (protected-resource metadata) or no auth',
                },
              ),
              passed: t.Union([t.Boolean(), t.Null()], { description: 'null: nothing observed to judge it by' }),
              evidence: t.String({
                description: 'What it was judged on: the tools that fail it, where and when the tool list was seen',
              }),
            }),
          ),
        },
        {
          description:
            "Ready for an agent's host (a connector directory): checks of the last observed tool list and the probe of the endpoint's auth",
        },
      ),
    ),
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
                      'Where: description, title, annotations.<key>, parameter <path>, parameter name <path>, instructions, prompt <name>, resource <name>, skill <name> or skill <name> SKILL.md',
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
      listChangesModel(
        'A tool whose description or parameters changed',
        'The last changes of the tool list, newest first (rug-pull watch)',
      ),
    ),
    toolsDefect: t.Optional(ToolsDefectModel),
    skills: t.Optional(SkillsModel),
    skillsChanges: t.Optional(SkillsChangesModel),
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
