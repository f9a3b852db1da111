// How a value is written where a config or a command takes it: TOML strings, keys, arrays and inline tables,
// and POSIX shell words.

// TOML basic string with every character TOML requires escaped.
export function tomlString(s: string): string {
  let out = '"'
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0
    if (ch === '"') out += '\\"'
    else if (ch === '\\') out += '\\\\'
    else if (ch === '\n') out += '\\n'
    else if (ch === '\t') out += '\\t'
    else if (ch === '\r') out += '\\r'
    else if (c < 0x20 || c === 0x7f) out += `\\u${c.toString(16).padStart(4, '0')}`
    else out += ch
  }
  return `${out}"`
}
export const tomlKey = (k: string): string => (/^[A-Za-z0-9_-]+$/.test(k) ? k : tomlString(k))
export const tomlArray = (a: readonly string[]): string => `[${a.map(tomlString).join(', ')}]`
export const tomlInline = (r: Record<string, string>): string =>
  `{ ${Object.entries(r)
    .map(([k, v]) => `${tomlKey(k)} = ${tomlString(v)}`)
    .join(', ')} }`

/** Quotes one word for a POSIX shell (single quotes; plain when nothing in it is special). */
export function shellQuote(s: string): string {
  if (s !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s
  return `'${s.replace(/'/g, `'\\''`)}'`
}
