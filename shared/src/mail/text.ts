// Text that someone else chose (a listing name) shown in plain-text mail as data: one quoted line that no mail
// client can turn into a link, a header or a fake instruction block.

// Control, format (bidi overrides, zero-width characters), private-use and unassigned characters, and the
// Unicode line and paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/gu

/**
 * `value` as a quoted, escaped string for a plain-text mail: NFKC-normalised, invisible and control characters removed,
 * whitespace collapsed, cut to `max` characters, link-making parts bracketed (`://` → `[:]//`, a dot between
 * letters or digits → `[.]`, `@` → `[at]`), then JSON-quoted so quotes and backslashes are escaped.
 */
export function quoteForMail(value: string, max = 120): string {
  // NFKC first: a fullwidth `．` or `：` would otherwise slip past the bracketing below and still make a link.
  let s = value.normalize('NFKC').replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim()
  const chars = [...s]
  if (chars.length > max) s = `${chars.slice(0, max - 1).join('')}…`
  s = s
    .replaceAll('://', '[:]//')
    .replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '[.]')
    .replaceAll('@', '[at]')
  return JSON.stringify(s)
}
