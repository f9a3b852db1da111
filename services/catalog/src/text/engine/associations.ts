/**
 * Word associations learnt from the catalog's own text, without a model: for a query word, the terms that listings
 * holding it use far more often than listings at large (positive pointwise mutual information over the names,
 * titles, descriptions and tags of the listings, each listing one context). A query that describes a need
 * ("error tracking") then also prefers listings that use the catalog's other words for it (sentry, exception).
 * Read from the postings the index already keeps, so they cost no memory of their own and follow every change of text.
 */
import { idfOf, type Plan, type PlanTerm } from './plan'
import { inOwnText, type StoredDoc, type TermStore } from './store'
import { TUNING } from './tuning'

/** One associated term: its share of the word's listings and its PMI with the word. */
export interface Associate {
  term: string
  share: number
  pmi: number
}

// Per postings id: how many sampled listings hold the term (scratch, zeroed after each use; scoring never awaits).
let counts = new Int32Array(1024)

/**
 * The terms most associated with `term`, best first (twice as many as a query takes, which drops its own terms): found in at least `minShare` of a sample of the listings
 * holding it and `minLift` times more often there than in the catalog, ranked by share × PMI.
 */
export function associatesOf(store: TermStore, term: string): Associate[] {
  const a = TUNING.associations
  const postings = store.terms.get(term)
  if (!postings || postings.df < a.minDf) return []
  const n = store.live
  // About `sample` of its listings, chosen by a hash of their ids: the same sample on every replica, and the same
  // after a listing is replaced by itself (a new number, the same id). The scan reads every listing number of the
  // term; only the sample's terms are counted, so a common word's cost stays near `sample` listings' worth.
  const step = Math.max(1, Math.ceil(postings.df / a.sample))
  if (counts.length < store.postingsMade) counts = new Int32Array(Math.max(store.postingsMade * 2, 1024))
  const touched: number[] = []
  let seen = 0
  for (let k = 0; k < postings.size; k++) {
    // Only listings whose own text holds it (the listings `df` counts): a tool's word says nothing of its server.
    if (!inOwnText(postings.data[k * 2 + 1]!)) continue
    const doc: StoredDoc | undefined = store.docs[postings.data[k * 2]!]
    if (!doc || doc.sampleKey % step !== 0) continue
    seen++
    for (let i = 0; i < doc.about.length; i++) {
      const id = doc.about[i]!
      if (id === postings.id) continue
      if (counts[id] === 0) touched.push(id)
      counts[id] = counts[id]! + 1
    }
  }
  if (seen < a.minDf) {
    for (const id of touched) counts[id] = 0
    return []
  }
  const out: Associate[] = []
  for (const id of touched) {
    const c = counts[id]!
    counts[id] = 0
    const p = store.postings[id]!
    const share = c / seen
    if (c < a.minCount || share < a.minShare || p.df > a.maxDfShare * n) continue
    // A joined word (browserautomation) repeats words a listing is already scored by.
    if (store.compounds.has(p.term)) continue
    const pmi = Math.log(share / (p.df / n))
    if (pmi >= Math.log(a.minLift)) out.push({ term: p.term, share, pmi })
  }
  return out.sort((x, y) => y.share * y.pmi - x.share * x.pmi || (x.term < y.term ? -1 : 1)).slice(0, 2 * a.perWord)
}

/** Associates remembered per term until the index changes (a word recurs across queries far more than a query). */
export type AssociateCache = Map<string, Associate[]>
const CACHE_ENTRIES = 5_000

function rememberedAssociates(store: TermStore, term: string, cache: AssociateCache): Associate[] {
  let found = cache.get(term)
  if (!found) {
    found = associatesOf(store, term)
    if (cache.size >= CACHE_ENTRIES) cache.clear()
    cache.set(term, found)
  }
  return found
}

/**
 * A plan with each query word's associates added at a low weight. Like feedback terms they only reorder the
 * listings a query word matched (slot -1), so `total` stays the listings that hold what was asked.
 */
export function withAssociations(store: TermStore, plan: Plan, words: string[], cache: AssociateCache): Plan {
  const a = TUNING.associations
  if ((a.weight as number) === 0) return plan
  const asked = new Set(plan.terms.map((t) => t.term))
  const n = store.live
  const added = new Map<string, PlanTerm>()
  words.forEach((_, slot) => {
    // Only a word the index holds as typed: the associates of a guessed form (a typo's) would guess twice.
    const own = plan.terms.find((t) => t.slot === slot && t.weight === 1 && !t.term.includes(' '))
    if (!own) return
    // Remembered per term whatever the query asks, so the query's own terms are dropped here.
    const associates = rememberedAssociates(store, own.term, cache).filter((x) => !asked.has(x.term))
    for (const { term, share } of associates.slice(0, a.perWord)) {
      const weight = Math.min(1, a.weight * Math.sqrt(share))
      const held = added.get(term)
      if (!held) added.set(term, { slot: -1, term, weight, idf: idfOf(store.terms.get(term)!.df, n) })
      else held.weight = Math.min(1, held.weight + weight)
    }
  })
  const extra = [...added.values()].sort((x, y) => y.weight - x.weight || (x.term < y.term ? -1 : 1))
  return extra.length ? { ...plan, terms: [...plan.terms, ...extra.slice(0, a.max)] } : plan
}
