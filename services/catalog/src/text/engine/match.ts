/**
 * Matching: the listings that hold a form of a query word, each with the relevance of its text (BM25F over the
 * fields, bm25f.ts; a word's forms compete, a listing getting the best of them; a common word beside rarer ones,
 * feedback and associated terms add up, only to listings a rarer query word matched). Held in scratch arrays per
 * listing number for one search at a time (scoring never awaits). A search that adds feedback terms to the plan it
 * matched scores only those (`extend`): the same sums, in the same order, as matching the whole plan at once, so a
 * cursor's page repeats the first page's scores bit for bit. A cursor's page matches the listing versions of its
 * walk's generation (`PointInTime`, history.ts) instead of the live ones.
 */
import { contribution, useAverages } from './bm25f'
import { LIVE } from './doc-table'
import { GALLOP, seek } from './gallop'
import type { PointInTime } from './history'
import type { Plan, PlanTerm } from './plan'
import type { Postings, TermStore } from './store'
import { TUNING } from './tuning'

/** The listings a plan matched (in the order first matched) and the relevance of each, by listing number. */
export interface Matches {
  /** Every live listing, each of relevance 1: a plan without query words (a browse). */
  browse: boolean
  /** A view of the scratch: valid until the next matching. */
  docs: Int32Array
  relevance: Float64Array
}

// Per listing number: relevance before the coverage factor, the coverage, a word's best form so far, and the
// relevance; zeroed for the matched listings by `release`.
let raw = new Float64Array(1024)
let covered = new Float64Array(1024)
let best = new Float64Array(1024)
let relevance = new Float64Array(1024)
// Per listing number: 1 when matched (a byte, so scanning a long feedback term's postings stays in cache).
let matched = new Uint8Array(1024)
// The matched listings' numbers, and a word's listings while its forms are scored: typed scratch, so a common word
// over 50k listings grows no array (and leaves no garbage) per search.
let matchedDocs = new Int32Array(1024)
let matchedCount = 0
// Whether the matched listings are in increasing number (galloping needs it; the order of matches is free).
let matchedSorted = false
let seen = new Int32Array(1024)
// The matches whose listings hold values in the scratch (released before the next matching).
let current: Matches | null = null
// The versions the matching under way reads: null for the live ones.
let at: PointInTime | null = null

// Per listing number: the stamp of the last conjunction it held every part of (or word it held, keepHolding).
let holds = new Int32Array(1024)
let stamp = 0

/** A stamp no listing holds yet, with `holds` sized for the store (stamps only grow: none is stale). */
function newStamp(store: TermStore): void {
  if (holds.length < store.docs.length) holds = new Int32Array(Math.max(store.docs.length * 2, 1024))
  stamp++
}

/**
 * A term's postings; for parts that must all be held (`mongo db`), the rarest part's postings scored as that part,
 * with `holds` marking the listings that hold every part (at `holds[d] === stamp`).
 */
function postingsOf(store: TermStore, term: string): { p: Postings; conjunction: boolean } | null {
  if (!term.includes(' ')) {
    const p = store.terms.get(term)
    return p ? { p, conjunction: false } : null
  }
  const parts = term.split(' ').map((t) => store.terms.get(t))
  if (parts.some((p) => !p)) return null
  const sorted = (parts as Postings[]).sort((a, b) => a.size - b.size)
  // Each listing of the rarest part is looked up in the others (galloping, in increasing number): the cost follows
  // the rarest part, not a common one (db, hub).
  newStamp(store)
  const rare = sorted[0]!
  const at = new Int32Array(sorted.length)
  each: for (let k = 0; k < rare.size * 2; k += 2) {
    const d = rare.data[k]!
    for (let j = 1; j < sorted.length; j++) {
      const other = sorted[j]!
      const i = seek(other.data, other.size, at[j]!, d)
      at[j] = i
      if (i >= other.size || other.data[i * 2] !== d) continue each
    }
    holds[d] = stamp
  }
  return { p: rare, conjunction: true }
}

