/**
 * Countries named in a text: a listing that speaks of one or two countries (Korean weather, Chinese stock market,
 * the French company register) serves people there, and a query that names no country is better served first by
 * listings that work anywhere. Names and English demonyms come from the world-countries package.
 */
import { readFileSync } from 'node:fs'
import type { Countries } from 'world-countries'
import { words } from '../terms'

// Country words that mostly mean something else in software text (a person, a US state, a bird, an editor, a
// networking brand, a verb, a get-together).
const NOT_A_PLACE = new Set([
  'aruba',
  'chad',
  'georgia',
  'guernsey',
  'jersey',
  'jordan',
  'monaco',
  'niger',
  'polish',
  'reunion',
  'turkey',
])

// Short forms people write for a country (the package spells South Korea, the United States and the UK in full).
const SHORT_FORMS: [string, string][] = [
  ['korea', 'KR'],
  ['korean', 'KR'],
  ['usa', 'US'],
  ['uk', 'GB'],
  ['uae', 'AE'],
]

/**
 * Names and demonyms (and short forms) as word sequences, by their first word: Japan, Japanese, Hong Kong, New
 * Zealander. A longer name is matched whole, never by one of its words (Vatican City is not every city). Sovereign
 * countries come first, so a demonym two share (Indian) names the sovereign one. Read from the package's file
 * rather than imported: the list also holds translations, borders and currencies (770 KB), and an import would keep
 * all of it for the life of the process. Read when the module loads, while the heap is small, not in the middle of
 * an index build.
 */
const NAMES_BY_FIRST_WORD = (() => {
  const countries = JSON.parse(
    readFileSync(Bun.resolveSync('world-countries/dist/countries.json', import.meta.dir), 'utf8'),
  ) as Countries
  const byFirst = new Map<string, { words: string[]; country: string }[]>()
  const add = (name: string[], country: string) => {
    if (name.length === 1 && NOT_A_PLACE.has(name[0]!)) return
    const known = byFirst.get(name[0]!) ?? []
    if (known.some((n) => n.words.join(' ') === name.join(' '))) return
    known.push({ words: name, country })
    // Longest first, so Sri Lankan is read before Sri Lanka.
    known.sort((a, b) => b.words.length - a.words.length)
    byFirst.set(name[0]!, known)
  }
  for (const [w, c] of SHORT_FORMS) add([w], c)
  for (const c of [...countries.filter((c) => c.independent), ...countries.filter((c) => !c.independent)])
    for (const form of [c.name.common, c.demonyms?.eng?.m, c.demonyms?.eng?.f]) if (form) add(words(form), c.cca2)
  return byFirst
})()

/** Most countries a listing may name and still be scoped to them; one naming more is international. */
const MAX_SCOPE = 2

/** Country codes named by a run of words (lower-case, as `words` splits them), sorted. */
export function countriesNamed(run: readonly string[]): string[] {
  const out = new Set<string>()
  addCountries(run, out)
  return [...out].sort()
}

// Adds the countries a run of words names to `out`.
function addCountries(run: readonly string[], out: Set<string>): void {
  for (let i = 0; i < run.length; i++) {
    const w = run[i]!
    // "A Swiss army knife for …" is a figure of speech.
    if (w === 'swiss' && run[i + 1] === 'army') continue
    const name = NAMES_BY_FIRST_WORD.get(w)?.find((n) => n.words.every((x, k) => run[i + k] === x))
    if (name) {
      out.add(name.country)
      i += name.words.length - 1
    }
  }
}

const NONE: readonly string[] = Object.freeze([])

/**
 * The countries a listing is scoped to: those its texts (each a run of words: name, title, description) name, when
 * they are one or two. None when they name none, more than two, or English too: a text naming English beside
 * another language (a translator, subtitles in English or Russian) speaks of languages, not of where it works.
 */
export function scopeOf(...texts: (readonly string[])[]): readonly string[] {
  const named = new Set<string>()
  for (const run of texts) {
    if (run.includes('english')) return NONE
    addCountries(run, named)
  }
  return named.size === 0 || named.size > MAX_SCOPE ? NONE : [...named].sort()
}
