/**
 * The Markdown listing document (directory-api §2.7). Every listing string is untrusted and goes through the one
 * rule of shared/text: control, bidi and invisible characters removed; single-line fields escaped so they open
 * nothing (no heading, list, fence, table, HTML or link other than a plain http(s) address); the description as
 * paragraphs only; the README in a fence longer than any backtick run inside it. So no listing can fake, swallow or
 * reorder a section.
 */
import type { InstallModel, Listing } from '@mcp-directory/shared/contracts'
import { installName, placeholderEnv, placeholderHeaders, withheldRemotes } from '@mcp-directory/shared/install'
import {
  cleanText,
  fenced,
  flatText as flat,
  markdownBlock,
  markdownInline as inline,
  truncate,
} from '@mcp-directory/shared/text'
import { publisherModelOf } from '../listings/publisher-identity'
import { readinessSection } from './readiness'
import { sandboxMetaLines } from './sandbox'
import { changeWords, skillsSection, toolsDefectLines } from './skills'
import { settingsParagraph } from './settings'

/** Options of `renderListingMarkdown`. */
export interface RenderListingOptions {
  /** Absolute address of the listing's page. */
  detailUrl: string
  /** The listing's install model (null when none is known). */
  model: InstallModel | null
  /** The key its snippet uses, when the catalog qualified it (search's install name); else its own. */
  installName?: string | undefined
  /** Heading text instead of the listing name (e.g. its title). */
  displayName?: string
}

// Longest README reproduced in full; the rest is cut (the repository has it all).
const MAX_README = 200_000
const MAX_TOOL_DESCRIPTION = 500

const count = (n: number | null | undefined): string => (Number.isFinite(n) ? String(Math.trunc(n as number)) : '0')

function healthMarker(health: string | null): string {
  const h = inline(flat(health).replace(/[[\]]/g, ''))
  return h ? ` [Health: ${h.charAt(0).toUpperCase()}${h.slice(1)}]` : ''
}

const RUNNER_LABEL: Readonly<Record<string, string>> = { npx: 'npx', uvx: 'uvx', docker: 'docker', dnx: 'dnx' }

// The notes of an install model are built from registry data (package names, addresses): flattened, and kept
// out of Markdown structure like every other listing string.
function confidenceSentence(model: InstallModel): string {
  const note = model.note ? inline(model.note) : ''
  if (model.kind === 'remote') return 'Confidence: high (the hosted endpoint of the listing’s registry entry).'
  const e = model.evidence
  const proof = e?.linkedBy
    ? `its ${e.registryType === 'npm' ? 'npm' : 'PyPI'} entry ${e.linkedBy === 'repository' ? `links back to the listing’s repository (${inline(e.link)})` : `names this listing (${e.linkedBy} ${inline(e.link)})`}, checked ${inline(e.checkedAt)}`
    : ''
  switch (model.basis) {
    case 'registry':
      return model.confidence === 'high'
        ? `Confidence: high (declared by the listing’s registry entry; ${proof}).`
        : `Confidence: low (declared by the listing’s registry entry, but ${note}).`
    case 'readme-config':
      return model.confidence === 'high'
        ? `Confidence: high (taken from the client configuration in the repository README; ${proof}).`
        : `Confidence: low (taken from the client configuration in the repository README, but ${note}).`
    case 'registry-link':
      return model.confidence === 'high'
        ? `Confidence: high (found in the ${model.registryType === 'npm' ? 'npm' : 'PyPI'} registry for the listing’s repository; ${proof}).`
        : `Confidence: low (${note}).`
    case 'readme-mention':
    case 'repository':
      return `Confidence: low (${note}).`
    default:
      return 'Confidence: low.' // a model of an unknown basis claims nothing
  }
}

/** The remotes whose install is withheld (names resolving privately, not at all, or not yet), one line each. */
function withheldLines(l: Listing): string[] {
  return withheldRemotes(l).map(
    (w) => `Withheld endpoint: ${inline(w.url)}, no install line (${inline(w.reason)}; seen ${w.checkedAt}).`,
  )
}

function installSection(l: Listing, model: InstallModel | null, name?: string): string {
  const withheld = withheldLines(l)
  const section = installSectionOf(l, model, name)
  return withheld.length ? `${section}\n\n${withheld.join('\n\n')}` : section
}

function installSectionOf(l: Listing, model: InstallModel | null, name?: string): string {
  const out = ['## Claude Desktop Quick Installation', '']
  const key = name ?? installName(l)
  if (!model) {
    // Still a kind, a confidence and a snippet (§2.7), but the snippet runs nothing: it only shows where the
    // command from the README goes. No package is named, since none is known to be the listing's own.
    const declared =
      (Array.isArray(l.packages) && l.packages.length > 0) || (Array.isArray(l.remotes) && l.remotes.length > 0)
    const why = withheldRemotes(l).length
      ? 'its remote endpoint’s name resolves to a private address, or could not be resolved yet, so no install line is given for it'
      : declared
        ? 'its registry entry declares only packages or endpoints that no client configuration can start'
        : 'the listing names no package and no remote endpoint, and its repository could not be read as a JavaScript or Python project that runs as it is'
    out.push(
      `Install kind: local runner command (unknown). Confidence: low (nothing can be guessed safely: ${why}). Follow the setup instructions of the repository README; the snippet only shows where its command goes.`,
    )
    out.push(
      '',
      fenced(
        JSON.stringify(
          { mcpServers: { [key]: { command: '<command from the README>', args: ['<arguments from the README>'] } } },
          null,
          2,
        ),
        'json',
      ),
    )
    return out.join('\n')
  }
  const confidence = confidenceSentence(model)
  let entry: Record<string, unknown>
  if (model.kind === 'local') {
    const runner = RUNNER_LABEL[model.runner] ?? flat(model.command)
    const what =
      model.basis === 'repository' ? `, running the listing’s own repository ${inline(model.identifier)}` : ''
    out.push(`Install kind: local runner command (\`${runner}\`${what}). ${confidence}`)
    const env = placeholderEnv(model.env)
    entry = { command: model.command, args: model.args, ...(Object.keys(env).length ? { env } : {}) }
  } else {
    const transport = model.transport === 'sse' ? 'SSE' : 'Streamable HTTP'
    out.push(
      `Install kind: remote endpoint (${transport}). ${confidence} In Claude Desktop, add the URL as a custom connector (Settings → Connectors), or bridge it in the config file with \`npx -y mcp-remote <url>\`, since that file starts only local commands; the directory page has the ready-made config.`,
    )
    const headers = placeholderHeaders(model.headers)
    entry = { url: model.url, ...(Object.keys(headers).length ? { headers } : {}) }
  }
  out.push('', fenced(JSON.stringify({ mcpServers: { [key]: entry } }, null, 2), 'json'))
  out.push('', settingsParagraph(model))
  return out.join('\n')
}

