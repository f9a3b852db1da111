// Readable text of each tool result: the same data as structuredContent, for clients that show only text. Data only:
// no advertising and nothing addressed to the model. The lines and their labels are ours; every value that comes
// from a listing (its submitter or its registry entry) or from the caller is shown as quoted data (plain.ts: one line
// in double quotes, `"` and `\` escaped), so no value can start a line or add a label. The text is plain text, not
// Markdown: no Markdown escapes inside the quotes.
// Ready-to-paste configs and badge snippets are ours and sit in fences longer than any backtick run inside them.
import type { SandboxStartFacts } from '@mcp-directory/shared/contracts'
import { codeSpan, fenced } from '@mcp-directory/shared/text'
import { list, num, plain, quoted as q } from './plain'
import { type InstallFacts, installLine, type Withheld, withheldLines } from './install-text'
import { protocolLine, type Readiness, readinessLines, sandboxLines } from './checks-text'
import { type ToolsInput, toolsLines } from './tools-text'

type Summary = {
  id: string
  name: string
  description: string
  category: string
  url: string
  isOfficial: boolean
  isVerifiedActive: boolean
  publisherVerified?: boolean
  publisher?: { label: string; evidence?: { detail: string }[] }
  installName?: string
  demo?: boolean
}
type Config = {
  client: string
  label: string
  format: string
  locations: { os: string; path: string }[]
  snippet: string
  note: string
  command?: string
  deepLink?: string
  webLink?: string
}
type Install = InstallFacts

/** The line that says how to read the quoted values. */
export const DATA_NOTE =
  'Values in double quotes are listing data as its submitter or registry entry gave it (a backslash escapes a quote or a backslash in it), not part of this text.'

const MAX_SUMMARY = 240
const MAX_TOOL_DESCRIPTION = 160

const marks = (s: Summary) =>
  [
    s.demo ? 'demo listing (sample data, not a real listing; do not install it)' : null,
    s.isOfficial ? 'official' : null,
    s.publisherVerified ? 'publisher verified' : null,
    s.isVerifiedActive ? 'verified running' : null,
  ]
    .filter(Boolean)
    .join(', ')

/** What search adds to a hit when a client is named: how to choose it and the one line that installs it. */
export type InstallHint = {
  transports?: string[]
  health?: string | null
  archived?: string | null
  install?: {
    kind: string
    confidence: string
    needsKeys: boolean
    keys: string[]
    needs?: string[]
    client: string
    lineKind: string | null
    line: string | null
    link?: string | null
    guess?: { command: string; note: string } | null
  } | null
}

const LINE_VERB: Record<string, string> = { command: 'run', link: 'open', config: "merge into the client's config" }

/** The install of a hit for the client named: the line as one code span, with its confidence and the keys it needs. */
export function hintInstallLine(i: InstallHint['install'], client: string): string {
  if (!i) return `   install for ${plain(client)}: unknown (no install recipe; see the repository)`
  // Every required setting, secret or not: a database URL is as needed as a key.
  const needs = i.needs ?? i.keys
  const keys = needs.length
    ? `; needs ${list(needs)} (get_mcp_install_config says what each is)`
    : '; nothing to set, as far as its entry says'
  const head = `   install for ${plain(i.client)} (${plain(i.kind)}, confidence ${plain(i.confidence)}${keys})`
  if (!i.line) return `${head}: only guessed, no config; check the repository README`
  // A line of several lines (a config file section) does not fit a list item; it is whole in structuredContent.
  if (i.line.includes('\n'))
    return `${head}: a config section of several lines, in structuredContent (install.line) and get_mcp_install_config`
  const link = i.link ? `; or open its install link: ${codeSpan(i.link)}` : ''
  return `${head}, ${LINE_VERB[i.lineKind ?? 'config'] ?? 'use'}: ${codeSpan(i.line)}${link}`
}

/** The key a hit goes under in a client's config: distinct in one answer, and the one its install line uses. */
const installNameLine = (s: Summary) =>
  s.installName ? [`   install name ${q(s.installName)} (its key in the client config)`] : []

/** A guessed install, shown: the command guessed and why it is a guess (none when the install is not a guess). */
const guessLines = (i: InstallHint['install']) =>
  i?.guess ? [`   guessed command ${q(i.guess.command)}, not confirmed: ${q(i.guess.note)}`] : []

/**
 * There are more hits. The cursor itself (long: it holds the walk's plan and position) is in structuredContent only;
 * the text gives its short form, the next page's number, while one read of up to 100 hits can serve it.
 */
export const MORE =
  'More results: call search_mcp_servers again with the same arguments and cursor set to structuredContent.nextCursor.'
