/**
 * A text as a model reads it, in every view the scan matches: characters a person cannot see are flagged, then
 * removed (and the ones that carry text — Unicode tags, variation selectors — decoded); NFKC folds fullwidth and
 * styled letters; a confusable skeleton maps Cyrillic and Greek look-alikes to Latin; split words are joined; and
 * base64, hex and URL-encoded runs are decoded, rot13 is undone where it makes English, spelled-out e-mail addresses
 * are written as addresses and Arabic and Hebrew vowel marks are dropped (decode.ts). Every step is linear in the text's length.
 */
import { htmlEntities, leetView, reversedView, rot13View, spelledAddresses, withoutVowelMarks } from './decode'

/** What a text hides, and the views of it the scan reads. */
export interface TextViews {
  /** Every view to match (the NFKC text first). */
  views: string[]
  /** Bidirectional controls or Unicode tags (hide or reorder text). */
  bidiOrTags: boolean
  /** Variation selectors beyond a decorated symbol's one (data smuggled in them). */
  smuggled: boolean
  /** Zero-width and other format characters. */
  invisible: boolean
  /** Words mixing Latin with Cyrillic or Greek letters. */
  mixedScript: boolean
  /** Encoded runs that decode to readable text. */
  decoded: string[]
  /** E-mail addresses spelled out ("attacker at evil dot example"). */
  spelled: number
  /** The text reads as English only after rot13. */
  rot13: boolean
}

const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u
const TAGS = /[\u{E0000}-\u{E007F}]/gu
const VARIATION = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu
// Format characters (Cf) and fillers that render as nothing.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is matched on its own, combining marks included
const FORMAT = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\u180E]/gu

// Cyrillic and Greek letters drawn like Latin ones (Unicode's confusables, the letters that matter for words).
const CONFUSABLE: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ɡ: 'g',
  ᴦ: 'r',
  ӏ: 'l',
  ү: 'y',
  ԍ: 'g',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  Ү: 'Y',
  Ԁ: 'D',
  Ԛ: 'Q',
  Ԝ: 'W',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  γ: 'y',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
}
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLE).join('')}]`, 'gu')
// One pass over the words (a lookahead per position would be quadratic in a long word).
const mixedScript = (s: string) =>
  s.split(/[^\p{L}]+/u).some((w) => /[A-Za-z]/.test(w) && /[\u0370-\u03FF\u0400-\u04FF]/.test(w))

// A tool about look-alike letters names one as its example ("аpple.com" with a Cyrillic а): a quoted word or a
// domain there is the subject, not a disguise.
const HOMOGLYPH_TOPIC = /homoglyph|confusable|look-?alike|\bIDN\b|punycode|spoof|typosquat|mixed[\s-]script/i
const QUOTED_OR_DOMAIN =
  /["'`“‘«][^"'`”’»\n]{1,80}["'`”’»]|[\p{L}\p{N}-]{1,63}(\.[\p{L}\p{N}-]{1,63}){0,4}\.[a-z]{2,24}\b/gu

/** Hidden ASCII carried by Unicode tag characters (U+E0020–E007E). */
function decodeTags(s: string): string {
  let out = ''
  for (const m of s.matchAll(TAGS)) {
    const c = m[0].codePointAt(0)! - 0xe0000
    if (c >= 0x20 && c < 0x7f) out += String.fromCharCode(c)
  }
  return out
}

/** Bytes smuggled in variation selectors (VS1–16: 0–15, VS17–256: 16–255), as UTF-8 text. */
function decodeVariation(s: string): string {
  const bytes: number[] = []
  for (const m of s.matchAll(VARIATION)) {
    const c = m[0].codePointAt(0)!
    bytes.push(c >= 0xe0100 ? c - 0xe0100 + 16 : c - 0xfe00)
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes))
}

