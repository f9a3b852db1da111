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
 * than MAX_DEPTH become null (counted in `tooDeep`). The input is not changed, and nothing is copied where nothing
 * had to go: a clean value comes back as itself (a 32 MiB import is not held twice).
 */
export function storableValue<T>(value: T): { value: T; removed: Removed } {
  const removed: Removed = { characters: 0, tooDeep: 0 }
  const text = (s: string) => {
    if (!hasUnstorable(s)) return s
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
    if (Array.isArray(v)) {
      let out: unknown[] | null = null
      for (let i = 0; i < v.length; i++) {
        const x = walk(v[i], depth + 1)
        if (x === v[i]) continue
        out ??= v.slice()
        out[i] = x
      }
      return out ?? v
    }
    let changed = false
    const walked = Object.entries(v).map(([k, x]) => {
      const pair: [string, unknown] = [text(k), walk(x, depth + 1)]
      if (pair[0] !== k || pair[1] !== x) changed = true
      return pair
    })
    return changed ? Object.fromEntries(walked) : v
  }
  return { value: walk(value, 0) as T, removed }
}

/** Whether cleaning removed anything. */
export const removedAny = (r: Removed) => r.characters > 0 || r.tooDeep > 0
