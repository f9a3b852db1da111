/**
 * What the tool index keeps of a listing: the tools (and skills) its server was seen offering, each as the text it is
 * searched by and the JSON its hit starts with, and the server's facts the filters read. Only tools observed by the
 * prober or a sandbox run count (a listing's `toolsSource` says which): a tool list a submitter wrote is never one.
 */
import type { RiskAssessment, ToolInfo } from '@mcp-directory/shared/contracts'
import { json, type JsonMembers, jsonMembers, jsonMembersOf } from '@mcp-directory/shared/service'
import type { ToolHit } from './model'

/** What a tool's hit starts with, kept per tool; then its listing's `ToolSeen` and its `server`. */
export type ToolHead = Omit<ToolHit, 'seenAt' | 'source' | 'server'>
export type ToolSeen = Pick<ToolHit, 'seenAt' | 'source'>

/** Where an observed tool list came from; anything else was not observed. */
export const OBSERVED_SOURCES = ['streamable-http', 'sse', 'sandbox'] as const
export type ObservedSource = (typeof OBSERVED_SOURCES)[number]

/** A skill as the listing's facts carry it beside the tools (the index reads its name and description). */
export interface SkillInfo {
  name: string
  description?: string | null
  files?: { path: string; sha256: string }[]
}

/** What the tool index reads of a listing row. */
export interface ToolSourceRow {
  id: string
  name: string
  title: string | null
  category: string
  verified: boolean
  isOfficial: boolean
  stars: number | null
  hasPackage: boolean
  tools: ToolInfo[]
  toolsSource?: string | null
  skills?: SkillInfo[] | null
  summary: { remotes: unknown; risk: unknown; tools_checked_at: Date | null }
}

/** Transports as bits, for the `transport` filter. */
export const TRANSPORT_BITS = { stdio: 1, 'streamable-http': 2, sse: 4 } as const

/** The facts of a tool's server that filters and the prior read. */
export interface ToolServerFacts {
  id: string
  category: string
  transports: number
  verified: boolean
  isOfficial: boolean
  /** What a listing without a query is ordered by: trust (official, verified, stars). */
  trust: number
}

/** Annotation hints packed two bits each (0 unknown, 1 true, 2 false), in this order. */
export const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const

/** One tool as indexed: its texts by field and the start of its hit's JSON. */
export interface ToolDocument {
  kind: 'tool' | 'skill'
  name: string
  hints: number
  /** In TOOL_FIELDS order, without the server's field (added by the index). */
  texts: [name: string, title: string, lead: string, description: string, parameters: string, parameterTexts: string]
  /** Its hit's members but its listing's `seenOf` and its `server`. */
  head: JsonMembers<ToolHead>
}

// Indexed characters of a description and of the parameters' descriptions: one tool cannot swamp the index, and
// 150,000 tools stay small.
const MAX_DESCRIPTION_TEXT = 1_000
const MAX_PARAMETER_TEXT = 400
const MAX_LEAD_TEXT = 200

/**
 * A description's first sentence: what the tool does, where the rest says how (its options, caveats and examples).
 * It is indexed as a field of its own (and again within the whole description), so that what a tool is for weighs
 * more than words its long description mentions in passing.
 */
export function leadOf(description: string): string {
  const end = description.search(/[.!?](\s|$)|\n/)
  return (end < 0 ? description : description.slice(0, end)).slice(0, MAX_LEAD_TEXT)
}

const hintsOf = (annotations: ToolInfo['annotations']): { bits: number; json: Record<string, boolean> } => {
  let bits = 0
  const json: Record<string, boolean> = {}
  HINTS.forEach((h, i) => {
    const v = annotations?.[h]
    if (typeof v !== 'boolean') return
    json[h] = v
    bits |= (v ? 1 : 2) << (i * 2)
  })
  return { bits, json }
}

const SEVERITY = ['none', 'low', 'medium', 'high'] as const

/** The scan findings that name this tool, and the highest of their severities; null when never scanned. */
function riskOf(risk: RiskAssessment | null, tool: string) {
  if (!risk || !Array.isArray(risk.findings)) return null
  const findings = risk.findings
    .filter((f) => f.tool === tool)
    .map((f) => ({ kind: f.kind, severity: f.severity, ...(f.where ? { where: f.where } : {}), message: f.message }))
  const level = findings.reduce((top, f) => Math.max(top, SEVERITY.indexOf(f.severity)), 0)
  return { level: SEVERITY[level]!, findings }
}