/** Whether decoded bytes are text a model would read: mostly letters and spaces, several words. */
export function readable(s: string): boolean {
  if (s.length < 12) return false
  const letters = s.match(/[\p{L}\s.,:;'"!?()-]/gu)?.length ?? 0
  return letters / s.length > 0.85 && /\p{L}{2,}[\s,.]+\p{L}{2,}[\s,.]+\p{L}{2,}/u.test(s)
}

function tryBase64(run: string): string | null {
  const clean = run.replace(/-/g, '+').replace(/_/g, '/')
  if (clean.length % 4 === 1) return null
  try {
    const text = Buffer.from(clean, 'base64').toString('utf8')
    return readable(text) ? text : null
  } catch {
    return null
  }
}

/** Readable text hidden in base64, hex or URL-encoded runs longer than 24 characters. */
export function decodeRuns(s: string): string[] {
  const out: string[] = []
  for (const m of s.matchAll(/[A-Za-z0-9+/_-]{24,}={0,2}/g)) {
    if (out.length >= 10) break
    if (/^[0-9a-f]+$/i.test(m[0]) && m[0].length % 2 === 0) {
      const hex = Buffer.from(m[0], 'hex').toString('utf8')
      if (readable(hex)) out.push(hex)
      continue
    }
    const text = tryBase64(m[0])
    if (text) out.push(text)
  }
  for (const m of s.matchAll(/(?:%[0-9A-Fa-f]{2}|[A-Za-z0-9._~+-]){24,}/g)) {
    if (out.length >= 10 || (m[0].match(/%/g)?.length ?? 0) < 4) continue
    try {
      const text = decodeURIComponent(m[0].replace(/\+/g, ' '))
      if (readable(text)) out.push(text)
    } catch {
      // not URL-encoded after all
    }
  }
  return out
}

/** Joins words split to dodge a match: `ig-nore`, `ig- nore`, `i g n o r e`, `i.g.n.o.r.e`. */
export function joinSplitWords(s: string): string {
  return (
    s
      // One separator throughout a run, so `i.g.n.o.r.e p.r.e.v.i.o.u.s` stays two words.
      .replace(/\b\p{L}([ .·_*-])(?:\p{L}\1){1,}\p{L}\b/gu, (m) => m.replace(/[ .·_*-]/g, ''))
      .replace(/(\p{L})[-\u2010\u2011\u00AD]\s*(\p{L})/gu, '$1$2')
  )
}

/** The views of `raw` the scan matches, and what it hides. */
export function textViews(raw: string): TextViews {
  const bidiOrTags = BIDI.test(raw) || /[\u{E0000}-\u{E007F}]/u.test(raw)
  const selectors = raw.match(VARIATION)?.length ?? 0
  const smuggled = selectors > 2
  const stripped = raw.replace(TAGS, '').replace(VARIATION, '')
  // Joiners between letters of scripts that need them (Persian, the Indic scripts) are spelling, not hiding.
  // So are joiners inside an emoji sequence (👨‍💻) and soft hyphens inside a word (Wetter\u00ADvorhersage).
  const joinersAsSpelling = stripped
    .replace(/(?<=[^\p{Script=Latin}\P{L}]\p{M}*)[\u200C\u200D](?=\P{Script=Latin})/gu, '')
    .replace(/(?<=\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu, '')
    .replace(/(?<=\p{L})\u00AD(?=\p{L})/gu, '')
  const invisible = joinersAsSpelling !== joinersAsSpelling.replace(FORMAT, '')
  const nfkc = stripped.replace(FORMAT, '').normalize('NFKC')
  const skeleton = withoutVowelMarks(nfkc.replace(CONFUSABLE_RE, (c) => CONFUSABLE[c] ?? c))
  const views = [nfkc]
  if (skeleton !== nfkc) views.push(skeleton)
  const joined = joinSplitWords(skeleton)
  if (joined !== skeleton) views.push(joined)
  const hidden = [decodeTags(raw), smuggled ? decodeVariation(raw) : ''].filter((h) => h.trim())
  const decoded = decodeRuns(nfkc)
  // On the joined view, and on the NFKC text too: the skeleton folds Cyrillic words for @ ("собака") to Latin.
  const spelled = spelledAddresses(joined)
  if (spelled.count) views.push(spelled.text)
  const spelledNative = nfkc === joined ? { text: '', count: 0 } : spelledAddresses(nfkc)
  if (spelledNative.count) views.push(spelledNative.text)
  const rotated = rot13View(nfkc)
  if (rotated) views.push(rotated, spelledAddresses(rotated).text)
  // Numeric character references, text written backwards and digits for letters: read through by a model.
  const entities = htmlEntities(nfkc)
  const recoded = [entities, reversedView(nfkc), leetView(joined)].filter((x): x is string => x !== null)
  views.push(...recoded)
  views.push(...hidden, ...decoded)
  return {
    views,
    bidiOrTags,
    smuggled,
    invisible,
    mixedScript: mixedScript(HOMOGLYPH_TOPIC.test(nfkc) ? nfkc.replace(QUOTED_OR_DOMAIN, ' ') : nfkc),
    decoded: [...hidden, ...decoded, ...(entities ? [entities] : [])],
    spelled: spelled.count + spelledNative.count,
    rot13: rotated !== null,
  }
}
