/**
 * Ranking over the tool store: BM25F over a tool's fields (its name weighs most, its server's name least), times how
 * much of the query (its words by rarity) it covers, times how much of it its name or title holds, times a bonus when
 * its name's verb does what the query's verb asks (actions.ts), times a small prior for a verified or official
 * server. Without query words,
 * tools come in their servers' trust order. Pages follow a cursor holding the last hit's score and key, so a page
 * never repeats the one before it.
 */
import { idfOf } from '../../text/engine/plan'
import { TF_BITS, TF_MAX } from '../../text/engine/postings'
import { browseTools } from './browse'
import { filtersOn, type ToolCursor, type ToolFilters, type ToolPage, serverKeeps, toolKeeps, keyOf } from './filters'
import type { ToolPlan } from './tool-plan'
import { SERVER_FIELD_BITS, TOOL_FIELD_COUNT, type ToolStore } from './tool-store'

/** BM25F weight and length normalisation per field (TOOL_FIELDS order). */
const WEIGHTS = [3, 2, 1, 1, 0.5, 0.5, 0.3]
const B = [0.5, 0.5, 0.5, 0.75, 0.5, 0.75, 0]
const K1 = 1.2
/** What a tool whose name's verb does what the query's verbs ask adds to its relevance (a share of it). */
const ACTION = 0.4
/** The share of that bonus a tool doing an operation near the one asked for gets. */
const NEAR = 0.5
/** What a tool whose name or title holds all of the query's words (by rarity) adds to its relevance (a share). */
const NAMED = 0.5
/** The per-field count bits of a term in a tool's name and title. */
const NAME_FIELDS_BITS = TF_MAX | (TF_MAX << TF_BITS)
/**
 * Share of the tools (and least count) above which a term only scores what the query's rarer terms found: in a small
 * index a word such as "search" names a few dozen tools, all worth scoring.
 */
const COMMON = { share: 0.05, minTools: 100 }

export type { ToolCursor, ToolFilters, ToolPage } from './filters'
export { ToolPlan, toolPlanOf } from './tool-plan'

/** One page of tools for a plan (empty: in trust order), filtered, after `after`. */
export function searchTools(
  store: ToolStore,
  plan: ToolPlan,
  filters: ToolFilters,
  limit: number,
  after: ToolCursor | null,
): ToolPage {
  if (!plan.size) return browseTools(store, filters, limit, after)
  const scored = relevance(store, plan)
  const top: { d: number; s: number; k?: string }[] = []
  let total = 0
  const key = (h: { d: number; k?: string }) => (h.k ??= keyOf(store, h.d))
  // Ahead: higher score, or the same and a lower key.
  const ahead = (a: { d: number; s: number; k?: string }, b: { d: number; s: number; k?: string }) =>
    a.s > b.s || (a.s === b.s && key(a) < key(b))
  // The lowest score the page holds once full: a lower one cannot enter (most matches stop here, unallocated).
  let floor = Number.NEGATIVE_INFINITY
  const on = filtersOn(filters)
  for (let j = 0; j < scored.docs.length; j++) {
    const d = scored.docs[j]!
    if (on.tools && !toolKeeps(store, d, filters)) continue
    if (on.servers && !serverKeeps(store.factsOf(d), filters)) continue
    total++
    const score = scored.score(d, j)
    if (score < floor || (after && score > after.s)) continue
    const h = { d, s: score }
    if (after && h.s === after.s && key(h) <= after.k) continue
    if (top.length > limit && !ahead(h, top[limit]!)) continue
    let i = top.length
    while (i > 0 && ahead(h, top[i - 1]!)) i--
    top.splice(i, 0, h)
    if (top.length > limit + 1) top.pop()
    if (top.length > limit) floor = top[limit]!.s
  }
  const hits = top.slice(0, limit)
  const last = hits.at(-1)
  return {
    total,
    hits: hits.map((h) => h.d),
    next: top.length > limit && last ? { s: last.s, k: key(last) } : null,
  }
}

let scores = new Float64Array(0)
/** Per tool, the query words (bits by slot) it holds a form of; 0 for one not reached yet. */
let matched = new Uint32Array(0)
/** Per tool, the query words its name or title holds a form of. */
let named = new Uint32Array(0)

/**
 * BM25F of every tool that holds a term of the plan, times its coverage of the plan and its server's prior. Rarer
 * terms first: a term held by more than COMMON of the tools, beside a rarer one, only scores the tools the
 * rarer ones found (as server search's common terms), so a query with "get" or "file" in it does not score a third
 * of the index.
 */
