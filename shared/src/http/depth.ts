// How deep a JSON text nests, read from the text itself before it is parsed: a body nested thousands of levels
// deep would otherwise reach recursive code (validation, cleaning, serialisation) and overflow its stack.

/** The deepest nesting a request body may have (an object or array inside another counts one level). */
export const MAX_JSON_DEPTH = 32

/**
 * Whether `text` nests objects and arrays deeper than `max`. One pass over the characters, brackets inside
 * strings ignored (with their escapes), so the answer costs no recursion and stops at the first level too deep.
 */
export function nestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // a backslash escapes the next character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}
