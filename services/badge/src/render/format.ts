// Text helpers of the renderers: number abbreviation, XML escaping, and fitting text to a width.
import { flatText } from '@mcp-directory/shared/text'
import measure from 'anafanafo'

const UNITS = ['k', 'M', 'B', 'T']

/** A count as badges show it: 999, 1.2k, 12k, 3.4M (one decimal below 10 of a unit, none above). */
export function abbreviate(value: number): string {
  const n = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0
  if (n < 1000) return String(n)
  let unit = -1
  let v = n
  while (v >= 1000 && unit < UNITS.length - 1) {
    v /= 1000
    unit++
  }
  let shown = v < 10 ? Math.round(v * 10) / 10 : Math.round(v)
  // 999,950 rounds to "1000k"; show it as the next unit instead.
  if (shown >= 1000 && unit < UNITS.length - 1) {
    shown = 1
    unit++
  }
  return `${shown}${UNITS[unit]}`
}

// Characters XML 1.0 does not allow at all (controls, lone surrogates, U+FFFE/FFFF): escaping cannot save
// them, so they are dropped before a listing string reaches the markup.
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * A listing string made safe to place in markup: invalid characters dropped, and, as in every text the directory
 * shows (shared/text), control, bidi and invisible characters removed (a bidi override in a title would reorder
 * what the badge draws), whitespace collapsed.
 */
export function cleanText(s: string | null | undefined): string {
  return flatText((s ?? '').replace(NOT_XML, ''))
}

/** Escapes text for an XML text node or a double- or single-quoted attribute. */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  )
}

/** Width in pixels of text in Verdana at `size` px (shields' measurement tables, scaled from 11 px). */
export function textWidth(text: string, size: number, bold = false): number {
  // anafanafo measures bold Verdana only at 10 px and regular at 11 px; scale from whichever is measured.
  const base = bold
    ? measure(text, { font: 'bold 10px Verdana', guess: true }) / 10
    : measure(text, { font: '11px Verdana', guess: true }) / 11
  return base * size
}

/** Shortens text with an ellipsis until it fits `maxWidth` pixels at `size` px. */
export function fitText(text: string, maxWidth: number, size: number, bold = false): string {
  if (textWidth(text, size, bold) <= maxWidth) return text
  const chars = [...text]
  let lo = 0
  let hi = chars.length
  // Binary search for the longest prefix that fits with the ellipsis.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (textWidth(`${chars.slice(0, mid).join('').trimEnd()}…`, size, bold) <= maxWidth) lo = mid
    else hi = mid - 1
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`
}
