/**
 * A query plan: the weighted terms a query asks for (each word's exact, prefix and typo forms, joined word pairs and
 * feedback terms) and the statistics they are scored with. A cursor carries its plan, so the next page is scored
 * exactly as the first was, whatever changed in the catalog meanwhile.
 */
import { termOf } from './analyze'
import { FIELD_COUNT } from './document'
import type { Lru } from '@mcp-directory/shared/lru'
import type { TermStore } from './store'
import { synonymsOf } from './synonyms'
import { TUNING } from './tuning'

/** One term of a plan: the query word it stands for (`slot`, -1 for a feedback term), its weight and idf. */
export interface PlanTerm {
  slot: number
  term: string
  weight: number
  idf: number
}

export interface Plan {
  /** Per query word, how much matching it counts towards coverage (its rarity; 0 for an optional pair). */
  slots: number[]
  terms: PlanTerm[]
  /** Average field lengths at the time the plan was made. */
  avg: number[]
  /** The words common across the catalog when the plan was made: they only score what the other words match. */
  common?: number[]
  /**
   * When every word the index holds was common: those words, rarest first, and a match holds each of them (the
   * rarest's listings, scored by the others).
   */
  required?: number[]
}

/** The empty plan of a browse (no query words): ranking by trust alone. */
export const browsePlan = (): Plan => ({ slots: [], terms: [], avg: new Array(FIELD_COUNT).fill(1) })

/** BM25's inverse document frequency. */
export const idfOf = (df: number, n: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5))

/** Damerau-Levenshtein distance of two words, or `max + 1` as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows = [new Array<number>(b.length + 1).fill(0)]
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0)
    row[0] = i
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1)
      row[j] = d
      best = Math.min(best, d)
    }
    if (best > max) return max + 1
    rows.push(row)
  }
  return rows[a.length]![b.length]!
}

// The `max` terms with the most listings, best first (ties by term, so every replica picks the same).
const mostCommon = (store: TermStore, terms: Map<string, number>, max: number) =>
  [...terms]
    .sort((x, y) => (store.terms.get(y[0])?.df ?? 0) - (store.terms.get(x[0])?.df ?? 0) || (x[0] < y[0] ? -1 : 1))
    .slice(0, max)

/** The forms of one query word found in the index, with their weights. */
function variantsOf(store: TermStore, word: string, nearSpellings = true): Map<string, number> {
  const stem = termOf(word)
  const out = new Map<string, number>()
  const exact = store.terms.get(stem)?.df ?? 0
  if (exact > 0) out.set(stem, 1)
  const { prefix, typo } = TUNING
  // A word the index knows well is meant as itself; a rare or unknown one may be the start of a longer word.
  // Longer written words are matched on the word as typed (play → player, not plai → plaid), then stand for their term.
  if (word.length >= prefix.minLength && exact <= prefix.maxDfShare * store.live) {
    const longer = new Map<string, number>()
    for (const w of store.wordsWithPrefix(word)) {
      const t = store.surface.get(w)!
      const weight = prefix.base + (prefix.span * word.length) / w.length
      if (t !== stem && (store.terms.get(t)?.df ?? 0) > 0 && weight > (longer.get(t) ?? 0)) longer.set(t, weight)
    }
    for (const [t, w] of mostCommon(store, longer, prefix.max)) out.set(t, w)
  }
  // (needsNearSpellings, with the stem and its count already at hand.)
  if (nearSpellings && exact < typo.rareBelow && word.length >= 4) {
    // Written words are compared with the word as typed; a match stands for its term.
    const budget = word.length >= 8 ? 2 : 1
    const nearest = new Map<string, number>()
    for (const w of store.wordsWithPrefix(word[0]!)) {
      if (Math.abs(w.length - word.length) > budget) continue
      const t = store.surface.get(w)!
      if (out.has(t) || (store.terms.get(t)?.df ?? 0) === 0) continue
      const d = editDistance(word, w, budget)
      if (d <= budget && d < (nearest.get(t) ?? budget + 1)) nearest.set(t, d)
    }
    // …and terms with the word's own term, which forgives a wrong ending (playwrite → playwrit ~ playwright).
    const stemBudget = stem.length >= 8 ? 2 : 1
    for (const t of store.withPrefix(stem[0]!)) {
      if (out.has(t) || Math.abs(t.length - stem.length) > stemBudget || (store.terms.get(t)?.df ?? 0) === 0) continue
      const d = editDistance(stem, t, stemBudget)
      if (d <= stemBudget && d < (nearest.get(t) ?? budget + 1)) nearest.set(t, d)
    }
    const near = [...nearest]
    // The closest first, then the most common (ties by term, so every replica picks the same).
    near.sort(
      (x, y) =>
        x[1] - y[1] || (store.terms.get(y[0])?.df ?? 0) - (store.terms.get(x[0])?.df ?? 0) || (x[0] < y[0] ? -1 : 1),
    )
    for (const [t, d] of near.slice(0, typo.max)) out.set(t, d === 1 ? typo.one : typo.two)
  }
  // A word listings also write as its parts (mongodb as Mongo DB): all of those parts, weaker than the word itself.
  const parts = store.compounds.get(stem)
  if (parts?.split(' ').every((p) => (store.terms.get(p)?.df ?? 0) > 0)) out.set(parts, TUNING.part)
  for (const other of synonymsOf(word)) {
    const t = termOf(other)
    if (!out.has(t) && (store.terms.get(t)?.df ?? 0) > 0) out.set(t, TUNING.synonym)
  }
  return out
}