/** The server's transports as bits: stdio for a package, each remote's type. */
function transportsOf(row: ToolSourceRow): number {
  let bits = row.hasPackage ? TRANSPORT_BITS.stdio : 0
  for (const r of Array.isArray(row.summary.remotes) ? row.summary.remotes : []) {
    const type = (r as { type?: unknown }).type
    if (type === 'streamable-http' || type === 'sse') bits |= TRANSPORT_BITS[type]
  }
  return bits
}

/** A server's trust, as server search weighs it (official, verified, stars on a log scale). */
const trustOf = (row: ToolSourceRow) =>
  1 + (row.isOfficial ? 0.25 : 0) + (row.verified ? 0.15 : 0) + 0.2 * Math.min(1, Math.log10(1 + (row.stars ?? 0)) / 5)

/** The server facts of a listing. */
export const serverFactsOf = (row: ToolSourceRow): ToolServerFacts => ({
  id: row.id,
  category: row.category,
  transports: transportsOf(row),
  verified: row.verified,
  isOfficial: row.isOfficial,
  trust: trustOf(row),
})

/**
 * What every hit of a listing's tools ends with (when its list was seen and where), as JSON members: kept once per
 * listing, not per tool. null when its list was not observed.
 */
export function seenOf(row: ToolSourceRow): JsonMembers<ToolSeen> | null {
  const source = OBSERVED_SOURCES.find((s) => s === row.toolsSource)
  if (!source) return null
  const seenAt = row.summary.tools_checked_at?.toISOString() ?? null
  return jsonMembers<ToolSeen>({ seenAt: json(seenAt), source: json(source) })
}

/** The listing's observed tools (and skills) as indexed documents; none when its list was not observed. */
export function toolDocumentsOf(row: ToolSourceRow): ToolDocument[] {
  if (!OBSERVED_SOURCES.some((s) => s === row.toolsSource)) return []
  const risk = (row.summary.risk ?? null) as RiskAssessment | null
  const tools = (Array.isArray(row.tools) ? row.tools : []).filter((t) => typeof t?.name === 'string' && t.name)
  const docs = tools.map((t): ToolDocument => {
    const hints = hintsOf(t.annotations)
    const parameters = Array.isArray(t.parameters) ? t.parameters : []
    const described = Object.values(t.parameterDescriptions ?? {}).join(' ')
    const title = typeof t.title === 'string' ? t.title : null
    const description = t.description ?? ''
    const head = jsonMembersOf<ToolHead>({
      kind: 'tool',
      name: t.name,
      title,
      description,
      arguments: argumentsLine(t, parameters),
      annotations: hints.json,
      risk: riskOf(risk, t.name),
    })
    return {
      kind: 'tool',
      name: t.name,
      hints: hints.bits,
      texts: [
        t.name,
        title ?? '',
        leadOf(description),
        description.slice(0, MAX_DESCRIPTION_TEXT),
        parameters.join(' '),
        described.slice(0, MAX_PARAMETER_TEXT),
      ],
      head,
    }
  })
  return [...docs, ...skillDocumentsOf(row.skills)]
}

/**
 * A tool's parameters in one line: `path: string, encoding?: string` (`?` marks an optional one where the schema
 * said which are required; a type where it gave one); just the names for a tool stored before types were kept.
 */
export function argumentsLine(t: Pick<ToolInfo, 'parameterTypes' | 'required'>, parameters: readonly string[]): string {
  const types = t.parameterTypes ?? {}
  const required = t.required ? new Set(t.required) : null
  return parameters
    .map((p) => `${p}${required && !required.has(p) ? '?' : ''}${types[p] ? `: ${types[p]}` : ''}`)
    .join(', ')
}

/** Skills as documents of kind `skill`: a name and a description, no arguments or annotations. */
function skillDocumentsOf(skills: SkillInfo[] | null | undefined): ToolDocument[] {
  if (!Array.isArray(skills)) return []
  return skills
    .filter((s) => typeof s?.name === 'string' && s.name)
    .map((s) => {
      const description = typeof s.description === 'string' ? s.description : ''
      const head = jsonMembersOf<ToolHead>({
        kind: 'skill',
        name: s.name,
        title: null,
        description,
        arguments: '',
        annotations: {},
        risk: null,
      })
      return {
        kind: 'skill',
        name: s.name,
        hints: 0,
        texts: [s.name, '', leadOf(description), description.slice(0, MAX_DESCRIPTION_TEXT), '', ''],
        head,
      }
    })
}
