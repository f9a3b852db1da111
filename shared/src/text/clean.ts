/**
 * The first half of the rule for text from submissions and imports: characters that carry no visible meaning are
 * removed before the text goes anywhere an agent reads it. Removed: C0 and C1 controls (a tab becomes a space; a
 * line break is kept only where the field is multi-line), Unicode format characters (bidi embeddings, overrides and
 * isolates, zero-width spaces and joiners, the soft hyphen, the word joiner, the byte-order mark, the tag characters
 * U+E0000–U+E007F that can hide ASCII from a reader), variation selectors and other invisible letters (Hangul and
 * Khmer fillers, the combining grapheme joiner, Mongolian selectors). Kept: a zero-width joiner inside an emoji
 * sequence and one variation selector right after an emoji or keycap base, so `🗄️` and `👩‍💻` still read as written.
 */

// Everything that may be removed; the callback below keeps the few emoji cases.
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is matched on its own, joiners and combining marks included
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/gu
const LINE_BREAK = /\r\n?|[\u000B\u000C\u0085\u2028\u2029]/g
const PICTOGRAPH = /\p{Extended_Pictographic}/u
const EMOJI_MODIFIER = /[\u{1F3FB}-\u{1F3FF}]/u
// Anything but a printable ASCII character (space to tilde): only such text can need cleaning.
const NOT_PRINTABLE_ASCII = /[^\x20-\x7E]/
const SURROGATE = /[\uD800-\uDFFF]/
// Lone surrogate halves cannot be shown; they become U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

const HAS_INVISIBLE = new RegExp(INVISIBLE.source, 'u')
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source)

/** The code point that ends just before `index` (a surrogate pair counts as one). */
function codePointBefore(s: string, index: number): string {
  if (index <= 0) return ''
  const low = s.charCodeAt(index - 1)
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return s.slice(index - 2, index)
  return s.slice(index - 1, index)
}

function keptInEmoji(ch: string, offset: number, s: string): boolean {
  if (ch === '\uFE0F' || ch === '\uFE0E') {
    const before = codePointBefore(s, offset)
    return PICTOGRAPH.test(before) || /^[#*0-9]$/.test(before)
  }
  if (ch === '\u200D') {
    let i = offset
    let before = codePointBefore(s, i)
    // ZWJ may follow a selector or a skin-tone modifier of the emoji before it.
    while (before === '\uFE0F' || EMOJI_MODIFIER.test(before)) {
      i -= before.length
      before = codePointBefore(s, i)
    }
    const after = String.fromCodePoint(s.codePointAt(offset + 1) ?? 0)
    return PICTOGRAPH.test(before) && PICTOGRAPH.test(after)
  }
  return false
}

/**
 * Text with every control, bidi and invisible character removed. `multiline`: line breaks (CR LF, CR, NEL, LS, PS,
 * VT, FF) become `\n` and are kept; otherwise each becomes a space. Tabs become spaces either way.
 */
export function cleanText(value: string | null | undefined, opts: { multiline?: boolean } = {}): string {
  if (typeof value !== 'string' || value === '') return ''
  // Most text is printable ASCII, which holds nothing to remove: one scan instead of three.
  if (!NOT_PRINTABLE_ASCII.test(value)) return value
  const lone = SURROGATE.test(value) && HAS_LONE_SURROGATE.test(value)
  // Nothing invisible (line breaks are among the invisible characters) and no lone surrogate: nothing to change.
  if (!lone && !HAS_INVISIBLE.test(value)) return value
  const surrogates = lone ? value.replace(LONE_SURROGATE, '\uFFFD') : value
  const s = surrogates.replace(LINE_BREAK, '\n')
  return s.replace(INVISIBLE, (ch: string, offset: number, whole: string) => {
    if (ch === '\n') return opts.multiline ? '\n' : ' '
    if (ch === '\t') return ' '
    return keptInEmoji(ch, offset, whole) ? ch : ''
  })
}

/** One line: cleaned, every run of white space (line breaks included) one space, trimmed. */
export function flatText(value: string | null | undefined): string {
  const clean = cleanText(value)
  return (SPACE_TO_FOLD.test(clean) ? clean.replace(/\s+/g, ' ') : clean).trim()
}

// White space other than a single space between two other characters: only then is there a run to fold.
const SPACE_TO_FOLD = /[^\S ]| {2}/

/** Cuts text to at most `max` characters (an ellipsis marks the cut), never inside a surrogate pair. */
export function truncate(s: string, max: number): string {
  if (s.length <= max) return s
  let cut = max - 1
  const c = s.charCodeAt(cut - 1)
  if (c >= 0xd800 && c <= 0xdbff) cut -= 1
  return `${s.slice(0, cut)}…`
}