/** Listings holding a term; for parts that must all be held (`mongo db`), the fewest of any part (a bound). */
const dfOf = (store: TermStore, term: string): number =>
  term.includes(' ')
    ? Math.min(...term.split(' ').map((p) => store.terms.get(p)?.df ?? 0))
    : (store.terms.get(term)?.df ?? 0)

/** One query word's forms in the index and what matching it counts towards coverage (whatever its slot). */
export interface WordForms {
  terms: { term: string; weight: number; idf: number }[]
  rarity: number
  /** Listings holding the word as typed (else its most common form). */
  df: number
}

/** Two query words the index knows joined (mongo db → mongodb), or null. */
type JoinedForm = { term: string; idf: number } | null

/**
 * What basePlan remembers per word (and per pair of words, keyed with a space between them) for the index as it is:
 * the caller forgets it all when the index changes.
 */
export type FormsCache = Lru<string, WordForms | JoinedForm>

/** A word the index does not know, long enough to be a misspelling: compared with every written word near it. */
function needsNearSpellings(store: TermStore, word: string): boolean {
  return word.length >= 4 && (store.terms.get(termOf(word))?.df ?? 0) < TUNING.typo.rareBelow
}

/** The forms of one query word and its rarity over the index as it is now (near spellings only when asked). */
function formsOf(store: TermStore, word: string, nearSpellings = true): WordForms {
  const n = store.live
  const df = (t: string) => dfOf(store, t)
  const variants = variantsOf(store, word, nearSpellings)
  const terms: WordForms['terms'] = []
  let best = 0
  let rarity = 0
  // Another form (a longer word, a part, a near spelling) never counts more than the word as typed, however rare;
  // a word the index does not know stands for one word, so no form of it counts more than its most common form.
  const known = df(termOf(word))
  const common = Math.max(0, ...[...variants.keys()].map(df))
  const exact = idfOf(known > 0 ? known : common, n)
  for (const [term, weight] of variants) {
    const idf = Math.min(idfOf(df(term), n), exact)
    terms.push({ term, weight, idf })
    if (weight > best) [best, rarity] = [weight, idf]
  }
  return { terms, rarity, df: known > 0 ? known : common }
}

function joinedOf(store: TermStore, first: string, second: string): JoinedForm {
  const joined = termOf(first + second)
  const df = dfOf(store, joined)
  return df > 0 ? { term: joined, idf: idfOf(df, store.live) } : null
}

/** The plan of a query's words over the index as it is now (before feedback), with what `cache` remembers. */
export function basePlan(store: TermStore, words: string[], cache?: FormsCache): Plan {
  const slots: number[] = []
  const terms: PlanTerm[] = []
  // Near spellings are looked for only for the first few words the index does not know, in the query's order: each
  // look compares the word with every written word sharing its first letter, and a query of many made-up words
  // would cost a hundred ordinary ones. The rest match as written (kept under their own key in the cache).
  let unknown = 0
  const dfs: number[] = []
  words.forEach((word, slot) => {
    const near = !needsNearSpellings(store, word) || ++unknown <= TUNING.typo.maxWords
    const key = near ? word : `${word}\u0000as-written`
    // A hit is made the most recent by the look-up itself; only a miss is stored.
    let forms = cache?.get(key) as WordForms | undefined
    if (!forms) {
      forms = formsOf(store, word, near)
      cache?.set(key, forms)
    }
    for (const t of forms.terms) terms.push({ slot, term: t.term, weight: t.weight, idf: t.idf })
    slots.push(forms.rarity)
    dfs.push(forms.df)
  })
  // Two words written apart that the index knows joined (mongo db → mongodb) are an optional extra match.
  for (let i = 0; i + 1 < words.length; i++) {
    const key = `${words[i]} ${words[i + 1]}`
    const known = cache?.get(key)
    const joined = known !== undefined ? (known as JoinedForm) : joinedOf(store, words[i]!, words[i + 1]!)
    if (known === undefined) cache?.set(key, joined)
    if (joined) {
      terms.push({ slot: slots.length, term: joined.term, weight: TUNING.joinedPair, idf: joined.idf })
      slots.push(0)
    }
  }
  const plan: Plan = { slots, terms, avg: store.averageLengths() }
  // A word found in many listings beside one that is not only scores what the other matches (TUNING.common).
  const { share, minListings } = TUNING.common
  const many = Math.max(minListings, share * store.live)
  const common = share > 0 ? dfs.flatMap((df, slot) => (df >= many ? [slot] : [])) : []
  if (common.length && dfs.some((df) => df > 0 && df < many)) plan.common = common
  // Common words alone (two or more) are all required, as Lucene's CommonTermsQuery does: "enable management" is
  // the listings holding both, not the half of the catalog that says either. Not when two of them are also known
  // joined (mongo db): a listing writing only `mongodb` holds neither word, and still matches.
  else if (common.length >= 2 && slots.length === words.length)
    plan.required = common.sort((a, b) => dfs[a]! - dfs[b]! || a - b)
  return plan
}
