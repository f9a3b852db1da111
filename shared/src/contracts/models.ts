// Over 300 lines: the public models many services read, each with its description; one place to read them.
/**
 * TypeBox models of the public resources (directory-api §2) that more than one service reads: the catalog answers
 * with them, and the MCP endpoint, the web pages and the gateway's OpenAPI document read the same answers, so they
 * live here rather than in the catalog. Request models (queries, bodies) live with the route that owns them.
 */
import { Type as t, type Static } from '@sinclair/typebox'
import { InstallGuessHint } from './install-guess'

/** One piece of evidence that ties a listing to its publisher, with where it came from. */
export const PublisherEvidence = t.Object({
  kind: t.Union(
    [
      t.Literal('registry-namespace'),
      t.Literal('published-here'),
      t.Literal('dns-claim'),
      t.Literal('github-claim'),
      t.Literal('website'),
      t.Literal('repository'),
      t.Literal('package-link'),
      t.Literal('package'),
      t.Literal('remote-host'),
    ],
    {
      description:
        'registry-namespace: a namespace the official MCP registry granted after its proof; published-here: published here with a registry token; dns-claim, github-claim: a claim here; website, repository: the address the entry gives; package-link: the package registry entry links back to the listing; package: the entry names a package; remote-host: a remote on the proven domain',
    },
  ),
  source: t.Union(
    [t.Literal('official-registry'), t.Literal('directory'), t.Literal('npm'), t.Literal('pypi'), t.Literal('entry')],
    {
      description:
        'Who checked it: the official registry, this directory, a package registry, or nobody (the entry says so)',
    },
  ),
  proves: t.Boolean({ description: 'A proof of control (true) or only a link the entry makes (false)' }),
  detail: t.String(),
})
export type PublisherEvidence = Static<typeof PublisherEvidence>

/** Who made a listing (style §24): its publisher, on what evidence, and whether it is that publisher's own server. */
export const Publisher = t.Object({
  name: t.String({
    description: "The name to show: a domain's label as the listing writes it, a GitHub account, an npm scope",
  }),
  kind: t.Union([t.Literal('domain'), t.Literal('github'), t.Literal('npm'), t.Literal('pypi'), t.Literal('unknown')]),
  id: t.Union([t.String(), t.Null()], { description: 'notion.com, a GitHub account, @scope; null when unknown' }),
  verified: t.Boolean({ description: 'Some evidence of the publisher proves control (not only a link)' }),
  relation: t.Union([t.Literal('own'), t.Literal('community'), t.Literal('unknown')], {
    description:
      "own: the listing is about its publisher (the company's own server); community: it is about another brand or topic",
  }),
  label: t.String({
    description: 'One line for a card: "by Notion · notion.com (verified by the official MCP registry)"',
  }),
  evidence: t.Optional(
    t.Array(PublisherEvidence, {
      description:
        'Each piece of evidence (in the detail, Markdown and /v0.1; a search hit leaves it out: read the detail)',
    }),
  ),
})
export type Publisher = Static<typeof Publisher>

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
  publisher: t.Optional(Publisher),
  upvotes: t.Integer(),
  demo: t.Optional(
    t.Literal(true, {
      description: 'Present only on a demo listing: sample data shown until the first real import, not a real listing',
    }),
  ),
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

/** What the registry entry says of one input: how to ask for it (the official schema's `Input`). */
const InputFactsModel = t.Object({
  description: t.Optional(t.String()),
  isRequired: t.Optional(t.Boolean()),
  isSecret: t.Optional(t.Boolean()),
  format: t.Optional(t.String()),
  default: t.Optional(t.String()),
  placeholder: t.Optional(t.String()),
  choices: t.Optional(t.Array(t.String())),
})