function relevance(store: ToolStore, plan: ToolPlan) {
  if (scores.length < store.count) {
    scores = new Float64Array(store.count * 2)
    matched = new Uint32Array(store.count * 2)
    named = new Uint32Array(store.count * 2)
  }
  const n = Math.max(1, store.live)
  const norm = WEIGHTS.map((_, f) => B[f]! / Math.max(1, store.lengthSums[f]! / n))
  // Each query word counts towards coverage by its rarity: that of its rarest form the index holds (none: not at all).
  // Another form of a word never counts more than the word itself (as in server search's plans).
  const rarity: number[] = []
  const forms = [...plan].map(([term, weight]) => {
    const p = store.postings.get(term)
    const df = Math.min(n, p?.df ?? 0)
    const slot = plan.slots.get(term) ?? 0
    if (df > 0 && weight === 1) rarity[slot] = idfOf(df, n)
    return { p, df, weight, slot }
  })
  const terms = forms.map(({ p, df, weight, slot }) => {
    const idf = Math.min(idfOf(df, n), rarity[slot] ?? Number.POSITIVE_INFINITY)
    if (df > 0 && rarity[slot] === undefined) rarity[slot] = idf
    return { p, df, idf: weight * idf, bit: 1 << slot }
  })
  terms.sort((a, b) => a.df - b.df)
  const many = Math.max(COMMON.minTools, n * COMMON.share)
  const rare = terms.some((t) => t.df > 0 && t.df <= many)
  const docs: number[] = []
  for (const { p, df, idf, bit } of terms) {
    if (!p) continue
    const open = !rare || df <= many
    const data = p.data
    for (let i = 0; i < p.size; i++) {
      const d = data[i * 2]!
      if (matched[d] === 0) {
        if (!open || store.server[d]! < 0) continue
        docs.push(d)
      }
      let pseudo = 0
      const packed = data[i * 2 + 1]!
      // Only the fields that hold the term (the lowest set count first).
      for (let rest = packed; rest !== 0; ) {
        const f = ((31 - Math.clz32(rest & -rest)) / TF_BITS) | 0
        const tf = (rest >>> (f * TF_BITS)) & TF_MAX
        rest &= ~(TF_MAX << (f * TF_BITS))
        pseudo += (WEIGHTS[f]! * tf) / (1 - B[f]! + norm[f]! * store.lengths[d * TOOL_FIELD_COUNT + f]!)
      }
      scores[d]! += (idf * pseudo * (K1 + 1)) / (K1 + pseudo)
      matched[d]! |= bit
      if (packed & NAME_FIELDS_BITS) named[d]! |= bit
    }
  }
  const coverage = coverageOf(rarity)
  const final = new Float64Array(docs.length)
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!
    const does = store.actions[d]!
    const action = plan.actions & does ? 1 + ACTION : plan.near & does ? 1 + ACTION * NEAR : 1
    const inName = 1 + NAMED * coverage[named[d]!]!
    final[i] = scores[d]! * (0.5 + 0.5 * coverage[matched[d]!]!) * inName * store.priors[store.server[d]!]! * action
    scores[d] = 0
    matched[d] = 0
    named[d] = 0
  }
  return { docs, score: (_d: number, i: number) => final[i]! }
}

/** The share of the query's rarity that each set of its words (bits by slot) makes, by set. */
function coverageOf(rarity: number[]): Float64Array {
  const asked = rarity.reduce((a, r) => a + (r ?? 0), 0) || 1
  const shares = new Float64Array(1 << rarity.length)
  for (let bits = 1; bits < shares.length; bits++) {
    const low = 31 - Math.clz32(bits & -bits)
    shares[bits] = shares[bits & (bits - 1)]! + (rarity[low] ?? 0) / asked
  }
  return shares
}

/**
 * The names of a listing's tools whose own text (not its server's name) holds a term of the plan, at most `max`:
 * what a server search hit says matched. A binary search in each term's postings per tool, so a page costs little.
 */
/**
 * Which of a listing's tools the query's own words are in (at most `max`, by name), for each hit of one answer: the
 * query's postings are looked up once, then each hit costs a few binary searches per tool.
 */
export function toolMatcher(store: ToolStore, plan: ToolPlan, max = 5): (listingId: string) => string[] {
  const lists = [...plan.keys()].flatMap((t) => store.postings.get(t) ?? [])
  if (!lists.length) return () => []
  return (listingId) => {
    const out: string[] = []
    for (const d of store.docsOf(listingId)) {
      if (out.length >= max) break
      if (lists.some((p) => (countsIn(p.data, p.size, d) & ~SERVER_FIELD_BITS) !== 0)) out.push(store.names[d]!)
    }
    return [...new Set(out)]
  }
}

/** The tools of one listing the query's words are in (`toolMatcher` for a single hit). */
export const matchedToolNames = (store: ToolStore, listingId: string, plan: ToolPlan, max = 5): string[] =>
  toolMatcher(store, plan, max)(listingId)

/** The packed counts of tool `d` in a postings array (sorted by tool number), 0 when absent. */
function countsIn(data: Uint32Array, size: number, d: number): number {
  let lo = 0
  let hi = size - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const v = data[mid * 2]!
    if (v === d) return data[mid * 2 + 1]!
    if (v < d) lo = mid + 1
    else hi = mid - 1
  }
  return 0
}