/**
 * Scores one query word's forms: each live listing holding one gets the best of them, and the word's coverage.
 * `within`: only the listings already matched are scored and none is added (a common word beside rarer ones), a form
 * far more common than them looked up listing by listing, as `scoreExtra` does. Gives how many listings hold it
 * (the first of `seen`).
 */
function scoreWord(store: TermStore, terms: PlanTerm[], weight: number, within: boolean): number {
  const { lengths } = store
  const { flags, died } = store.table
  // Live listings, or those alive at the walk's generation: born by it (numbered below `upto`), dead after it.
  const pit = at !== null
  const upto = at?.upto ?? 0
  const g = at?.g ?? 0
  let seenCount = 0
  const keep = (d: number, s: number) => {
    if (s > best[d]!) {
      if (best[d] === 0) seen[seenCount++] = d
      best[d] = s
    }
  }
  for (const t of terms) {
    const located = postingsOf(store, t.term)
    if (!located) continue
    const { data, size } = located.p
    const held = located.conjunction ? holds : null
    const w = t.weight * t.idf
    if (within && size > GALLOP.ratio * matchedCount) {
      eachMatchedHolding(data, size, (d, packed) => {
        if (!held || held[d] === stamp) keep(d, w * contribution(packed, d, lengths))
      })
      continue
    }
    for (let k = 0; k < size * 2; k += 2) {
      const d = data[k]!
      if (within ? matched[d] === 0 : pit ? d >= upto || died[d]! <= g : (flags[d]! & LIVE) === 0) continue
      if (held && held[d] !== stamp) continue
      keep(d, w * contribution(data[k + 1]!, d, lengths))
    }
  }
  const counting = TUNING.coverage !== 0
  for (let i = 0; i < seenCount; i++) {
    const d = seen[i]!
    if (matched[d] === 0) {
      matched[d] = 1
      matchedDocs[matchedCount++] = d
    }
    raw[d]! += best[d]!
    if (counting) covered[d]! += weight + 1e-9
    best[d] = 0
  }
  return seenCount
}

/**
 * Keeps the matched listings among the first `count` of `seen` (those holding the word just scored), in the order
 * they were; the others' values leave the scratch.
 */
function keepHolding(store: TermStore, count: number): void {
  newStamp(store)
  for (let i = 0; i < count; i++) holds[seen[i]!] = stamp
  let kept = 0
  for (let i = 0; i < matchedCount; i++) {
    const d = matchedDocs[i]!
    if (holds[d] === stamp) matchedDocs[kept++] = d
    else {
      raw[d] = 0
      covered[d] = 0
      matched[d] = 0
    }
  }
  matchedCount = kept
}

/**
 * Calls `visit` with each matched listing that a term of postings `data` (`size` pairs) holds, and its packed counts,
 * in increasing listing number: each matched listing looked up by galloping through the postings, for a cost that
 * follows the matches, not the term.
 */
function eachMatchedHolding(data: Uint32Array, size: number, visit: (d: number, packed: number) => void): void {
  if (!matchedSorted) {
    matchedDocs.subarray(0, matchedCount).sort()
    matchedSorted = true
  }
  let k = 0
  for (let i = 0; i < matchedCount && k < size; i++) {
    const d = matchedDocs[i]!
    k = seek(data, size, k, d)
    if (k < size && data[k * 2] === d) visit(d, data[k * 2 + 1]!)
  }
}

/**
 * Adds terms that only reorder (feedback, associates) to the listings a query word matched. A term far more common
 * than the matches (a feedback term over 50k listings, a rare query word) is looked up listing by listing, in
 * increasing number: the same sums in the same order, for a cost that follows the matches, not the term.
 */
