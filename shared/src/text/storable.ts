/**
 * Text from outside (submissions, imports, upstream pages, READMEs, tool lists, sandbox reports) cleaned once where
 * it enters, of what PostgreSQL or JSON cannot keep: NUL (a `text` or `jsonb` value cannot hold U+0000, so the
 * whole write would fail and leave the old facts looking current) and lone surrogate halves (not encodable as
 * UTF-8; JSON consumers choke on them). Nothing else is changed: the display rules (clean.ts) apply later, on the
 * way to an agent. What was removed is counted, so the boundary can note it.
 */

// NUL, and a surrogate half without its other half.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

// Deeper than any value a boundary accepts (request bodies stop at 32 levels; parsed pages at their parser's).
const MAX_DEPTH = 256

/** What cleaning removed: how many characters, and how many values were cut for nesting too deep. */
export interface Removed {
  characters: number
  tooDeep: number
}

/** A string without NUL and lone surrogates, and how many were removed. */
export function storableText(s: string): { text: string; removed: number } {
  let removed = 0
  const text = s.replace(UNSTORABLE, () => {
    removed++
    return ''
  })
  return { text, removed }
}

/** Whether a string holds anything `storableText` would remove. */
export const hasUnstorable = (s: string) => {
  UNSTORABLE.lastIndex = 0
  const found = UNSTORABLE.test(s)
  UNSTORABLE.lastIndex = 0
  return found
}

/**
 * A JSON-like value with every string (object keys too) made storable, and what was removed. Values nested deeper
 * than MAX_DEPTH become null (counted in `tooDeep`). The input is not changed; objects come back as plain objects.
 */
export function storableValue<T>(value: T): { value: T; removed: Removed } {
  const removed: Removed = { characters: 0, tooDeep: 0 }
  const text = (s: string) => {
    const r = storableText(s)
    removed.characters += r.removed
    return r.text
  }
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return text(v)
    if (v === null || typeof v !== 'object' || v instanceof Date) return v
    if (depth >= MAX_DEPTH) {
      removed.tooDeep++
      return null
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1))
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) out[text(k)] = walk(x, depth + 1)
    return out
  }
  return { value: walk(value, 0) as T, removed }
}

/** Whether cleaning removed anything. */
export const removedAny = (r: Removed) => r.characters > 0 || r.tooDeep > 0
