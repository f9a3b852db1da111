/**
 * What a server's tool list says about it, read the way a model reads it: instructions hidden in descriptions
 * (tool poisoning), characters a person cannot see, descriptions far longer than their tool needs, names that
 * shadow well-known servers' tools; and a hash of the normalised list, so a later change (a rug pull) is seen.
 * Pure functions: the catalog scans every list it is given, whichever checker saw it.
 */
import { createHash } from 'node:crypto'
import type { RiskAssessment, RiskFinding, ToolInfo, ToolsChange } from '../contracts/listing'

/** A tool as compared and hashed: description with its whitespace collapsed, parameters sorted. */
interface NormalTool {
  name: string
  description: string
  parameters: string[]
}

const normalText = (s: string | undefined) => (s ?? '').normalize('NFC').replace(/\s+/g, ' ').trim()

/** The list in a stable form: tools by name, descriptions' whitespace collapsed, parameters sorted. */
export function normaliseTools(tools: readonly ToolInfo[]): NormalTool[] {
  return tools
    .map((t) => ({
      name: t.name.normalize('NFC').trim(),
      description: normalText(t.description),
      parameters: [...(t.parameters ?? [])].sort(),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** sha256 of the normalised list (hex): equal lists hash equal whatever their order or spacing. */
export function toolsHash(tools: readonly ToolInfo[]): string {
  return createHash('sha256')
    .update(JSON.stringify(normaliseTools(tools)))
    .digest('hex')
}

/** What changed from one list to the next. */
export function diffTools(
  before: readonly ToolInfo[],
  after: readonly ToolInfo[],
): Pick<ToolsChange, 'added' | 'removed' | 'changed'> {
  const a = new Map(normaliseTools(before).map((t) => [t.name, t]))
  const b = new Map(normaliseTools(after).map((t) => [t.name, t]))
  const added = [...b.keys()].filter((n) => !a.has(n))
  const removed = [...a.keys()].filter((n) => !b.has(n))
  const changed = [...b.keys()].filter((n) => a.has(n) && JSON.stringify(a.get(n)) !== JSON.stringify(b.get(n)))
  return { added, removed, changed }
}

// Instructions addressed to the model rather than descriptions of a tool. Each is bounded (no nested
// quantifiers), so a hostile description cannot make the scan slow.
const HIDDEN_INSTRUCTIONS: { pattern: RegExp; severity: RiskFinding['severity']; message: string }[] = [
  {
    pattern:
      /\b(ignore|disregard|forget|override)\s+(all\s+|any\s+)?(the\s+|your\s+)?(previous|prior|above|earlier|other|system)\s+(instructions?|prompts?|messages?|rules|directions)/i,
    severity: 'high',
    message: 'tells the model to ignore its instructions',
  },
  {
    pattern: /\b(do\s+not|don'?t|never)\s+(tell|inform|mention|reveal|show|notify|alert|let)\b[^.\n]{0,40}\buser\b/i,
    severity: 'high',
    message: 'tells the model to hide something from the user',
  },
  {
    pattern: /\bwithout\s+(telling|informing|notifying|alerting|asking)\s+the\s+user\b/i,
    severity: 'high',
    message: 'tells the model to act without the user knowing',
  },
  {
    pattern:
      /~\/\.ssh|\.ssh\/|\bid_(rsa|ed25519|ecdsa)\b|\.aws\/credentials|\/etc\/(passwd|shadow)\b|\.netrc\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|claude_desktop_config|\bmcp\.json\b|\.cursor\/|\bprivate[\s_-]+keys?\b/i,
    severity: 'high',
    message: 'mentions reading private keys, credentials or client configuration',
  },
  {
    pattern:
      /\b(read|cat|open|load|include|pass|send)\b[^.\n]{0,40}\b(credentials?|secrets?|api[\s_-]?keys?|passwords?|access[\s_-]+tokens?|\.env)\b/i,
    severity: 'high',
    message: 'asks for credentials or secrets to be read or passed along',
  },
  {
    pattern:
      /\b(send|post|upload|forward|exfiltrat\w*|transmit|leak|copy|bcc)\b[^.\n]{0,80}\b(to|into)\s+(https?:\/\/|[\w.+-]+@[\w-]+\.|(an?\s+|our\s+|the\s+following\s+)?(external|remote|webhook|attacker|other)\b)/i,
    severity: 'high',
    message: 'tells the model to send data elsewhere',
  },
  {
    pattern: /<\s*\/?\s*(important|system|instructions?|secret|hidden)\s*>|\[\s*(INST|SYSTEM)\s*\]/i,
    severity: 'medium',
    message: 'carries markup addressed to the model',
  },
  {
    pattern:
      /\b(before|after)\s+(using|calling|running)\s+(this|any)\s+tool\b[^.\n]{0,60}\b(must|always|first)\b|\byou\s+must\s+(first|always)\b/i,
    severity: 'medium',
    message: 'gives the model standing orders',
  },
]

// Bidirectional controls and Unicode tags hide or reorder text: high. Zero-width and soft characters: medium.
const BIDI_OR_TAGS = /[\u202A-\u202E\u2066-\u2069]|[\u{E0000}-\u{E007F}]/u
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is matched on its own, joiners and combining marks included
const INVISIBLE = /[\u200B-\u200F\u2060-\u2064\u00AD\u180E\uFEFF\u034F\u115F\u1160\u3164\uFFA0]/

/**
 * Well-known servers' tool names (the reference servers and the most installed ones): a tool of another server
 * with one of these names can be called in their place.
 */
export const WELL_KNOWN_TOOLS: Record<string, readonly string[]> = {
  filesystem: [
    'read_file',
    'read_text_file',
    'read_multiple_files',
    'write_file',
    'edit_file',
    'create_directory',
    'list_directory',
    'directory_tree',
    'move_file',
    'search_files',
    'get_file_info',
    'list_allowed_directories',
  ],
  github: [
    'create_or_update_file',
    'search_repositories',
    'create_repository',
    'get_file_contents',
    'push_files',
    'create_issue',
    'create_pull_request',
    'fork_repository',
    'create_branch',
    'merge_pull_request',
  ],
  git: ['git_status', 'git_diff', 'git_commit', 'git_add', 'git_reset', 'git_log', 'git_checkout'],
  slack: ['slack_post_message', 'slack_list_channels', 'slack_reply_to_thread', 'slack_get_channel_history'],
  gmail: ['send_email', 'read_email', 'search_emails'],
  fetch: ['fetch'],
  memory: ['create_entities', 'create_relations', 'read_graph', 'search_nodes'],
  postgres: ['query'],
  puppeteer: ['puppeteer_navigate', 'puppeteer_screenshot', 'puppeteer_click', 'puppeteer_evaluate'],
}

const SHADOWED = new Map<string, string>(
  Object.entries(WELL_KNOWN_TOOLS).flatMap(([server, names]) => names.map((n) => [n, server] as [string, string])),
)

/** Which well-known server a listing itself is (its tools may carry that server's names), from its name or repository. */
function ownServers(listing: { name: string; repositoryUrl?: string | null }): Set<string> {
  const words = `${listing.name} ${listing.repositoryUrl ?? ''}`.toLowerCase()
  return new Set(Object.keys(WELL_KNOWN_TOOLS).filter((s) => new RegExp(`(^|[^a-z])${s}([^a-z]|$)`).test(words)))
}

/** A description is far longer than its tool needs above this many characters (more with more parameters). */
export const descriptionBudget = (parameters: number) => 800 + 100 * Math.min(parameters, 20)

const SEVERITY = { none: 0, low: 1, medium: 2, high: 3 } as const

/** Scans a tool list; `checkedAt` is the time of the observation. */
export function scanTools(
  tools: readonly ToolInfo[],
  listing: { name: string; repositoryUrl?: string | null },
  checkedAt: string,
): RiskAssessment {
  const findings: RiskFinding[] = []
  const own = ownServers(listing)
  const otherTools = new Set(tools.map((t) => t.name))
  for (const t of tools) {
    const text = `${t.name}\n${t.description ?? ''}\n${(t.parameters ?? []).join(' ')}`
    for (const rule of HIDDEN_INSTRUCTIONS)
      if (rule.pattern.test(text))
        findings.push({ kind: 'hidden_instruction', severity: rule.severity, tool: t.name, message: rule.message })
    if (BIDI_OR_TAGS.test(text))
      findings.push({
        kind: 'invisible_characters',
        severity: 'high',
        tool: t.name,
        message: 'carries bidirectional controls or Unicode tag characters, which hide or reorder text',
      })
    else if (INVISIBLE.test(text))
      findings.push({
        kind: 'invisible_characters',
        severity: 'medium',
        tool: t.name,
        message: 'carries invisible characters',
      })
    const length = (t.description ?? '').length
    const budget = descriptionBudget(t.parameters?.length ?? 0)
    if (length > budget)
      findings.push({
        kind: 'long_description',
        severity: length > 2 * budget ? 'medium' : 'low',
        tool: t.name,
        message: `description of ${length} characters, far longer than its ${t.parameters?.length ?? 0} parameters need`,
      })
    const shadowed = SHADOWED.get(t.name.toLowerCase())
    if (shadowed && !own.has(shadowed))
      findings.push({
        kind: 'shadowed_name',
        severity: 'medium',
        tool: t.name,
        message: `has the name of a tool of the well-known ${shadowed} server`,
      })
    // A description that steers how another server's tool is used (the shadowing attack).
    for (const m of (t.description ?? '').matchAll(
      /\b(?:when|whenever|before|after|instead\s+of)\s+(?:using|calling|the)?\s*[`'"]?([a-z][a-z0-9_]{2,60})[`'"]?\s+tool\b/gi,
    )) {
      const name = m[1]!.toLowerCase()
      if (
        name !== t.name.toLowerCase() &&
        !otherTools.has(name) &&
        SHADOWED.has(name) &&
        !own.has(SHADOWED.get(name)!)
      ) {
        findings.push({
          kind: 'shadowed_name',
          severity: 'high',
          tool: t.name,
          message: `tells the model how to use the ${name} tool of another server`,
        })
        break
      }
    }
  }
  const bounded = findings.slice(0, 50)
  const level = bounded.reduce<RiskAssessment['level']>(
    (l, f) => (SEVERITY[f.severity] > SEVERITY[l] ? f.severity : l),
    'none',
  )
  return { level, findings: bounded, toolsHash: toolsHash(tools), checkedAt }
}