/** What the scan of the tool list found, and its last change: said before the tools, so a reader meets it first. */
function riskLines(l: Listing): string[] {
  const out: string[] = []
  const risk = l.risk
  if (risk && risk.level !== 'none') {
    const cleared = l.riskClearedHash === risk.toolsHash
    out.push(
      `**Risk: ${risk.level}**${cleared ? ' (reviewed and cleared by an operator)' : ''}. The directory's scan of these tool descriptions found:`,
    )
    for (const f of risk.findings.slice(0, 10))
      out.push(
        `- ${inline(flat(f.tool || 'the server'))}${f.where ? ` (${inline(flat(f.where))})` : ''}: ${inline(flat(f.message))} (${f.severity})`,
      )
    out.push('')
  }
  const change = l.toolsChanges?.[0]
  if (change) {
    out.push(`Tool list changed on ${change.at.slice(0, 10)}: ${changeWords(change) || 'descriptions only'}.`, '')
  }
  return out
}

function toolsSection(l: Listing): string | null {
  const tools = Array.isArray(l.tools) ? l.tools.filter((t) => t && flat(t.name)) : []
  if (tools.length === 0 && !l.toolsDefect) return null
  const out = ['## Tools', '', ...toolsDefectLines(l), ...riskLines(l)]
  for (const t of tools) {
    const desc = truncate(flat(t.description), MAX_TOOL_DESCRIPTION)
    out.push(desc ? `- **${inline(t.name)}**: ${inline(desc)}` : `- **${inline(t.name)}**`)
    for (const p of t.parameters ?? []) if (flat(p)) out.push(`  - ${inline(p)}`)
  }
  return out.join('\n')
}

function readmeSection(l: Listing): string {
  const out = ['## Documentation & README', '']
  const text =
    typeof l.readme === 'string' ? cleanText(l.readme, { multiline: true }).replace(/^\n+/, '').trimEnd() : ''
  if (!text.trim()) {
    out.push('No README has been stored for this listing yet; see the repository for its documentation.')
    return out.join('\n')
  }
  const cut = text.length > MAX_README
  // Fenced as a whole: README headings and fences stay inside this section.
  out.push(fenced(cut ? text.slice(0, MAX_README) : text, 'markdown'))
  if (cut) out.push('', `(README truncated after ${MAX_README} characters; the repository has the full text.)`)
  return out.join('\n')
}

/** The Markdown document of one listing (directory-api §2.7), sections in the order the API lists them. */
export function renderListingMarkdown(l: Listing, opts: RenderListingOptions): string {
  // Escaped like every listing string: raw HTML, brackets (a fake health marker) and a closing run of #s stay text.
  const title = inline(opts.displayName ?? l.name) || 'Unnamed listing'
  const publisher = publisherModelOf(l)
  const meta = [
    ...(l.origin === 'demo' ? ['- **Origin:** demo (sample data, not a published listing)'] : []),
    `- **Category:** ${inline(l.category) || 'Other'}`,
    `- **Publisher:** ${inline(publisher.label)}${publisher.evidence.length ? ` (evidence: ${inline(publisher.evidence.map((e) => e.detail).join('; '))})` : ''}`,
    `- **Repository:** ${inline(l.repositoryUrl) || 'not listed'}`,
    ...(l.githubStars != null ? [`- **GitHub Stars:** ${count(l.githubStars)}`] : []),
    `- **Views:** ${count(l.views)}`,
    `- **Installs:** ${count(l.installs)}`,
    `- **Upvotes:** ${count(l.upvotes)}`,
    `- **Directory Page:** ${inline(opts.detailUrl)}`,
    // The MCP revision its server was last seen speaking (2026-07-28, or the 2025 revision it negotiated).
    ...(l.mcpProtocol ? [`- **Protocol:** ${inline(l.mcpProtocol.version)}`] : []),
    ...sandboxMetaLines(l),
  ]
  const description = markdownBlock(l.description)
  const sections = [
    `# ${title}${healthMarker(l.health)}`,
    meta.join('\n'),
    ['## Description', '', description || 'No description given.'].join('\n'),
    installSection(l, opts.model, opts.installName),
    toolsSection(l),
    skillsSection(l),
    readinessSection(l),
    readmeSection(l),
  ]
  return `${sections.filter((s): s is string => s !== null).join('\n\n')}\n`
}