function scoreExtra(store: TermStore, terms: PlanTerm[]): void {
  const { lengths } = store
  for (const t of terms) {
    const located = postingsOf(store, t.term)
    if (!located) continue
    const { data, size } = located.p
    const w = t.weight * t.idf
    if (size > GALLOP.ratio * matchedCount) {
      eachMatchedHolding(data, size, (d, packed) => {
        raw[d]! += w * contribution(packed, d, lengths)
      })
      continue
    }
    for (let k = 0; k < size * 2; k += 2) {
      const d = data[k]!
      if (matched[d] === 0) continue
      raw[d]! += w * contribution(data[k + 1]!, d, lengths)
    }
  }
}

/** Zeroes what matches left in the scratch (their listings' values). */
export function release(m: Matches): void {
  if (current !== m) return
  const { docs } = m
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!
    raw[d] = 0
    covered[d] = 0
    matched[d] = 0
    relevance[d] = 0
  }
  current = null
}

/** The listings a plan matches, with their relevance (a browse: every live one); with `pit`, those alive then. */
export function match(store: TermStore, plan: Plan, pit: PointInTime | null = null): Matches {
  if (current) release(current)
  at = pit
  const n = store.docs.length
  if (raw.length < n) {
    const size = Math.max(n, raw.length * 2)
    raw = new Float64Array(size)
    covered = new Float64Array(size)
    matched = new Uint8Array(size)
    best = new Float64Array(size)
    relevance = new Float64Array(size)
    matchedDocs = new Int32Array(size)
    seen = new Int32Array(size)
  }
  matchedCount = 0
  matchedSorted = false
  // Without a coverage factor a listing's relevance is its sums: read where they are made, never copied.
  const m: Matches = {
    browse: plan.slots.length === 0,
    docs: matchedDocs,
    relevance: TUNING.coverage === 0 ? raw : relevance,
  }
  current = m
  const { flags, died } = store.table
  if (m.browse) {
    if (!pit) for (let d = 0; d < n; d++) if (flags[d]! & LIVE) matchedDocs[matchedCount++] = d
    if (pit) for (let d = 0; d < pit.upto; d++) if (died[d]! > pit.g) matchedDocs[matchedCount++] = d
    m.docs = matchedDocs.subarray(0, matchedCount)
    return m
  }
  // Words in the order the plan first names them (the order their sums are made in), then terms that only reorder.
  const slots: number[] = []
  for (const t of plan.terms) if (t.slot >= 0 && !slots.includes(t.slot)) slots.push(t.slot)
  useAverages(plan.avg)
  // Words common across the catalog (the plan names them) only score what the others match; common words alone are
  // each required: the rarest matches, each other keeps the matches it holds.
  const common = plan.common ?? []
  const required = plan.required ?? []
  const score = (slot: number, within: boolean) =>
    scoreWord(
      store,
      plan.terms.filter((t) => t.slot === slot),
      plan.slots[slot]!,
      within,
    )
  if (required.length) {
    score(required[0]!, false)
    for (const slot of required.slice(1)) keepHolding(store, score(slot, true))
    for (const slot of slots) if (!required.includes(slot)) score(slot, true)
  } else {
    for (const slot of slots) if (!common.includes(slot)) score(slot, false)
    for (const slot of common) score(slot, true)
  }
  m.docs = matchedDocs.subarray(0, matchedCount)
  scoreExtra(
    store,
    plan.terms.filter((t) => t.slot < 0),
  )
  finish(plan, m)
  return m
}

/** Adds the terms of `plan` from `from` on (each one that only reorders) to matches made of the plan before them. */
export function extend(store: TermStore, m: Matches, plan: Plan, from: number): void {
  useAverages(plan.avg)
  scoreExtra(store, plan.terms.slice(from))
  finish(plan, m)
}

/** Each listing's relevance: its sums times the share of the query it covers (as weighted by TUNING.coverage). */
function finish(plan: Plan, m: Matches): void {
  const { coverage } = TUNING
  if (coverage === 0) return
  const all = plan.slots.reduce((a, b) => a + b, 0)
  for (let i = 0; i < m.docs.length; i++) {
    const d = m.docs[i]!
    const share = all > 0 ? Math.min(1, covered[d]! / all) : 1
    relevance[d] = raw[d]! * (1 - coverage + coverage * share)
  }
}
