/** How text becomes index terms and how a query becomes the words it asks for. */
import { stemmer } from 'stemmer'
import { BOILERPLATE, type Written, words, written } from '../terms'

/**
 * Words that carry no meaning in a query: the words every MCP server shares, English function words, and the
 * conversational frame of a request ("I want a tool that can …", "how do I …", "right now").
 */
export const STOP_WORDS = new Set([
  ...BOILERPLATE,
  ...'a about after all between also am an any are as at be been but by can could did do does doing done each from get gets give had has have having he her here him his how i if into is it its just let lets like make me more most my need needs now of off only or our out over please right she should so some something someone such than that the their them then there these they this those through too uses using very via want wants was we were what when where which while who whom why will with would you your yourself two three four five six seven eight nine ten tool tools app apps thing things way ways able allow allows help helps lets quickly easily simple simply'.split(
    ' ',
  ),
])

// Stems remembered per word (a pure function of it): indexing and every query ask for the same words again and
// again, and the stemmer's rules cost a microsecond a word. Bounded: past the bound it starts again; a word longer
// than any real one (text can hold kilobytes without a space) is stemmed each time, never kept.
const STEMS_KEPT = 50_000
const LONGEST_KEPT = 40
const stems = new Map<string, string>()
const stemOf = (word: string) => (/\d/.test(word) ? word : stemmer(word))

/** The index form of a word: its Porter stem (plural and tense folded); short words and numbers stay as they are. */
export function termOf(word: string): string {
  if (word.length <= 3) return word
  if (word.length > LONGEST_KEPT) return stemOf(word)
  let stem = stems.get(word)
  if (stem === undefined) {
    stem = stemOf(word)
    if (stems.size >= STEMS_KEPT) stems.clear()
    stems.set(word, stem)
  }
  return stem
}

/**
 * Index terms of a text: its meaningful words (joined ones too) and the parts its words' case or digits mark,
 * stemmed (a stop word can never be asked for, so it is not kept).
 */
export function termsOf(text: string | null | undefined): string[] {
  return text ? termsOfWritten(written(text)) : []
}

/** Index terms of a text already split into words and parts. */
export const termsOfWritten = (w: Written): string[] => [
  ...[...w.words, ...w.joined].filter((x) => !STOP_WORDS.has(x)).map(termOf),
  ...w.parts.filter((x) => !STOP_WORDS.has(x)).map(termOf),
]

/**
 * A query's meaningful words in order, at most `max`, each once (stop words dropped, not stemmed). Read in lower
 * case: how a query is written never changes what it finds (`MongoDB` asks for `mongodb`, as `mongodb` does).
 */
export function queryWords(q: string, max = 12): string[] {
  return [...new Set(words(q.toLowerCase()).filter((w) => !STOP_WORDS.has(w)))].slice(0, max)
}

/**
 * A name as typed, for comparing a query with listings' names, ids and install names: compatibility forms folded
 * (NFKC), lower case, every run of separators (spaces, hyphens, underscores, dots, slashes, `@`) one space, none at
 * either end. `io.github.Acme/Foo_Bar` and `io github acme foo-bar` are the same name.
 */
export const nameKey = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s._\-/@:]+/g, ' ')
    .trim()

/** True when a query is written as a name: with a separator inside a word (`postgres-mcp`, `io.github.x/y`, `@x/y`). */
export const writtenAsName = (q: string): boolean => /[^\s][._\-/@:][^\s]|^@/.test(q.trim())
