// How a checker reads a connected server's lists, the prober (remote endpoints) and the sandbox (packages) alike.
// Tools: `tools/list` is read raw, so a list that breaks the spec (clients built on the official SDK reject it
// whole) is still recorded as seen, its defect named. Skills: through the SDK's Skills extension client, bounded
// in count and bytes; each skill's SKILL.md text is read for the scan.
import { createHash } from 'node:crypto'
import type { Client } from '@modelcontextprotocol/client'
import type { SkillsClient } from '@modelcontextprotocol/client/ext/skills'
import type { ServerTexts, SkillInfo, ToolInfo, ToolsDefect, ToolsDefectCode } from '../contracts/listing'
import { toolInfo } from './listed'
import { MAX_SKILLS, skillDigest, skillInfo } from './skills'

/** The request in progress's bounds: the probe's deadline and what is left of its time. */
export interface ReadBounds {
  signal: AbortSignal
  remaining: () => number
}

// A result taken as it came: the tools are checked one by one below, not refused as a whole.
const asSent = {
  '~standard': { version: 1 as const, vendor: 'mcp-directory', validate: (value: unknown) => ({ value }) },
}

/** Every page of `tools/list` (bounded in pages and tools) as sent, and the first page (its `ttlMs`). */
export async function readTools(
  client: Client,
  bounds: ReadBounds,
  limits: { pages: number; tools: number },
): Promise<{ tools: ToolInfo[]; first: unknown; defect?: ToolsDefect }> {
  const raw: unknown[] = []
  let first: unknown = null
  let cursor: string | undefined
  for (let page = 0; page < limits.pages && raw.length < limits.tools; page++) {
    const res = (await client.request({ method: 'tools/list', params: cursor ? { cursor } : {} }, asSent, {
      signal: bounds.signal,
      timeout: bounds.remaining(),
    })) as { tools?: unknown; nextCursor?: unknown } | null
    if (!res || !Array.isArray(res.tools)) throw new Error('tools/list answered without a tools array')
    if (page === 0) first = res
    raw.push(...res.tools.slice(0, limits.tools - raw.length))
    cursor = typeof res.nextCursor === 'string' && res.nextCursor ? res.nextCursor : undefined
    if (!cursor) break
  }
  return { ...toolsOfRaw(raw), first }
}

const DEFECT_WORDS: Record<ToolsDefectCode, (n: number) => string> = {
  input_schema_not_object: (n) => `${n} ${n === 1 ? "tool's" : "tools'"} inputSchema lacks type "object"`,
  missing_name: (n) => `${n} ${n === 1 ? 'tool has' : 'tools have'} no name`,
  duplicate_name: (n) => `${n} ${n === 1 ? 'tool name is' : 'tool names are'} listed more than once`,
  invalid_result: (n) => `${n} ${n === 1 ? 'entry is' : 'entries are'} not a tool`,
}

/**
 * The tools of a raw list, as far as readable (a tool without a name is left out, a repeated name kept once), and
 * how the list breaks the spec: the first kind of fault names the defect, the message counts every kind.
 */
export function toolsOfRaw(raw: readonly unknown[]): { tools: ToolInfo[]; defect?: ToolsDefect } {
  const faults = new Map<ToolsDefectCode, string[]>()
  const fault = (code: ToolsDefectCode, tool: string) => faults.set(code, [...(faults.get(code) ?? []), tool])
  const tools: ToolInfo[] = []
  const seen = new Set<string>()
  raw.forEach((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      fault('invalid_result', `#${i}`)
      return
    }
    const t = item as { name?: unknown; inputSchema?: unknown }
    if (typeof t.name !== 'string' || !t.name.trim()) {
      fault('missing_name', `#${i}`)
      return
    }
    if (seen.has(t.name)) {
      fault('duplicate_name', t.name)
      return
    }
    seen.add(t.name)
    const schema = t.inputSchema as { type?: unknown } | undefined
    if (!schema || typeof schema !== 'object' || schema.type !== 'object') fault('input_schema_not_object', t.name)
    tools.push(toolInfo(t as Parameters<typeof toolInfo>[0]))
  })
  if (!faults.size) return { tools }
  const order: ToolsDefectCode[] = ['input_schema_not_object', 'missing_name', 'duplicate_name', 'invalid_result']
  const codes = order.filter((c) => faults.has(c))
  const code = codes[0]!
  const what = codes.map((c) => DEFECT_WORDS[c](faults.get(c)!.length)).join('; ')
  return {
    tools,
    defect: {
      code,
      message: `tools/list breaks the spec: ${what}; clients built on the official SDK reject the whole list`,
      tools: [...new Set(codes.flatMap((c) => faults.get(c)!))].slice(0, 100),
    },
  }
}