/** One input an install takes (environment variable, argument, header or URL variable): what to ask for. */
export const InstallSettingModel = t.Object({
  name: t.String({
    description: "The environment variable, the argument's flag or hint, the header, or the URL variable",
  }),
  kind: t.Union([t.Literal('env'), t.Literal('argument'), t.Literal('header'), t.Literal('url')]),
  required: t.Boolean({ description: 'The server does not start or connect without it' }),
  secret: t.Boolean({ description: 'A credential: never shown once set' }),
  description: t.Optional(t.String()),
  format: t.Optional(
    t.Union([t.Literal('number'), t.Literal('boolean'), t.Literal('filepath')], {
      description: "When not plain text: a number, true/false, or a path on the user's machine",
    }),
  ),
  example: t.Optional(t.String({ description: 'The form a value takes (an example, never a value to use)' })),
  default: t.Optional(t.String({ description: 'The value used when none is given' })),
  choices: t.Optional(t.Array(t.String(), { description: 'The only values it takes' })),
  variable: t.String({
    description: 'The name a value is given under (`values` of get_mcp_install_config, the listing page form)',
  }),
  placeholder: t.String({
    description:
      'What stands for it in the configs: <VARIABLE> (Claude Code reads ${VARIABLE}, VS Code asks ${input:variable})',
  }),
  source: t.Union([t.Literal('registry'), t.Literal('readme'), t.Literal('package')], {
    description: "Where it was read: the registry entry, the README's client config, or the package's registry entry",
  }),
})
export type InstallSettingModel = Static<typeof InstallSettingModel>

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
      ...InputFactsModel.properties,
      value: t.Optional(t.String({ description: 'A value the entry fixes; `{name}` in it is one of `variables`' })),
      variables: t.Optional(t.Record(t.String(), InputFactsModel)),
    }),
  ),
  headers: t.Optional(
    t.Array(
      t.Object({
        name: t.String(),
        ...InputFactsModel.properties,
        value: t.Optional(t.String({ description: 'A fixed value or a template such as `Bearer {api_key}`' })),
        variables: t.Optional(t.Record(t.String(), InputFactsModel)),
      }),
      { description: 'A remote: the headers it is sent with' },
    ),
  ),
  settings: t.Optional(
    t.Array(InstallSettingModel, {
      description: 'Every setting the install takes, required ones first; "needs" names the required ones',
    }),
  ),
  basis: t.Optional(
    t.Union(
      [
        t.Literal('registry'),
        t.Literal('readme-config'),
        t.Literal('readme-mention'),
        t.Literal('registry-link'),
        t.Literal('repository'),
      ],
      {
        description:
          "Where the install comes from: the registry entry, the README's client config, a package the README names (a guess), a package found in npm or PyPI whose entry links back to the listing's repository or names the listing (registry-link), or the repository run as it is (a guess)",
      },
    ),
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

/** A category (§2.3). */
export const CategoryModel = t.Object({ label: t.String(), slug: t.String(), emoji: t.String(), group: t.String() })

/**
 * A search hit: the summary of §2.1 with the additive facts a result card shows and the search orderings read, and,
 * when the search names a `client`, how to choose it and install it there.
 */
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
    matchedTools: t.Optional(
      t.Array(t.String(), {
        description:
          "Names of the hit's observed tools whose own text (name, title, description, parameters) holds a word of the query; absent when none did",
      }),
    ),
    stars: t.Optional(t.Union([t.Integer(), t.Null()], { description: 'GitHub stars (null: not known)' })),
    installs: t.Optional(t.Integer({ description: 'Installs counted (copies of a config, once per visitor a day)' })),
    addedAt: t.Optional(t.String({ format: 'date-time', description: 'When the listing was added to the catalog' })),
    checkedAt: t.Optional(
      t.Union([t.String({ format: 'date-time' }), t.Null()], {
        description: 'When its live facts (tools, endpoint, sandbox start) were last checked; null: never',
      }),
    ),
    transports: t.Optional(
      t.Array(t.String(), { description: 'stdio: a package to run locally; remote: a hosted endpoint' }),
    ),
    health: t.Optional(t.Union([t.String(), t.Null()])),
    archived: t.Optional(
      t.Union([t.String(), t.Null()], { description: 'Why it is archived or deprecated; null when it is not' }),
    ),
    install: t.Optional(
      t.Union([
        t.Object({
          kind: t.Union([t.Literal('local'), t.Literal('remote')]),
          confidence: t.Union([t.Literal('high'), t.Literal('low')], {
            description: 'low: check it against the repository README',
          }),
          needsKeys: t.Boolean(),
          keys: t.Array(t.String(), { description: 'Secrets to set: environment variables or header values' }),
          needs: t.Optional(
            t.Array(t.String(), {
              description:
                'Every required setting, secret or not (a database URL, a folder, a key): the detail says what each is',
            }),
          ),
          client: t.String(),
          lineKind: t.Union([t.Literal('command'), t.Literal('link'), t.Literal('config'), t.Null()], {
            description: 'command: run it; link: open it; config: merge it into the file',
          }),
          line: t.Union([t.String(), t.Null()], {
            description:
              'One line that installs it in `client`, showing what it runs (a command, or the config to merge); null when the install is only guessed',
          }),
          link: t.Optional(
            t.Union([t.String(), t.Null()], {
              description: "The client's install link (Cursor, VS Code) where it has one: the same config, encoded",
            }),
          ),
          guess: t.Optional(InstallGuessHint),
        }),
        t.Null(),
      ]),
    ),
  }),
])
export type SearchHit = Static<typeof SearchHit>

/** Search response body (§4.2), with the additive `nextCursor`. */
export const SearchResponse = t.Object({
  total: t.Integer(),
  query: t.Union([t.String(), t.Null()]),
  category: t.Union([t.String(), t.Null()]),
  servers: t.Array(SearchHit, {
    description: 'With `client`, each hit also carries transports, health, archived and install',
  }),
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
  /**
   * Its tool list's risk finding, if any: the level, the hash of the list it was found in (what a clearance names)
   * and whether an operator cleared that list.
   */
  risk: t.Optional(t.Union([t.Object({ level: t.String(), toolsHash: t.String(), cleared: t.Boolean() }), t.Null()])),
})
export type QueueListing = Static<typeof QueueListing>
