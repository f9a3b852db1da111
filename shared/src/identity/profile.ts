// TR39's identifier profile (UTS #39 §3.1, Identifier_Status=Allowed), derived from the Unicode properties the
// JavaScript engine ships (ICU's data, kept current with each release) as UTS #39 defines the status: a character
// is Allowed when it may continue an identifier (XID_Continue), is stable under NFKC, is not default-ignorable,
// and belongs to a script recommended for identifiers (UAX #31 Table 7), or is one of the few punctuation
// characters TR39 includes (Identifier_Type=Inclusion). No npm package carries IdentifierStatus.txt; this
// derivation keeps a few Uncommon_Use and Technical letters of those scripts that the file excludes, which the
// skeleton comparison still catches when they imitate another letter.

// UAX #31 Table 7, Recommended Scripts (with Common and Inherited, whose letters and marks are then judged by
// the other conditions).
const RECOMMENDED_SCRIPTS = [
  'Common',
  'Inherited',
  'Arabic',
  'Armenian',
  'Bengali',
  'Bopomofo',
  'Cyrillic',
  'Devanagari',
  'Ethiopic',
  'Georgian',
  'Greek',
  'Gujarati',
  'Gurmukhi',
  'Han',
  'Hangul',
  'Hebrew',
  'Hiragana',
  'Kannada',
  'Katakana',
  'Khmer',
  'Lao',
  'Latin',
  'Malayalam',
  'Myanmar',
  'Oriya',
  'Sinhala',
  'Tamil',
  'Telugu',
  'Thaana',
  'Thai',
  'Tibetan',
]

const RECOMMENDED = new RegExp(`^[${RECOMMENDED_SCRIPTS.map((s) => `\\p{Script_Extensions=${s}}`).join('')}]$`, 'u')
const CONTINUES_IDENTIFIER = /^\p{XID_Continue}$/u
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u
// Identifier_Type=Inclusion: ' - . : · ‧ ‐ ’ ­ ་ ༌ ׳ ״ ・ (U+0027 U+002D U+002E U+003A U+00B7 U+0375 U+058A
// U+05F3 U+05F4 U+06FD U+06FE U+0F0B U+2010 U+2019 U+2027 U+30A0 U+30FB).
const INCLUSION = new Set([
  0x27, 0x2d, 0x2e, 0x3a, 0xb7, 0x375, 0x58a, 0x5f3, 0x5f4, 0x6fd, 0x6fe, 0xf0b, 0x2010, 0x2019, 0x2027, 0x30a0, 0x30fb,
])

/** Whether one character (a code point) has TR39's Identifier_Status=Allowed, as derived above. */
export function isAllowedInIdentifier(ch: string): boolean {
  if (INCLUSION.has(ch.codePointAt(0)!)) return true
  return CONTINUES_IDENTIFIER.test(ch) && !IGNORABLE.test(ch) && ch.normalize('NFKC') === ch && RECOMMENDED.test(ch)
}
