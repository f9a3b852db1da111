/**
 * What a server's tool list says about it, read the way a model reads it: instructions hidden anywhere a model
 * reads (descriptions, titles, annotations, every parameter's name and description, the server's instructions,
 * its prompts, resources and skills), in any of the corpus's languages and through the usual disguises; characters a
 * person cannot see; descriptions far longer than their tool needs; names that shadow well-known servers' tools;
 * and a hash of the normalised list, so a later change (a rug pull) is seen.
 * Pure functions: the catalog scans every list it is given, whichever checker saw it.
 */
import { createHash } from 'node:crypto'
import type { RiskAssessment, RiskFinding, ServerTexts, ToolInfo, ToolsChange } from '../contracts/listing'
import { judgeText } from './judge'
import { MAX_DESCRIPTION } from './listed'
import { textsOf } from './texts'

export { parameterDescriptions, serverTexts, toolInfo } from './listed'
export { fitListed, LISTED_BYTES } from './budget'
export {
  MAX_ALL_SKILL_FILES,
  MAX_SKILL_BYTES,
  MAX_SKILL_TEXT_BYTES,
  type ReadBounds,
  readSkills,
  readTools,
  type SkillsRead,
  toolsOfRaw,
} from './read'
export { diffSkills, MAX_SKILL_FILES, MAX_SKILLS, skillDigest, skillInfo, skillsHash } from './skills'

/** A tool as compared and hashed: description with its whitespace collapsed, parameters sorted. */
interface NormalTool {
  name: string
  description: string
  parameters: string[]
  /** Present only when the tool has them, so a list seen before they were kept hashes as it did. */
  title?: string
  annotations?: Record<string, string | boolean | number>
  parameterDescriptions?: [string, string][]
}

const normalText = (s: string | undefined) => (s ?? '').normalize('NFC').replace(/\s+/g, ' ').trim()

