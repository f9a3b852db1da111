/**
 * Scores every listing a plan matches (BM25F over the fields, the share of the query matched, trust), keeps those
 * the filters allow, and orders them by score, then id: a total order, so a cursor is a position in it.
 */
import { FIELD_COUNT, type ListingFacts } from './document'
import type { Plan } from './plan'
import { type TermStore, tfIn } from './store'
import { TUNING } from './tuning'

/** The three filters of a search. */
export interface Filters {
  category: string | null
  transport: 'stdio' | 'remote' | null
  verified: boolean
}

/** One matched server: its best listing's number, id and score. */
export interface Hit {
  doc: number
  id: string
  score: number
}

/** True when a listing passes the filters. */
const passes = (f: ListingFacts, filters: Filters) =>
  (!filters.category || f.category === filters.category) &&
  (filters.transport !== 'stdio' || f.hasPackage) &&
  (filters.transport !== 'remote' || f.hasRemote) &&
  (!filters.verified || f.verified)

/** What trust adds to a listing's score, as a multiplier (1 when there is no evidence). */
function trustOf(f: ListingFacts): number {
  const t = TUNING.trust
  const stars = Math.min(1, Math.log10(1 + f.stars) / 5)
  return (
    1 +
    (f.officialNamespace ? t.officialNamespace : 0) +
    (f.isOfficial ? t.isOfficial : 0) +
    (f.verified ? t.verified : 0) +
    t.stars * stars
  )
}

/**
 * What a listing scoped to some countries keeps of its score when the query names none of them (1 otherwise): a
 * query that names no country is served first by listings that work anywhere.
 */
const scopeFactor = (f: ListingFacts, asked: readonly string[]) =>
  f.scope.length === 0 || f.scope.some((c) => asked.includes(c)) ? 1 : 1 - TUNING.countryScope

/** Orders hits by score (highest first), then id. */
const byScoreThenId = (a: Hit, b: Hit) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

// Scratch arrays reused by every ranking (scoring never awaits, so one ranking runs at a time).
let scratch = { relevance: new Float64Array(0), covered: new Float64Array(0), best: new Float64Array(0) }
function scratchFor(n: number) {
  if (scratch.relevance.length < n) {
    const size = Math.max(n, scratch.relevance.length * 2, 1024)
    scratch = { relevance: new Float64Array(size), covered: new Float64Array(size), best: new Float64Array(size) }
  }
  return scratch
}

/** Scores of the listings that match any term of the plan (before filters), by listing number. */
function matchesOf(store: TermStore, plan: Plan): { docs: number[]; score: (doc: number) => number } {
  const { fieldWeights: W, fieldB: B, k1, coverage } = TUNING
  const { relevance, covered, best } = scratchFor(store.docs.length)
  const docs: number[] = []
  const lengths = store.lengths
  const norm = plan.avg.map((a, f) => B[f]! / a)
  const touch = (d: number) => {
    if (relevance[d] === 0 && covered[d] === 0) docs.push(d)
  }
  const contribution = (packed: number, d: number) => {
    let pseudo = 0
    for (let f = 0; f < FIELD_COUNT; f++) {
      const tf = tfIn(packed, f)
      if (tf) pseudo += (W[f]! * tf) / (1 - B[f]! + norm[f]! * lengths[d * FIELD_COUNT + f]!)
    }
    return (pseudo * (k1 + 1)) / (k1 + pseudo)
  }
  // A word's forms compete: a listing gets the best of them, once per word; feedback terms add up.
  const bySlot = new Map<number, typeof plan.terms>()
  for (const t of plan.terms) bySlot.set(t.slot, [...(bySlot.get(t.slot) ?? []), t])
  for (const [slot, terms] of bySlot) {
    const seen: number[] = []
    for (const t of terms) {
      const p = store.terms.get(t.term)
      if (!p) continue
      const data = p.data
      for (let k = 0; k < p.size * 2; k += 2) {
        const d = data[k]!
        if (!store.docs[d]) continue
        const s = t.weight * t.idf * contribution(data[k + 1]!, d)
        if (slot < 0) {
          touch(d)
          relevance[d]! += s
        } else if (s > best[d]!) {
          if (best[d] === 0) seen.push(d)
          best[d] = s
        }
      }
    }
    for (const d of seen) {
      touch(d)
      relevance[d]! += best[d]!
      covered[d]! += plan.slots[slot]! + 1e-9
      best[d] = 0
    }
  }
  const all = plan.slots.reduce((a, b) => a + b, 0)
  const scores = new Map<number, number>()
  const matched: number[] = []
  for (const d of docs) {
    // A listing matches when it holds a form of a query word; feedback terms only reorder the matches.
    if (covered[d]! > 0) {
      const share = all > 0 ? Math.min(1, covered[d]! / all) : 1
      scores.set(d, relevance[d]! * (1 - coverage + coverage * share))
      matched.push(d)
    }
    relevance[d] = 0
    covered[d] = 0
  }
  return { docs: matched, score: (d) => scores.get(d)! }
}

/**
 * The matched servers in order: listings that pass the filters, scored with trust and country scope against the
 * countries the query names (`asked`), one per repository (the best of those sharing it). A plan without query
 * words is a browse: every listing, by trust.
 */
export function rank(store: TermStore, plan: Plan, filters: Filters, asked: readonly string[] = []): Hit[] {
  const hits: Hit[] = []
  // A browse has no query words; query words the index does not know match nothing.
  if (plan.slots.length === 0) {
    store.docs.forEach((d, n) => {
      if (d && passes(d.facts, filters)) hits.push({ doc: n, id: d.facts.id, score: trustOf(d.facts) })
    })
  } else {
    const { docs, score } = matchesOf(store, plan)
    for (const n of docs) {
      const d = store.docs[n]!
      if (passes(d.facts, filters))
        hits.push({ doc: n, id: d.facts.id, score: score(n) * trustOf(d.facts) * scopeFactor(d.facts, asked) })
    }
  }
  hits.sort(byScoreThenId)
  const servers = new Set<string>()
  return hits.filter((h) => {
    const key = store.docs[h.doc]!.facts.repositoryKey
    if (key === null) return true
    if (servers.has(key)) return false
    servers.add(key)
    return true
  })
}