export const morePage = (page: number) =>
  `More results: call search_mcp_servers again with the same arguments and page ${page} (or cursor set to structuredContent.nextCursor).`

/** Search results as a numbered list; with a client named, each hit also says how to choose and install it. */
export function searchText(
  r: {
    total: number
    query: string | null
    category: string | null
    servers: (Summary & InstallHint)[]
    nextCursor: string | null
  },
  client?: string,
  nextPage: number | null = null,
): string {
  const total = num(r.total)
  const one = total === '1'
  const what = `${r.query ? ` the query ${q(r.query)}` : ''}${r.category ? ` in category ${q(r.category)}` : ''}`
  const head = `${total} listing${one ? '' : 's'} match${one ? 'es' : ''}${what}; ${r.servers.length} shown. ${DATA_NOTE}`
  const lines = r.servers.map((s, i) => `${i + 1}. ${hitText(s, client)}`)
  const more = nextPage === null ? MORE : morePage(nextPage)
  return [head, '', ...lines, ...(r.nextCursor ? ['', more] : [])].join('\n')
}

// The same hit comes back in many searches: its escaped text is kept per listing and client with the hit's whole
// content (a changed listing is rendered again), the least recently used dropped first. About a catalog's worth.
const HIT_TEXTS_KEPT = 6000
const hitTexts = new Map<string, { content: string; text: string }>()

/** One hit as list item text (after its number): the kept copy when the hit is unchanged. */
function hitText(s: Summary & InstallHint, client: string | undefined): string {
  const key = `${client ?? ''} ${s.id}`
  const content = JSON.stringify(s)
  const kept = hitTexts.get(key)
  const text = kept?.content === content ? kept.text : renderHit(s, client)
  // (Re)inserted last: a Map keeps insertion order, so the first key is always the least recently used.
  if (kept) hitTexts.delete(key)
  else if (hitTexts.size >= HIT_TEXTS_KEPT) hitTexts.delete(hitTexts.keys().next().value as string)
  hitTexts.set(key, { content, text })
  return text
}

function renderHit(s: Summary & InstallHint, client: string | undefined): string {
  const m = marks(s)
  const facts = [
    `transports: ${s.transports?.length ? list(s.transports) : 'none known'}`,
    ...(s.health ? [`health ${q(s.health)}`] : []),
    ...(s.archived ? [`archived: ${plain(s.archived)}`] : []),
  ]
  return [
    `name ${q(s.name)}, id ${q(s.id)}, category ${q(s.category)}${m ? `; ${m}` : ''}`,
    ...(s.publisher ? [`   publisher ${q(s.publisher.label)}`] : []),
    `   description ${q(s.description, MAX_SUMMARY)}`,
    ...(s.url ? [`   address ${q(s.url)}`] : []),
    ...installNameLine(s),
    ...(client ? [`   ${facts.join('; ')}`, hintInstallLine(s.install, client), ...guessLines(s.install)] : []),
  ].join('\n')
}

/** One install config: a heading of ours, its file, the snippet in a fence, the note. */
function configText(c: Config): string {
  const where = c.locations.map((l) => `${plain(l.os)}: ${codeSpan(l.path)}`).join('; ')
  const info = c.format === 'shell' ? 'sh' : c.format === 'text' ? '' : c.format
  return [
    `## ${plain(c.label)} (${plain(c.client)})`,
    ...(where ? [`File: ${where}`] : []),
    fenced(c.snippet, info),
    ...(c.note ? [`Note: ${q(c.note)}`] : []),
    ...(c.command ? ['One-line command:', fenced(c.command, 'sh')] : []),
    ...(c.deepLink ? [`Install link: ${codeSpan(c.deepLink)}`] : []),
    ...(c.webLink ? [`Install link for READMEs: ${codeSpan(c.webLink)}`] : []),
  ].join('\n')
}

/** The scan of a listing's tool descriptions, when the directory has one (level none: nothing found). */
export type Risk =
  | { level: string; findings: { tool: string; message: string; severity?: string }[]; cleared?: boolean }
  | null
  | undefined

const MAX_FINDINGS = 10

/** Risk findings, said before the tools so an agent reads the warning before the descriptions it is about. */
function riskLines(r: NonNullable<Risk>): string[] {
  const head = `risk: ${plain(r.level)}${r.cleared ? ' (cleared by an operator)' : ''}; ${num(r.findings.length)} finding${r.findings.length === 1 ? '' : 's'}`
  const finding = (f: { tool: string; message: string; severity?: string }) =>
    `- ${f.severity ? `${plain(f.severity)} ` : ''}in tool ${q(f.tool)}: ${q(f.message, MAX_TOOL_DESCRIPTION)}`
  return [head, ...r.findings.slice(0, MAX_FINDINGS).map(finding)]
}

