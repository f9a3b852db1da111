/**
 * The Markdown listing document (directory-api §2.7). Every listing string is untrusted: single-line
 * fields are flattened, the description cannot open headings or code blocks, and the README sits in
 * a fence longer than any backtick run inside it, so no listing can fake or swallow a section.
 */
import type { InstallModel, Listing } from '@mcp-directory/shared/contracts'
import { installName, placeholderEnv, placeholderHeaders } from '@mcp-directory/shared/install'

/** Options of `renderListingMarkdown`. */
export interface RenderListingOptions {
  /** Absolute address of the listing's page. */
  detailUrl: string
  /** The listing's install model (null when none is known). */
  model: InstallModel | null
  /** Heading text instead of the listing name (e.g. its title). */
  displayName?: string
}

// Longest README reproduced in full; the rest is cut (the repository has it all).
const MAX_README = 200_000
const MAX_TOOL_DESCRIPTION = 500

// C0/C1 controls and line/paragraph separators, minus tab and newline (kept where text is multi-line).
const CONTROL_EXCEPT_TAB_NL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g
const LINE_BREAKS = /\r\n?|[\u2028\u2029\u0085]/g

/** Flattens a single-line field: every run of whitespace or control characters becomes one space. */
function flat(s: string | null | undefined): string {
  return (s ?? '').replace(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim()
}

// Inline text: flattened, with the characters that would start emphasis, links, code or HTML escaped.
function inline(s: string | null | undefined): string {
  return flat(s).replace(/[\\`*_[\]<>]/g, '\\$&')
}

// Normalised multi-line text: LF line ends, no control characters, no trailing blanks.
function multiline(s: string): string {
  return s.replace(LINE_BREAKS, '\n').replace(CONTROL_EXCEPT_TAB_NL, '').replace(/\t/g, '    ').trimEnd()
}

// Lines that would start a heading, a code fence, a setext underline or a thematic break are escaped,
// and so is every "<" (raw HTML), so a description stays plain text flow inside its section.
const BLOCK_START = /^( {0,3})(#|`{3,}|~{3,}|=+\s*$|-{2,}\s*$|(?:[-*_]\s*){3,}$)/
// Link destinations with a scheme that runs code in a renderer (`[x](javascript:…)`, `[x]: javascript:…`) are
// broken by escaping the bracket or parenthesis that would make them links; other links stay links.
const SCRIPT_LINK = /\]\((?=\s*<?\s*(?:javascript|vbscript|data):)/gi
const SCRIPT_REFERENCE = /^( {0,3})\[(?=[^\]\n]*\]:\s*<?\s*(?:javascript|vbscript|data):)/gim
function safeBlock(s: string): string {
  return multiline(s)
    .replace(/</g, '\\<')
    .replace(SCRIPT_LINK, ']\\(')
    .replace(SCRIPT_REFERENCE, '$1\\[')
    .split('\n')
    .map((line) => line.replace(BLOCK_START, (_m, indent: string, start: string) => `${indent}\\${start}`))
    .join('\n')
    .replace(/^\n+/, '')
}

/** A fence of backticks longer than any run of backticks in the content (at least three). */
function fenceFor(content: string): string {
  let longest = 0
  for (const m of content.matchAll(/`+/g)) longest = Math.max(longest, m[0].length)
  return '`'.repeat(Math.max(3, longest + 1))
}

function fenced(content: string, info: string): string {
  const fence = fenceFor(content)
  return `${fence}${info}\n${content}\n${fence}`
}

const count = (n: number | null | undefined): string => (Number.isFinite(n) ? String(Math.trunc(n as number)) : '0')

function healthMarker(health: string | null): string {
  const h = flat(health).replace(/[[\]]/g, '')
  return h ? ` [Health: ${h.charAt(0).toUpperCase()}${h.slice(1)}]` : ''
}

const RUNNER_LABEL: Readonly<Record<string, string>> = { npx: 'npx', uvx: 'uvx', docker: 'docker', dnx: 'dnx' }

// The notes of an install model are built from registry data (package names, addresses): flattened, and kept
// out of Markdown structure like every other listing string.
function confidenceSentence(model: InstallModel): string {
  const note = model.note ? inline(model.note) : ''
  if (model.kind === 'remote') return 'Confidence: high (the hosted endpoint of the listing’s registry entry).'
  const e = model.evidence
  const proof = e && e.linkedBy
    ? `its ${e.registryType === 'npm' ? 'npm' : 'PyPI'} entry ${e.linkedBy === 'repository' ? `links back to the listing’s repository (${inline(e.link)})` : `names this listing (${e.linkedBy} ${inline(e.link)})`}, checked ${inline(e.checkedAt)}`
    : ''
  switch (model.basis) {
    case 'registry':
      return model.confidence === 'high' ? `Confidence: high (declared by the listing’s registry entry; ${proof}).` : `Confidence: low (declared by the listing’s registry entry, but ${note}).`
    case 'readme-config':
      return model.confidence === 'high'
        ? `Confidence: high (taken from the client configuration in the repository README; ${proof}).`
        : `Confidence: low (taken from the client configuration in the repository README, but ${note}).`
    case 'readme-mention':
    case 'repository':
      return `Confidence: low (${note}).`
    default:
      return 'Confidence: low.' // a model of an unknown basis claims nothing
  }
}

function installSection(l: Listing, model: InstallModel | null): string {
  const out = ['## Claude Desktop Quick Installation', '']
  const key = installName(l)
  if (!model) {
    // Still a kind, a confidence and a snippet (§2.7), but the snippet runs nothing: it only shows where the
    // command from the README goes. No package is named, since none is known to be the listing's own.
    const declared = (Array.isArray(l.packages) && l.packages.length > 0) || (Array.isArray(l.remotes) && l.remotes.length > 0)
    const why = declared
      ? 'its registry entry declares only packages or endpoints that no client configuration can start'
      : 'the listing names no package and no remote endpoint, and its repository could not be read as a JavaScript or Python project that runs as it is'
    out.push(
      `Install kind: local runner command (unknown). Confidence: low (nothing can be guessed safely: ${why}). Follow the setup instructions of the repository README; the snippet only shows where its command goes.`,
    )
    out.push('', fenced(JSON.stringify({ mcpServers: { [key]: { command: '<command from the README>', args: ['<arguments from the README>'] } } }, null, 2), 'json'))
    return out.join('\n')
  }
  const confidence = confidenceSentence(model)
  let entry: Record<string, unknown>
  if (model.kind === 'local') {
    const runner = RUNNER_LABEL[model.runner] ?? flat(model.command)
    const what = model.basis === 'repository' ? `, running the listing’s own repository ${inline(model.identifier)}` : ''
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
  const hasPlaceholders = model.kind === 'local' ? Object.keys(placeholderEnv(model.env)).length > 0 : Object.keys(placeholderHeaders(model.headers)).length > 0
  if (hasPlaceholders) out.push('', 'Replace each `<…>` placeholder with your own value.')
  out.push('', fenced(JSON.stringify({ mcpServers: { [key]: entry } }, null, 2), 'json'))
  return out.join('\n')
}

function toolsSection(l: Listing): string | null {
  const tools = Array.isArray(l.tools) ? l.tools.filter((t) => t && flat(t.name)) : []
  if (tools.length === 0) return null
  const out = ['## Tools', '']
  for (const t of tools) {
    let desc = flat(t.description)
    if (desc.length > MAX_TOOL_DESCRIPTION) desc = `${desc.slice(0, MAX_TOOL_DESCRIPTION - 1)}…`
    out.push(desc ? `- **${inline(t.name)}**: ${inline(desc)}` : `- **${inline(t.name)}**`)
    for (const p of t.parameters ?? []) if (flat(p)) out.push(`  - ${inline(p)}`)
  }
  return out.join('\n')
}

function readmeSection(l: Listing): string {
  const out = ['## Documentation & README', '']
  const text = typeof l.readme === 'string' ? multiline(l.readme).replace(/^\n+/, '') : ''
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
  // Brackets and trailing #s in a heading would fake a health marker or be eaten as a closing sequence.
  const title = flat(opts.displayName ?? l.name).replace(/[[\]\\]/g, '\\$&').replace(/#+$/, (m) => m.replace(/#/g, '\\#')) || 'Unnamed listing'
  const meta = [
    `- **Category:** ${inline(l.category) || 'Other'}`,
    `- **Repository:** ${flat(l.repositoryUrl) || 'not listed'}`,
    ...(l.githubStars != null ? [`- **GitHub Stars:** ${count(l.githubStars)}`] : []),
    `- **Views:** ${count(l.views)}`,
    `- **Installs:** ${count(l.installs)}`,
    `- **Upvotes:** ${count(l.upvotes)}`,
    `- **Directory Page:** ${flat(opts.detailUrl)}`,
  ]
  const description = safeBlock(l.description ?? '')
  const sections = [
    `# ${title}${healthMarker(l.health)}`,
    meta.join('\n'),
    ['## Description', '', description || 'No description given.'].join('\n'),
    installSection(l, opts.model),
    toolsSection(l),
    readmeSection(l),
  ]
  return `${sections.filter((s): s is string => s !== null).join('\n\n')}\n`
}
