/** Every text of a tool list a model reads, with where it is: the place a finding names. */
import type { ServerTexts, ToolInfo } from '../contracts/listing'

/** One text and its place. */
export interface Place {
  /** The tool ('' for the server's own texts). */
  tool: string
  where: string
  text: string
}

const MAX_PLACES = 2000
/**
 * A SKILL.md is read in overlapping pieces: the judge reads at most 500 sentences of a text, and 1,000 characters
 * never hold more; the overlap keeps an order split over a piece's end whole in the next.
 */
const PIECE = 1000
const OVERLAP = 250

/** A long text as overlapping pieces, every character in at least one. */
export function piecesOf(text: string): string[] {
  const out: string[] = []
  for (let at = 0; at < text.length; at += PIECE - OVERLAP) {
    out.push(text.slice(at, at + PIECE))
    if (at + PIECE >= text.length) break
  }
  return out
}

/** The texts of `tools` and of the server (instructions, prompts, resources, skills), at most MAX_PLACES. */
export function textsOf(tools: readonly ToolInfo[], server?: ServerTexts | null): Place[] {
  const out: Place[] = []
  const add = (tool: string, where: string, text: unknown) => {
    if (typeof text === 'string' && text.trim() && out.length < MAX_PLACES) out.push({ tool, where, text })
  }
  for (const t of tools) {
    add(t.name, 'name', t.name.replace(/[_-]+/g, ' '))
    add(t.name, 'description', t.description)
    add(t.name, 'title', t.title)
    for (const [k, v] of Object.entries(t.annotations ?? {})) add(t.name, `annotations.${k}`, v)
    for (const p of t.parameters ?? []) add(t.name, `parameter name ${p}`, `${p} ${p.replace(/[_-]+/g, ' ')}`)
    for (const [path, d] of Object.entries(t.parameterDescriptions ?? {})) {
      add(t.name, `parameter name ${path}`, path.includes('.') ? path.replace(/[_.-]+/g, ' ') : null)
      add(t.name, `parameter ${path}`, d)
    }
  }
  add('', 'instructions', server?.instructions)
  for (const p of server?.prompts ?? []) add('', `prompt ${p.name}`, p.description)
  for (const r of server?.resources ?? []) add('', `resource ${r.name}`, r.description)
  // A skill's SKILL.md is an instruction a host loads whole into the model's context: read whole, as a tool
  // description is. Skills are bounded in count and text bytes when read, so they are not held to MAX_PLACES.
  for (const k of server?.skills ?? []) {
    if (k.description?.trim()) out.push({ tool: '', where: `skill ${k.name}`, text: k.description })
    for (const piece of piecesOf(k.text ?? ''))
      if (piece.trim()) out.push({ tool: '', where: `skill ${k.name} SKILL.md`, text: piece })
  }
  return out
}
