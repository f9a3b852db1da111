// The detail text's tools, how their list breaks the spec when it does, and the server's skills (names and
// descriptions; the digests are in the structured content). Every listing value is quoted data (plain.ts).
import { quoted as q } from './plain'

const MAX_DESCRIPTION = 160
const MAX_SKILLS_SHOWN = 50

/** What the detail text reads of a listing's tools and skills. */
export interface ToolsInput {
  tools: { name: string; description?: string }[]
  toolsDefect?: { message: string; tools: string[] } | null
  skills?: { name: string; title?: string; description: string }[]
}

/** The tools (or that none are known), the defect of their list, then the skills when it offers any. */
export function toolsLines(s: ToolsInput): string[] {
  const lines: string[] = []
  if (s.toolsDefect) {
    const names = s.toolsDefect.tools.slice(0, 10).map((n) => q(n))
    lines.push('', `broken tool list: ${q(s.toolsDefect.message)}${names.length ? `; tools ${names.join(', ')}` : ''}`)
  }
  if (s.tools.length) {
    const tool = (t: { name: string; description?: string }) =>
      `- name ${q(t.name)}${t.description ? `, description ${q(t.description, MAX_DESCRIPTION)}` : ''}`
    lines.push('', `tools (${s.tools.length}):`, ...s.tools.map(tool))
  } else lines.push('', 'tools: none known yet')
  const skills = s.skills ?? []
  if (skills.length) {
    const skill = (k: { name: string; title?: string; description: string }) =>
      `- name ${q(k.name)}${k.title && k.title !== k.name ? `, title ${q(k.title)}` : ''}${k.description ? `, description ${q(k.description, MAX_DESCRIPTION)}` : ''}`
    const more = skills.length > MAX_SKILLS_SHOWN ? [`- and ${skills.length - MAX_SKILLS_SHOWN} more`] : []
    lines.push('', `skills (${skills.length}):`, ...skills.slice(0, MAX_SKILLS_SHOWN).map(skill), ...more)
  }
  return lines
}
