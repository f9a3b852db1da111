/**
 * Views of a text that undo disguises a model reads through but a pattern does not: rot13, e-mail addresses
 * spelled out ("attacker at evil dot example", "x [at] y [dot] z", in several languages), and the vowel marks of
 * Arabic and Hebrew (written or left out at will). Each is linear in the text's length.
 */

const COMMON =
  /\b(the|and|you|your|all|this|that|to|of|any|user|do|not|with|for|every|before|after|send|tell|must|ignore|previous|instructions?|secret|forward|email|conversation|password|keys?|files?|always|never|der|die|das|und|nicht|alle|vorherigen|anweisungen|ignoriere|benutzer|nichts|sage|dem|el|los|las|que|todas|instrucciones|anteriores|usuario|digas|il|di|che|non|tutte|istruzioni|precedenti|utente|dirlo|ignora|les|et|pas|toutes|utilisateur|ignore[zr]?|nao|diga|usuario|alle|negeer|vorige|instructies|gebruiker|niet|het)\b/gi

const rot = (s: string) =>
  s.replace(/[a-z]/gi, (c) => {
    const base = c <= 'Z' ? 65 : 97
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base)
  })

/**
 * `s` with each sentence that reads as English only after rot13 rotated (more common English words after than
 * before, at least two and twice as many), or null when there is none: honest text never gains words by it.
 */
export function rot13View(s: string): string | null {
  return gainsWords(s, rot)
}

/** `s` with each sentence that reads as words only written backwards turned round, or null when there is none. */
export function reversedView(s: string): string | null {
  return gainsWords(s, (x) => [...x].reverse().join(''))
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' }
/** `s` with digits read as letters in words mixing both (`1gn0r3 pr3v10u5`), or null when that makes no words. */
export function leetView(s: string): string | null {
  if (!/\p{L}[013457]|[013457]\p{L}/u.test(s)) return null
  const swap = (x: string) =>
    x.replace(/[\p{L}\p{N}]+/gu, (w) => (/\p{L}/u.test(w) ? w.replace(/[013457]/g, (c) => LEET[c]!) : w))
  return gainsWords(s, swap)
}

/** Numeric character references (`&#105;`, `&#x69;`) written as the characters, or null when there are few. */
export function htmlEntities(s: string): string | null {
  if ((s.match(/&#x?[0-9a-f]{1,6};/gi)?.length ?? 0) < 4) return null
  return s.replace(/&#(x?)([0-9a-f]{1,6});/gi, (m, x: string, n: string) => {
    const c = Number.parseInt(n, x ? 16 : 10)
    return c > 0 && c < 0x110000 ? String.fromCodePoint(c) : m
  })
}

/**
 * `s` with each sentence that reads as words only after `turn` turned (more common words after than before, at
 * least two and twice as many), or null when there is none: honest text never gains words by it.
 */
function gainsWords(s: string, turn: (x: string) => string): string | null {
  if (!/[a-z]{3}/i.test(s)) return null
  let changed = false
  const out = s
    .slice(0, 20_000)
    .split(/(?<=[.!?:;\n])\s+/)
    .map((sentence) => {
      const rotated = turn(sentence)
      const before = sentence.match(COMMON)?.length ?? 0
      const after = rotated.match(COMMON)?.length ?? 0
      if (after < 2 || after <= 2 * before) return sentence
      changed = true
      return rotated
    })
    .join(' ')
  return changed ? out : null
}

// The words for @ and . in the languages people spell addresses in (French "arobase", Italian "chiocciola",
// German "Klammeraffe", Russian "собака", Polish "małpa", Dutch "apenstaartje", Czech "zavináč"…).
const AT =
  '(?:at|at-sign|at\\s+sign|arroba|chez|arobase|chiocciola|klammeraffe|at-zeichen|собака|małpa|apenstaartje|zavináč|kukac|snabel-a)'
const DOT = '(?:dot|period|punkt|punto|point|ponto|nokta|titik|kropka|tečka|pont|punt|puntje|точка|bodka|tečku)'
// A separator: the word in brackets, the word between spaces, or the sign itself.
const sep = (word: string, sign: string) =>
  String.raw`(?:\s*[\[({<]\s*${word}\s*[\])}>]\s*|\s+${word}\s+|\s*${sign}\s*)`
const SEP_AT = sep(AT, '@')
const SEP_DOT = sep(DOT, '\\.')
// local at domain (dot part){1,3}: "attacker at evil dot example", "a [at] b [dot] co [dot] uk", "a(at)b(dot)c".
const SPELLED = new RegExp(
  String.raw`(?<![\p{L}\p{N}_])([A-Za-z0-9][\w.+-]{0,63})${SEP_AT}([A-Za-z0-9][\w-]{0,62})((?:${SEP_DOT}[A-Za-z0-9][\w-]{0,62}){1,3})(?![\p{L}\p{N}_])`,
  'giu',
)
// What makes it a spelling: "dot" as a word, or "at" in brackets ("sign in at example.com" is none).
const SPELLING = new RegExp(String.raw`\s${DOT}\s|[\[({<]\s*(?:${AT}|${DOT})\s*[\])}>]`, 'iu')

/** The text with spelled-out e-mail addresses written as addresses, and how many there were (0: none). */
export function spelledAddresses(s: string): { text: string; count: number } {
  let count = 0
  const text = s.replace(SPELLED, (m, local: string, domain: string, rest: string) => {
    const parts = rest.split(new RegExp(SEP_DOT, 'iu')).filter(Boolean)
    if (!SPELLING.test(m) || !/^[a-z]{2,24}$/i.test(parts[parts.length - 1] ?? '')) return m
    count++
    return `${local}@${[domain, ...parts].join('.')}`
  })
  return { text, count }
}

/** Arabic and Hebrew without their vowel marks and the Arabic stretching stroke. */
export const withoutVowelMarks = (s: string) => s.replace(/[\u064B-\u065F\u0670\u0640\u0591-\u05C7]/g, '')
