// Names compared as people see them: two names that render alike have one skeleton (Unicode TR39 §4).
// The confusables mapping is Unicode's own confusables.txt (13.0.0), as the `unhomoglyph` package ships it.
import CONFUSABLES from 'unhomoglyph/data.json'

const PROTOTYPES = new Map<string, string>(Object.entries(CONFUSABLES as Record<string, string>))

// Characters that change how a name reads without being seen: Unicode's default-ignorable code points
// (zero-width joiners and spaces, soft hyphen, variation selectors, tags, fillers…) and the bidi controls.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu

/** One invisible or bidi control character of a name: its code point (`U+200D`) and its offset in the string. */
export interface InvisibleCharacter {
  codePoint: string
  index: number
}

/** The invisible and bidi control characters of `text` (empty when there is none). */
export function invisibleCharacters(text: string): InvisibleCharacter[] {
  return [...text.matchAll(INVISIBLE)].map((m) => ({
    codePoint: `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
    index: m.index,
  }))
}

// One pass: NFKC, case-folded (upper then lower: full case folding as ß → ss, ς → σ), invisible characters
// removed, then TR39's skeleton: NFD, each character replaced by its confusable prototype, NFD again.
function pass(text: string): string {
  const folded = text.normalize('NFKC').toUpperCase().toLowerCase().replace(INVISIBLE, '').normalize('NFD')
  let out = ''
  for (const ch of folded) out += PROTOTYPES.get(ch) ?? ch
  return out.normalize('NFD').trim()
}

/**
 * The skeleton of a name: equal for names that look alike (`GitHub-MCP-Server`, `github‍-mcp-server` with a
 * zero-width joiner, `gіthub-mcp-server` with a Cyrillic і, fullwidth `ｇｉｔｈｕｂ…`). Prototypes may be upper
 * case (0 → O), so passes repeat until nothing changes: the skeleton of a skeleton is itself.
 */
export function nameSkeleton(name: string): string {
  let s = name
  for (let i = 0; i < 8; i++) {
    const next = pass(s)
    if (next === s) return s
    s = next
  }
  return s
}
