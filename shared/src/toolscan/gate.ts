/**
 * A cheap, sound gate for a phrase pattern: the literal texts one of which every match must begin with (the
 * leading words of each alternative), found once from the pattern's source. A text holding none of them cannot
 * match, so the pattern is not run on it: with hundreds of phrases in many languages, most never run on a text.
 */

const SPECIAL = new Set([...'\\()[]{}?*+.|^$'])

/** The source split at its top-level `|`. */
function topLevel(source: string, from = 0, until = source.length): string[] {
  const out: string[] = []
  let depth = 0
  let start = from
  let inClass = false
  for (let i = from; i < until; i++) {
    const c = source[i]!
    if (c === '\\') i++
    else if (inClass) inClass = c !== ']'
    else if (c === '[') inClass = true
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === '|' && depth === 0) {
      out.push(source.slice(start, i))
      start = i + 1
    }
  }
  out.push(source.slice(start, until))
  return out
}

/** Where the group opened at `open` closes. */
function closing(source: string, open: number): number {
  let depth = 0
  let inClass = false
  for (let i = open; i < source.length; i++) {
    const c = source[i]!
    if (c === '\\') i++
    else if (inClass) inClass = c !== ']'
    else if (c === '[') inClass = true
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i
  }
  return -1
}

/** The literal every match of `alt` begins with, or '' when it has none. */
function leading(alt: string): string[] | null {
  let s = alt
  while (s.startsWith('\\b')) s = s.slice(2)
  if (s.startsWith('(')) {
    const end = closing(s, 0)
    if (end < 0 || /^[?*{]/.test(s.slice(end + 1))) return null
    const inner = s.slice(s.startsWith('(?:') ? 3 : 1, end)
    return gateOf(inner)
  }
  let run = ''
  let i = 0
  while (i < s.length && !SPECIAL.has(s[i]!)) run += s[i++]
  if (/^[?*{]/.test(s.slice(i))) run = run.slice(0, -1)
  return run ? [run.toLowerCase()] : null
}

/** The literals one of which every match of `source` begins with, or null when there is no such set. */
export function gateOf(source: string): string[] | null {
  const out: string[] = []
  for (const alt of topLevel(source)) {
    const lits = leading(alt)
    if (!lits) return null
    out.push(...lits)
  }
  return out
}

/** Whether `lowered` (a lower-cased text) can match a pattern with this gate. */
export const passes = (gate: string[] | null, lowered: string) => !gate || gate.some((g) => lowered.includes(g))