/** The list in a stable form: tools by name, descriptions' whitespace collapsed, parameters sorted. */
export function normaliseTools(tools: readonly ToolInfo[]): NormalTool[] {
  return tools
    .map((t) => ({
      name: t.name.normalize('NFC').trim(),
      description: normalText(t.description),
      parameters: [...(t.parameters ?? [])].sort(),
      ...(t.title ? { title: normalText(t.title) } : {}),
      ...(t.annotations && Object.keys(t.annotations).length
        ? { annotations: Object.fromEntries(Object.entries(t.annotations).sort(([a], [b]) => (a < b ? -1 : 1))) }
        : {}),
      ...(t.parameterDescriptions && Object.keys(t.parameterDescriptions).length
        ? {
            parameterDescriptions: Object.entries(t.parameterDescriptions)
              .map(([k, v]) => [k, normalText(v)] as [string, string])
              .sort(([a], [b]) => (a < b ? -1 : 1)),
          }
        : {}),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** sha256 of the normalised list (hex): equal lists hash equal whatever their order or spacing. */
export function toolsHash(tools: readonly ToolInfo[]): string {
  return createHash('sha256')
    .update(JSON.stringify(normaliseTools(tools)))
    .digest('hex')
}

/**
 * The hash a scan is of: the tool list's, or with the server's own texts when it has some, so an operator's
 * clearance of one list does not carry over to new instructions.
 */
export function scannedHash(tools: readonly ToolInfo[], server?: ServerTexts | null): string {
  const base = toolsHash(tools)
  if (
    !server ||
    (!server.instructions &&
      !server.prompts?.length &&
      !server.resources?.length &&
      !server.skills?.length &&
      !server.unscanned?.length)
  )
    return base
  // Skills (and what was left unread) only when there are some, so a list scanned before hashes as it did.
  const texts: unknown[] = [server.instructions ?? '', server.prompts ?? [], server.resources ?? []]
  if (server.skills?.length || server.unscanned?.length) texts.push(server.skills ?? [])
  if (server.unscanned?.length) texts.push(server.unscanned)
  return createHash('sha256')
    .update(`${base}\n${JSON.stringify(texts)}`)
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

/** Scans a tool list (and the server's own texts, when known); `checkedAt` is the time of the observation. */
export function scanTools(
  tools: readonly ToolInfo[],
  listing: { name: string; repositoryUrl?: string | null },
  checkedAt: string,
  server?: ServerTexts | null,
): RiskAssessment {
  const findings: RiskFinding[] = []
  const own = ownServers(listing)
  const otherTools = new Set(tools.map((t) => t.name))
  // Each tool's parameters by name (top level), so an order to fill one by its name is read as a destination.
  const fieldsOf = new Map(
    tools.map((t) => [
      t.name,
      [...(t.parameters ?? []), ...Object.keys(t.parameterDescriptions ?? {}).map((p) => p.split(/[.[]/)[0]!)],
    ]),
  )
  const everyField = [...fieldsOf.values()].flat()
  for (const place of textsOf(tools, server)) {
    const seen = new Set<string>()
    for (const found of judgeText(place.text, place.tool ? (fieldsOf.get(place.tool) ?? []) : everyField)) {
      // A parameter named for a private key asks the model to fill it with one: no longer a mere mention.
      const j =
        place.where.startsWith('parameter name') && found.message.startsWith('mentions private keys')
          ? { ...found, severity: 'medium' as const, message: 'names a parameter for private keys or credentials' }
          : found
      if (seen.has(j.message)) continue
      seen.add(j.message)
      findings.push({ ...j, tool: place.tool, where: place.where })
    }
  }
  for (const t of tools) findings.push(...lengthAndShadowing(t, own, otherTools))
  // What a model may read but the checker did not read or send cannot be vouched for: high, so the listing is not
  // verified until the server shrinks it or an operator looks (a clearance holds for this list only).
  for (const message of server?.unscanned ?? [])
    findings.push({ kind: 'not_fully_scanned', severity: 'high', tool: '', message: message.slice(0, 300) })
  const bounded = findings.sort((a, b) => SEVERITY[b.severity] - SEVERITY[a.severity]).slice(0, 50)
  const level = bounded.reduce<RiskAssessment['level']>(
    (l, f) => (SEVERITY[f.severity] > SEVERITY[l] ? f.severity : l),
    'none',
  )
  return { level, findings: bounded, toolsHash: scannedHash(tools, server), checkedAt }
}

/** A description far longer than its tool needs, a well-known server's tool name, steering another's tool. */
function lengthAndShadowing(t: ToolInfo, own: Set<string>, otherTools: Set<string>): RiskFinding[] {
  const findings: RiskFinding[] = []
  const length = (t.description ?? '').length
  const budget = descriptionBudget(t.parameters?.length ?? 0)
  // Length is a fact to show, not poisoning: honest servers write long descriptions (usage notes, examples), and
  // what lies beyond the bound is text the catalog never keeps nor shows. Low at most.
  if (length >= MAX_DESCRIPTION)
    findings.push({
      kind: 'long_description',
      severity: 'low',
      tool: t.name,
      where: 'description',
      message: `description of ${MAX_DESCRIPTION} characters or more, kept and scanned up to ${MAX_DESCRIPTION}`,
    })
  else if (length > budget)
    findings.push({
      kind: 'long_description',
      severity: 'low',
      tool: t.name,
      where: 'description',
      message: `description of ${length} characters, far longer than its ${t.parameters?.length ?? 0} parameters need`,
    })
  const shadowed = SHADOWED.get(t.name.toLowerCase())
  // Low: honest servers share the common names (every database has a `query`, Linear a `create_issue`).
  if (shadowed && !own.has(shadowed))
    findings.push({
      kind: 'shadowed_name',
      severity: 'low',
      tool: t.name,
      message: `has the name of a tool of the well-known ${shadowed} server`,
    })
  // A description that steers how another server's tool is used (the shadowing attack).
  for (const m of (t.description ?? '').matchAll(
    /\b(?:when|whenever|before|after|instead\s+of)\s+(?:using|calling|the)?\s*[`'"]?([a-z][a-z0-9_]{2,60})[`'"]?\s+tool\b/gi,
  )) {
    const name = m[1]!.toLowerCase()
    if (name !== t.name.toLowerCase() && !otherTools.has(name) && SHADOWED.has(name) && !own.has(SHADOWED.get(name)!)) {
      findings.push({
        kind: 'shadowed_name',
        severity: 'high',
        tool: t.name,
        where: 'description',
        message: `tells the model how to use the ${name} tool of another server`,
      })
      break
    }
  }
  return findings
}
