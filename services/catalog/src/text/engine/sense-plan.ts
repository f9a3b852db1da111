/**
 * A query's words read in their senses (senses.ts), for a query of two words or more:
 * - each word with several senses is read in the one its other words point to (a Lesk overlap weighed against how
 *   often WordNet's corpus used each sense), and that sense's related words that the catalog uses beside another
 *   query word, more than chance would have them, join the word's forms at a low weight ("a song" reaches listings
 *   about music);
 * - a stem that is another noun than the word as typed (Porter folds "driving" into the "drive" of Google Drive),
 *   whose listings are no more about what the typed word usually means than listings at large, stays a form of the
 *   word but weighs less, and lends no associates (associations.ts reads only a word's full-weight form).
 * One word alone, or a word WordNet gives one sense, is left as it is.
 */
import { termOf } from './analyze'
import { idfOf, type Plan, type PlanTerm } from './plan'
import { contextOf, otherNoun, type Sense, sensesOf, usualStems } from './senses'
import { seek } from './gallop'
import { inOwnText, type Postings, type TermStore } from './store'
import { TUNING } from './tuning'

/** Per word, what its senses come to in the index as it is (factsOf; forgotten when the index's text changes). */
export type SenseCache = Map<string, WordFacts>
// Words whose facts are remembered (a few hundred bytes each); past the bound it starts again.
const SENSES_KEPT = 10_000
// A word left as it is: one sense or none, two letters, or held by the index only in other forms.
const UNREAD: WordFacts = { candidates: [], foreign: false, any: false }

/** Hashes two sorted arrays share (a merge). */
function shared(a: Uint32Array, b: Uint32Array): number {
  let i = 0
  let j = 0
  let n = 0
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++
    else if (a[i]! > b[j]!) j++
    else {
      n++
      i++
      j++
    }
  }
  return n
}

/**
 * The sense of a word its other words point to (ties go to the more frequent sense), and by how much it outscores
 * the next best: each sense scores the log of its use in WordNet's corpus, and `overlap` for each stem its signature
 * shares with another word's context (that word's stem and its most frequent senses, contextOf).
 */
function senseIn(senses: Sense[], contexts: Uint32Array[]): { sense: Sense; margin: number } {
  let best = senses[0]!
  let top = Number.NEGATIVE_INFINITY
  let second = Number.NEGATIVE_INFINITY
  for (const s of senses) {
    let hits = 0
    for (const c of contexts) hits += shared(s.signature, c)
    const score = Math.log1p(s.count) + TUNING.senses.overlap * hits
    if (score > top || (score === top && s.rank < best.rank)) [best, top, second] = [s, score, top]
    else if (score > second) second = score
  }
  return { sense: best, margin: top - second }
}

/**
 * Live listings whose own text holds both terms (the statistics `df` counts: see store.ts): each listing of the rarer
 * looked up in the other's postings (galloping).
 */
function together(store: TermStore, a: Postings, b: Postings): number {
  const [rare, other] = a.size <= b.size ? [a, b] : [b, a]
  let n = 0
  let at = 0
  for (let k = 0; k < rare.size && at < other.size; k++) {
    const d = rare.data[k * 2]!
    if (!inOwnText(rare.data[k * 2 + 1]!)) continue
    at = seek(other.data, other.size, at, d)
    if (at < other.size && other.data[at * 2] === d && inOwnText(other.data[at * 2 + 1]!) && store.docs[d]) n++
  }
  return n
}

// Per listing number: the stamp of the last marking that reached it (scratch; scoring never awaits).
let marks = new Int32Array(1024)
let stamp = 0

/** Marks the live listings whose own text holds any of `terms` with a new stamp; gives how many it marked. */
function mark(store: TermStore, terms: Postings[]): number {
  if (marks.length < store.docs.length) marks = new Int32Array(Math.max(store.docs.length * 2, 1024))
  stamp++
  let count = 0
  for (const p of terms)
    for (let k = 0; k < p.size * 2; k += 2) {
      const d = p.data[k]!
      if (marks[d] !== stamp && inOwnText(p.data[k + 1]!) && store.docs[d]) {
        marks[d] = stamp
        count++
      }
    }
  return count
}

/** Live listings whose own text holds `p`, marked by the last marking. */
function marked(store: TermStore, p: Postings): number {
  let c = 0
  for (let k = 0; k < p.size * 2; k += 2)
    if (marks[p.data[k]!] === stamp && inOwnText(p.data[k + 1]!) && store.docs[p.data[k]!]) c++
  return c
}

/** How many times more often the listings of `p` hold a marked listing's term than listings at large. */
const lift = (store: TermStore, p: Postings, held: number, markedCount: number) =>
  markedCount === 0 || p.df === 0 ? 0 : held / p.df / (markedCount / store.live)

/**
 * Whether the catalog uses the stem of `word` for another sense: the stem is another noun than the word as typed,
 * and its listings hold the words of the typed word's usual senses (held by enough listings for the measure to
 * mean something) less often than listings at large do.
 */