/**
 * The skills' texts the scan reads, whole: each SKILL.md at most this large, all together at most this much (a host
 * loads a SKILL.md whole, so a text is scanned whole or said to be unread). Files kept across all skills are
 * bounded too, so what is sent of them stays well inside the catalog's body limit.
 */
export const MAX_SKILL_BYTES = 256 * 1024
export const MAX_SKILL_TEXT_BYTES = 512 * 1024
export const MAX_ALL_SKILL_FILES = 1000

/** What was read of the skills: each kept, the texts the scan reads, and what was left unread, in words. */
export interface SkillsRead {
  skills: SkillInfo[]
  texts: NonNullable<ServerTexts['skills']>
  unscanned: string[]
}

/**
 * The server's skills through the SDK's Skills client (`skills/list`, every page the client walks), and the text
 * of each SKILL.md (read and checked against its digest by the client) for the scan. [] when the server does not
 * offer the extension; undefined when its list could not be read (nothing learned).
 */
export async function readSkills(skills: SkillsClient, bounds: ReadBounds): Promise<SkillsRead | undefined> {
  if (!skills.supported) return { skills: [], texts: [], unscanned: [] }
  const opts = () => ({ signal: bounds.signal, timeout: bounds.remaining() })
  const listed = await skills.list(undefined, opts()).catch(() => null)
  if (!listed) return undefined
  const out: SkillsRead = { skills: [], texts: [], unscanned: [] }
  const unread: string[] = []
  let budget = MAX_SKILL_TEXT_BYTES
  let filesLeft = MAX_ALL_SKILL_FILES
  let filesCut = 0
  for (const entry of listed.skills.slice(0, MAX_SKILLS)) {
    const info = skillInfo(entry)
    if (!info) continue
    filesCut += Math.max(0, info.files.length - filesLeft)
    info.files = info.files.slice(0, filesLeft)
    filesLeft -= info.files.length
    out.skills.push(info)
    const text = await skillText(skills, entry, Math.min(MAX_SKILL_BYTES, budget), opts)
    if (text === 'unread') unread.push(info.name)
    else if (text) {
      budget -= text.bytes
      // No digest is published of a dynamic skill's files: its text's own hash makes a changed text a change.
      if (info.dynamic) info.textSha256 = createHash('sha256').update(text.raw).digest('hex')
    }
    out.texts.push({
      name: info.name,
      ...(info.description ? { description: info.description } : {}),
      ...(text && text !== 'unread' && text.text ? { text: text.text } : {}),
      digest: skillDigest(info),
    })
  }
  const past = listed.skills.length - MAX_SKILLS
  if (past > 0) out.unscanned.push(`${past} skills listed past the first ${MAX_SKILLS} were not read`)
  if (unread.length)
    out.unscanned.push(
      `SKILL.md of ${unread.length} ${unread.length === 1 ? 'skill' : 'skills'} not read (over ${MAX_SKILL_BYTES} bytes, or past ${MAX_SKILL_TEXT_BYTES} bytes of skills in all): ${unread.slice(0, 5).join(', ')}`,
    )
  if (filesCut) out.unscanned.push(`${filesCut} skill files listed past the first ${MAX_ALL_SKILL_FILES} were not kept`)
  return out
}

/**
 * One SKILL.md's text within `limit` bytes; 'unread' when it is larger (as declared or as read); null when it
 * failed its digest or could not be read: no host loads it, so there is no text of it to scan.
 */
async function skillText(
  skills: SkillsClient,
  entry: Parameters<SkillsClient['read']>[0],
  limit: number,
  opts: () => { signal: AbortSignal; timeout: number },
): Promise<{ text: string; bytes: number; raw: Uint8Array } | 'unread' | null> {
  const size = Array.isArray(entry.resources) ? entry.resources.find((r) => r.uri === entry.uri)?.size : undefined
  if ((size ?? 0) > limit) return 'unread'
  const file = await skills.read(entry, undefined, opts()).catch(() => null)
  if (!file) return null
  if (file.bytes.byteLength > limit) return 'unread'
  return { text: file.text ?? '', bytes: file.bytes.byteLength, raw: file.bytes }
}