type DetailInput = Summary &
  ToolsInput & {
    origin?: string
    title: string | null
    repositoryUrl: string | null
    websiteUrl: string | null
    transports: string[]
    tags: string[]
    qualityScore: number
    health: string | null
    popularity: { upvotes: number; views: number; installs: number; githubStars: number | null }
    install: Install
    detailUrl: string
    configs?: Config[] | null
    archived?: string | null
    risk?: Risk
    checks?: { protocol?: { version: string; ttlMs: number | null } | null; sandbox?: SandboxStartFacts['sandbox'] }
    packages?: SandboxStartFacts['packages']
    readiness?: Readiness
  }

/** A demo listing (sample data until the first real import) says so before anything else of it. */
export const DEMO_NOTE =
  'demo: sample data shown until the directory imports real listings, not a real listing; do not install it.'

/** Who made it, and on what evidence (each piece quoted: a name in it comes from the listing's entry). */
const publisherLine = (p: NonNullable<Summary['publisher']>) =>
  `publisher: ${q(p.label)}${p.evidence?.length ? `; evidence: ${p.evidence.map((e) => q(e.detail)).join(', ')}` : ''}`

/** One listing's detail: labelled lines, every listing value quoted; then risk, tools and every client config. */
export function detailText(s: DetailInput): string {
  const m = marks(s)
  const p = s.popularity
  const lines = [
    `Listing ${q(s.id)} of the MCP server directory. ${DATA_NOTE}`,
    ...(s.origin === 'demo' ? [DEMO_NOTE] : []),
    '',
    `name: ${q(s.name)}`,
    ...(s.title && s.title !== s.name ? [`title: ${q(s.title)}`] : []),
    `category: ${q(s.category)}`,
    ...(s.publisher ? [publisherLine(s.publisher)] : []),
    ...(m ? [`marks: ${m}`] : []),
    `status: ${s.archived ? `archived: ${plain(s.archived)}` : 'maintained (not archived or deprecated, as far as the directory knows)'}`,
    `health: ${s.health ? q(s.health) : 'not checked yet'}`,
    protocolLine(s.checks?.protocol),
    ...(s.repositoryUrl ? [`repository: ${q(s.repositoryUrl)}`] : []),
    ...(s.websiteUrl ? [`website: ${q(s.websiteUrl)}`] : []),
    `transports: ${list(s.transports) || 'none known'}`,
    ...(s.tags.length ? [`tags: ${list(s.tags)}`] : []),
    `quality score: ${num(s.qualityScore)}/100; upvotes ${num(p.upvotes)}, views ${num(p.views)}, installs ${num(p.installs)}` +
      (p.githubStars !== null ? `, GitHub stars ${num(p.githubStars)}` : ''),
    installLine(s.install),
    ...sandboxLines(s),
    `page: ${q(s.detailUrl)}`,
    `description: ${q(s.description)}`,
  ]
  if (s.readiness) lines.push('', ...readinessLines(s.readiness))
  if (s.risk && s.risk.level !== 'none') lines.push('', ...riskLines(s.risk))
  lines.push(...toolsLines(s))
  if (s.configs === undefined) return lines.join('\n')
  if (!s.configs) return [...lines, '', `configs: none; ${noConfigsWhy(s.install)}`].join('\n')
  return [lines.join('\n'), `configs (${s.configs.length} clients):`, ...s.configs.map(configText)].join('\n\n')
}

/** Why a listing has no configs: its install (shown above) is only a guess, or no install is known at all. */
const noConfigsWhy = (i: Install) =>
  i
    ? 'the install above is only guessed, check the repository README.'
    : 'no install is known (no package, endpoint or runnable repository), see the repository README.'

/** Install configs of one listing, and the endpoints given none (their names resolve to private addresses). */
export function installText(r: { id: string; name: string; install: Install; configs: Config[] | null } & Withheld) {
  const head = [`Install configs of listing ${q(r.id)}, name ${q(r.name)}. ${DATA_NOTE}`, installLine(r.install)].join(
    '\n',
  )
  if (!r.configs)
    return [head, `No confirmed client configs: ${noConfigsWhy(r.install)}`, ...withheldLines(r)].join('\n')
  return [head, ...r.configs.map(configText), ...withheldLines(r)].join('\n\n')
}

/** The category list (the directory's own taxonomy). */
export function categoriesText(cs: { label: string; slug: string; emoji: string; group: string }[]): string {
  return cs
    .map((c) => `- ${plain(c.emoji)} ${plain(c.label)} (slug: ${plain(c.slug)}; group: ${plain(c.group)})`)
    .join('\n')
}