function foreignStem(store: TermStore, word: string, stem: Postings): boolean {
  const s = TUNING.senses
  if (stem.df < s.minStemDf || !otherNoun(word, stem.term)) return false
  const usual: Postings[] = []
  for (const t of usualStems(word)) {
    const p = store.terms.get(t)
    if (p && p.df > 0 && p.df <= s.maxDfShare * store.live && t !== stem.term) usual.push(p)
  }
  const reach = mark(store, usual)
  return reach >= s.minReach * store.live && lift(store, stem, marked(store, stem), reach) < s.foreignLift
}

/**
 * What a word's senses come to in the index as it is: per sense, its related words the catalog holds (not too
 * common, not already a form of the word), and whether the stem is used for another sense. The same for every
 * query holding the word, so remembered until the index changes.
 */
export interface WordFacts {
  candidates: Postings[][]
  foreign: boolean
  /** Whether any sense has a candidate: a word without one, and no foreign stem, is left as it is at once. */
  any: boolean
}

function factsOf(store: TermStore, word: string, senses: Sense[], held: PlanTerm[], known: boolean): WordFacts {
  const s = TUNING.senses
  const candidates = senses.map((sense) => {
    const out: Postings[] = []
    for (const t of sense.related) {
      const p = store.terms.get(t)
      if (p && p.df > 0 && p.df <= s.maxDfShare * store.live && !held.some((h) => h.term === t)) out.push(p)
    }
    return out
  })
  const stem = store.terms.get(termOf(word))
  const foreign = known && !!stem && foreignStem(store, word, stem)
  return { candidates, foreign, any: candidates.some((c) => c.length > 0) }
}

/** The candidates of a sense the catalog uses beside another query word, most such listings first. */
function formsOf(store: TermStore, candidates: Postings[], others: string[]): Postings[] {
  const s = TUNING.senses
  if (!candidates.length) return []
  const support = new Map<Postings, number>()
  for (const other of others) {
    const o = store.terms.get(termOf(other))
    if (!o || o.df === 0) continue
    for (const p of candidates) {
      const c = together(store, p, o)
      if (c >= s.minTogether && lift(store, p, c, o.df) >= s.minLift) support.set(p, Math.max(c, support.get(p) ?? 0))
    }
  }
  return [...support]
    .sort((x, y) => y[1] - x[1] || (x[0].term < y[0].term ? -1 : 1))
    .slice(0, s.perWord)
    .map(([p]) => p)
}

/** A query's base plan with its words read in their senses (see above); a plan of one word is as it was. */
export function withSenses(store: TermStore, plan: Plan, words: string[], cache: SenseCache): Plan {
  const s = TUNING.senses
  if ((s.weight as number) === 0 || words.length < 2) return plan
  const n = store.live
  let terms: PlanTerm[] | null = null
  words.forEach((word, slot) => {
    const term = termOf(word)
    let facts = cache.get(word)
    if (!facts) {
      // The word as the index holds it, full weight; or a word no listing holds (the catalog says it otherwise).
      // A word of two letters is an abbreviation (ai, db, js) before it is WordNet's sloth or decibel.
      const own = plan.terms.some((t) => t.slot === slot && t.weight === 1 && t.term === term)
      const candidate = word.length > 2 && (own || (store.terms.get(term)?.df ?? 0) === 0)
      const { senses } = candidate ? sensesOf(word) : { senses: [] }
      const held = plan.terms.filter((t) => t.slot === slot)
      facts = senses.length > 1 ? factsOf(store, word, senses, held, own) : UNREAD
      if (cache.size >= SENSES_KEPT) cache.clear()
      cache.set(word, facts)
    }
    if (!facts.any && !facts.foreign) return
    const { senses } = sensesOf(word)
    const own = plan.terms.find((t) => t.slot === slot && t.weight === 1 && t.term === term)
    const others = words.filter((_, i) => i !== slot)
    const { sense, margin } = senseIn(
      senses,
      others.map((o) => contextOf(sensesOf(o))),
    )
    // Only a sense clearly meant lends its words (TUNING.senses.margin; 0 lets the best sense lend them).
    const forms = margin >= s.margin ? formsOf(store, facts.candidates[senses.indexOf(sense)]!, others) : []
    if (!forms.length && !facts.foreign) return
    terms ??= plan.terms.map((t) => ({ ...t }))
    // A word no listing holds has its sense's words for its only forms: they stand in for it, as a synonym does.
    const cap = own?.idf ?? Number.POSITIVE_INFINITY
    const weight = own ? s.weight : s.standIn
    for (const p of forms) terms.push({ slot, term: p.term, weight, idf: Math.min(idfOf(p.df, n), cap) })
    if (facts.foreign) terms.find((t) => t.slot === slot && t.term === term)!.weight = s.foreign
  })
  return terms ? { ...plan, terms } : plan
}
