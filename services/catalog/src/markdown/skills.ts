// The Markdown document's word on a tool list that breaks the spec, and the skills section: names and
// descriptions (the digests are in the JSON detail). Every value is a listing's, escaped like the rest.
import type { Listing } from '@mcp-directory/shared/contracts'
import { flatText as flat, markdownInline as inline, truncate } from '@mcp-directory/shared/text'

const MAX_SKILL_DESCRIPTION = 500

/** A list's last change in words: `added a, b; removed c` (each list its first ten names, escaped). */
export function changeWords(change: { added: string[]; removed: string[]; changed: string[] }): string {
  const parts = [
    ['added', change.added],
    ['removed', change.removed],
    ['changed', change.changed],
  ] as const
  return parts
    .filter(([, names]) => names.length)
    .map(
      ([what, names]) =>
        `${what} ${names
          .slice(0, 10)
          .map((n) => inline(flat(n)))
          .join(', ')}`,
    )
    .join('; ')
}
const MAX_SKILLS_SHOWN = 50

/** How the tool list breaks the spec, as a paragraph before the tools (none when it does not). */
export function toolsDefectLines(l: Listing): string[] {
  const d = l.toolsDefect
  if (!d) return []
  const names = d.tools.slice(0, 10).map((n) => inline(flat(n)))
  return [`**Broken tool list:** ${inline(flat(d.message))}${names.length ? ` (${names.join(', ')})` : ''}.`, '']
}

/** The skills the server offers, and their last change (null when it offers none). */
export function skillsSection(l: Listing): string | null {
  const skills = (l.skills ?? []).filter((s) => s && flat(s.name))
  if (!skills.length) return null
  const out = ['## Skills', '']
  const change = l.skillsChanges?.[0]
  if (change) {
    out.push(`Skills changed on ${change.at.slice(0, 10)}: ${changeWords(change) || 'files only'}.`, '')
  }
  for (const s of skills.slice(0, MAX_SKILLS_SHOWN)) {
    const desc = truncate(flat(s.description), MAX_SKILL_DESCRIPTION)
    const title = s.title && s.title !== s.name ? ` (${inline(flat(s.title))})` : ''
    out.push(`- **${inline(s.name)}**${title}${desc ? `: ${inline(desc)}` : ''}`)
  }
  if (skills.length > MAX_SKILLS_SHOWN) out.push(`- … and ${skills.length - MAX_SKILLS_SHOWN} more`)
  return out.join('\n')
}
