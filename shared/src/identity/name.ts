// Names compared as people see them: two names that render alike have one skeleton (Unicode TR39 §4).
// The confusables mapping is Unicode's own confusables.txt (13.0.0), as the `unhomoglyph` package ships it.
import CONFUSABLES from 'unhomoglyph/data.json'
import { isAllowedInIdentifier } from './profile'

const PROTOTYPES = new Map<string, string>(Object.entries(CONFUSABLES as Record<string, string>))

// Characters that change how a name reads without being seen: Unicode's default-ignorable code points
// (zero-width joiners and spaces, soft hyphen, variation selectors, tags, fillers…), the bidi controls, every
// format (Cf) character and every white space other than the plain space (no-break, ideographic, line
// separators…). Chosen by property, so a character Unicode adds to one of them is covered without a list.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Cf}\p{Variation_Selector}\p{White_Space}]/gu
const PLAIN_SPACE = ' '

// Combining marks: `ı` + U+0307 renders as `i`, so marks are dropped before skeletons are compared.
const COMBINING = /\p{M}/gu

/** One invisible or bidi control character of a name: its code point (`U+200D`) and its offset in the string. */
export interface InvisibleCharacter {
  codePoint: string
  index: number
}

/** Why a character of a name is refused. */
export type RefusedReason = 'invisible' | 'format' | 'variation_selector' | 'white_space' | 'not_allowed'

/** One refused character of a name: its code point, its offset and why. */
export interface RefusedCharacter extends InvisibleCharacter {
  reason: RefusedReason
}

const codePointOf = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`

/**
 * The invisible characters of `text` (empty when there is none): default-ignorable, bidi controls, format (Cf),
 * variation selectors, and white space other than U+0020.
 */
export function invisibleCharacters(text: string): InvisibleCharacter[] {
  return [...text.matchAll(INVISIBLE)]
    .filter((m) => m[0] !== PLAIN_SPACE)
    .map((m) => ({ codePoint: codePointOf(m[0]), index: m.index }))
}

function reasonOf(ch: string): RefusedReason | null {
  if (ch === PLAIN_SPACE) return null
  if (/\p{Variation_Selector}/u.test(ch)) return 'variation_selector'
  if (/\p{White_Space}/u.test(ch)) return 'white_space'
  if (/\p{Cf}/u.test(ch)) return 'format'
  if (/[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u.test(ch)) return 'invisible'
  // Printable ASCII (names use spaces, dots, slashes, `@`, `+`…), else the TR39 identifier profile.
  if (/^[\x21-\x7e]$/.test(ch) || isAllowedInIdentifier(ch)) return null
  return 'not_allowed'
}

/**
 * The characters a listing's name may not hold, each with its reason: every invisible character (see
 * `invisibleCharacters`) and every character outside the name profile: printable ASCII, the plain space, and
 * characters of TR39's identifier profile (`Identifier_Status=Allowed`, see `profile.ts`). So a Braille blank
 * (U+2800), a one-dot leader (U+2024), symbols, emoji and controls are refused. Empty for an acceptable name.
 */
export function refusedNameCharacters(name: string): RefusedCharacter[] {
  const out: RefusedCharacter[] = []
  let index = 0
  for (const ch of name) {
    const reason = reasonOf(ch)
    if (reason) out.push({ codePoint: codePointOf(ch), index, reason })
    index += ch.length
  }
  return out
}

const REASON_TEXT: Record<RefusedReason, string> = {
  invisible: 'invisible',
  format: 'format character',
  variation_selector: 'variation selector',
  white_space: 'white space other than a plain space',
  not_allowed: 'outside the identifier profile',
}

/** A sentence naming the refused characters of a name (at most five), or null when there is none. */
export function describeRefusedName(name: string): string | null {
  const refused = refusedNameCharacters(name)
  if (!refused.length) return null
  const list = [...new Set(refused.map((c) => `${c.codePoint} (${REASON_TEXT[c.reason]})`))].slice(0, 5)
  return `contains characters a name may not hold: ${list.join(', ')}; use visible letters, digits, spaces and ASCII punctuation`
}

// One pass: NFKC, case-folded (upper then lower: full case folding as ß → ss, ς → σ), invisible characters
// removed, then TR39's skeleton (NFD, each character replaced by its confusable prototype, NFD again), then the
// combining marks left dropped, so a dotless ı with a combining dot is the i it renders as.
function pass(text: string): string {
  const folded = text.normalize('NFKC').toUpperCase().toLowerCase().replace(INVISIBLE, stripInvisible)
  let out = ''
  for (const ch of folded.normalize('NFD')) out += PROTOTYPES.get(ch) ?? ch
  return out.normalize('NFD').replace(COMBINING, '').trim()
}

// The plain space is kept (it separates words); every other invisible character goes.
const stripInvisible = (ch: string) => (ch === PLAIN_SPACE ? ch : '')

/**
 * The look-alike skeleton of a text: equal for texts that look alike (`GitHub-MCP-Server`, `github‍-mcp-server` with
 * a zero-width joiner, `gіthub-mcp-server` with a Cyrillic і, fullwidth `ｇｉｔｈｕｂ…`, `zı̇llow` for `zillow`).
 * Prototypes may be upper case (0 → O), so passes repeat until nothing changes: the skeleton of a skeleton is
 * itself. Host names are compared by this one (their dots are structure); names by `nameSkeleton`.
 */
export function lookalikeSkeleton(text: string): string {
  let s = text
  for (let i = 0; i < 8; i++) {
    const next = pass(s)
    if (next === s) return s
    s = next
  }
  return s
}

// Every run of separators (spaces, hyphens, underscores, dots: those the confusables data maps its look-alikes to
// as well) reads as one separator; leading and trailing ones read as none.
const SEPARATORS = /[ \-_.]+/g

/**
 * The skeleton of a name: its look-alike skeleton (`lookalikeSkeleton`) with, in each part between slashes, every
 * run of separators folded to one hyphen and those at either end dropped, so `GitHub MCP Server`,
 * `github_mcp_server`, `github.mcp.server`, `acme--data--tools` and `acme-data-tools.` are the names they read as
 * (`github-mcp-server`, `acme-data-tools`), and `io.github.github./x` is `io.github.github/x`. Idempotent.
 */
export function nameSkeleton(name: string): string {
  return lookalikeSkeleton(name)
    .split('/')
    .map((part) => part.replace(SEPARATORS, '-').replace(/^-|-$/g, ''))
    .join('/')
}

// A reverse-DNS namespace: two or more labels of letters, digits and hyphens (the official registry's pattern).
const NAMESPACE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i

/**
 * Why a name reads as a namespace it is not, or null: the part before its first `/` holds a dot, as a reverse-DNS
 * namespace does, but is not one (`io.github.github./…` with a dot before the slash, `io..github.github/…`,
 * `io.github.github_/…`). Such a name would be taken for the namespace's by whoever reads it, while no rule of
 * namespaces holds it.
 */
export function describeFalseNamespace(name: string): string | null {
  const slash = name.indexOf('/')
  if (slash <= 0) return null
  const prefix = name.slice(0, slash)
  // An npm scope (`@toolsdk.ai/…`) reads as one, not as a namespace.
  if (prefix.startsWith('@') || !prefix.includes('.') || NAMESPACE.test(prefix)) return null
  return `reads as a namespace it is not (${prefix.slice(0, 80)}): a namespace before the / is reverse-DNS labels of letters, digits and hyphens joined by single dots, as com.example; use one, or a name without a /`
}
