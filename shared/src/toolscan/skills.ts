// A server's skills (the MCP Skills extension, SEP-2640) as a checker keeps them: each skill's frontmatter name,
// title and description, and every file with its sha256 as the server published it; the hash of the whole, and
// what changed between two listings. Pure functions: the prober and the sandbox read, the catalog compares.
import { createHash } from 'node:crypto'
import type { SkillInfo, SkillsChange } from '../contracts/listing'
import { MAX_DESCRIPTION } from './listed'

/** How many skills, and files of one skill, are kept (the extension's own limit is 512 files a skill). */
export const MAX_SKILLS = 100
export const MAX_SKILL_FILES = 512
/** The longest file path kept (a path is a name to compare, not a text a model reads), so the facts stay sendable. */
export const MAX_SKILL_PATH = 256

/** A `skills/list` entry as the extension defines it (`Skill`), read without trusting its shape. */
interface SkillEntry {
  uri?: unknown
  frontmatter?: { name?: unknown; description?: unknown; title?: unknown }
  resources?: unknown
}

const SHA256 = /^(?:sha256:)?([0-9a-f]{64})$/i

/** A skill as kept, from its entry: file paths relative to the skill's root, digests as 64 hex digits. */
export function skillInfo(entry: SkillEntry): SkillInfo | null {
  const name = entry.frontmatter?.name
  if (typeof entry.uri !== 'string' || typeof name !== 'string' || !name.trim()) return null
  const uri = entry.uri.slice(0, 2048)
  const root = uri.replace(/SKILL\.md$/, '')
  const description = entry.frontmatter?.description
  const title = entry.frontmatter?.title
  const files: SkillInfo['files'] = []
  for (const f of Array.isArray(entry.resources) ? entry.resources : []) {
    const file = f as { uri?: unknown; digest?: unknown }
    const digest = typeof file.digest === 'string' ? SHA256.exec(file.digest)?.[1] : undefined
    if (typeof file.uri !== 'string' || !digest || files.length >= MAX_SKILL_FILES) continue
    const path = file.uri.startsWith(root) && file.uri.length > root.length ? file.uri.slice(root.length) : file.uri
    files.push({ path: keptPath(path), sha256: digest.toLowerCase() })
  }
  return {
    name: name.trim().slice(0, 200),
    ...(typeof title === 'string' && title.trim() ? { title: title.trim().slice(0, 200) } : {}),
    description: typeof description === 'string' ? description.trim().slice(0, MAX_DESCRIPTION) : '',
    uri,
    files,
    ...(entry.resources === 'dynamic' ? { dynamic: true } : {}),
  }
}

/** A path as kept: a long one cut, with a digest of the whole so two long paths stay two. */
const keptPath = (path: string) =>
  path.length <= MAX_SKILL_PATH
    ? path
    : `${path.slice(0, MAX_SKILL_PATH - 18)}…${createHash('sha256').update(path).digest('hex').slice(0, 16)}`

const normalText = (s: string | undefined) => (s ?? '').normalize('NFC').replace(/\s+/g, ' ').trim()

/** One skill in a stable form: files by path, texts' whitespace collapsed. */
const normalSkill = (s: SkillInfo) => ({
  uri: s.uri,
  name: normalText(s.name),
  title: normalText(s.title),
  description: normalText(s.description),
  files: [...s.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((f) => [f.path, f.sha256]),
  dynamic: !!s.dynamic,
  // Only when read (a dynamic skill's text has no published digest), so a skill seen before hashes as it did.
  ...(s.textSha256 ? { text: s.textSha256 } : {}),
})

const sha256 = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex')

/** sha256 of one skill's entry: a changed file, SKILL.md text, description or name changes it. */
export const skillDigest = (s: SkillInfo) => sha256(normalSkill(s))

/** sha256 of the skills (hex), whatever their order. */
export function skillsHash(skills: readonly SkillInfo[]): string {
  return sha256(skills.map(normalSkill).sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0)))
}

/** What changed from one list of skills to the next, by name (by URI when two share a name). */
export function diffSkills(
  before: readonly SkillInfo[],
  after: readonly SkillInfo[],
): Pick<SkillsChange, 'added' | 'removed' | 'changed'> {
  const label = (list: readonly SkillInfo[], s: SkillInfo) =>
    list.filter((x) => x.name === s.name).length > 1 ? s.uri : s.name
  const a = new Map(before.map((s) => [s.uri, s]))
  const b = new Map(after.map((s) => [s.uri, s]))
  const added = after.filter((s) => !a.has(s.uri)).map((s) => label(after, s))
  const removed = before.filter((s) => !b.has(s.uri)).map((s) => label(before, s))
  const changed = after
    .filter((s) => a.has(s.uri) && skillDigest(a.get(s.uri)!) !== skillDigest(s))
    .map((s) => label(after, s))
  return { added, removed, changed }
}
