// MCP tool text is plain text (clients show it as it is, or hand it to a model), not Markdown: a value is made inert
// by its quotes alone, not by Markdown escapes (`\@`, `\~`, `\[` were noise to every reader). The lines and labels
// are ours; a value from a listing or a caller sits in double quotes on its line and can neither end its quotes,
// start a line, nor add a label.
import { flatText, truncate } from '@mcp-directory/shared/text'

// `"` and the characters a reader takes for one: typographic and low double quotes, double primes, ornaments, the
// CJK and full-width forms. Each is escaped, so none seems to end the value.
const QUOTES = /["\u201C-\u201F\u2033\u2036\u275D\u275E\u301D-\u301F\uFF02]/g

/**
 * A value as quoted data: `"…"` on one line. Control, bidi and invisible characters are dropped, every line break
 * and run of white space is one space, `\` and `"` (and its look-alikes) are escaped with a backslash. Longer values
 * are cut at `max` characters (an ellipsis marks the cut).
 */
export function quoted(value: string | null | undefined, max = Infinity): string {
  const text = truncate(flatText(value), max)
  return `"${text.replace(/\\/g, '\\\\').replace(QUOTES, '\\$&')}"`
}

/** A short value of the directory's own (a client label, a kind, a level) as one plain line. */
export const plain = (value: string | null | undefined): string => flatText(value)

/** A whole number as text (0 for anything else). */
export const num = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? String(Math.trunc(n)) : '0')
/** Values as a comma-separated list of quoted data. */
export const list = (values: string[] | undefined) => (values ?? []).map((v) => quoted(v)).join(', ')
