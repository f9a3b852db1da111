/**
 * Scores every listing a plan matches (BM25F over the fields, the share of the query matched, trust, country scope,
 * lifecycle), keeps those the filters allow, one per server, and picks a page of them in score-then-id order: a
 * total order, so a cursor is a position in it. Only the page is ordered (a bounded insertion), never every match,
 * so a common word over 50k listings costs its postings, not a sort of all of them.
 */
import { FIELD_COUNT, type ListingFacts } from './document'
import type { Plan } from './plan'
import { type Postings, type TermStore, tfIn } from './store'
import { priorOf } from './priors'
import { TUNING } from './tuning'

/** The filters of a search (`claimed` only when asked: absent, a cursor's hash is what it was before it). */
export interface Filters {
  category: string | null
  transport: 'stdio' | 'remote' | null
  verified: boolean
  claimed?: boolean
}

/** The orders of a search: relevance with trust (the default), newest, most installed, most recently checked. */
export const SORTS = ['relevance', 'new', 'installs', 'checked'] as const
export type Sort = (typeof SORTS)[number]

/**
 * One matched server: its best listing's number, id and score (what the page is ordered by: its relevance with
 * trust, or with another `sort` that order's value, its relevance then kept in `relevance`).
 */
export interface Hit {
  doc: number
  id: string
  score: number
  relevance?: number
}

// Above any time in milliseconds (year 2286), below 2^53: seen running first, then the latest check.
const SEEN_RUNNING_FIRST = 1e13

/** A listing's value in an order other than relevance (higher first, then lower id, like a score). */
function orderValue(f: ListingFacts, sort: Exclude<Sort, 'relevance'>): number {
  if (sort === 'new') return f.order.addedAt
  if (sort === 'installs') return f.order.installs
  return (f.verified ? SEEN_RUNNING_FIRST : 0) + f.order.checkedAt
}

/** True when a listing passes the filters. */
const passes = (f: ListingFacts, filters: Filters) =>
  (!filters.category || f.category === filters.category) &&
  (filters.transport !== 'stdio' || f.hasPackage) &&
  (filters.transport !== 'remote' || f.hasRemote) &&
  (!filters.verified || f.verified) &&
  (!filters.claimed || f.isOfficial)

/** Whether hit a comes before hit b: higher score first, then lower id. */
const before = (a: Hit, b: Hit) => a.score > b.score || (a.score === b.score && a.id < b.id)

// Scratch arrays reused by every ranking (scoring never awaits, so one ranking runs at a time).
let scratch = { relevance: new Float64Array(0), covered: new Float64Array(0), best: new Float64Array(0) }
function scratchFor(n: number) {
  if (scratch.relevance.length < n) {
    const size = Math.max(n, scratch.relevance.length * 2, 1024)
    scratch = { relevance: new Float64Array(size), covered: new Float64Array(size), best: new Float64Array(size) }
  }
  return scratch
}

// Per listing number: the stamp of the last conjunction it held every part of.
let holds = new Int32Array(1024)
let stamp = 0

/**
 * A term's postings; for parts that must all be held (`mongo db`), the rarest part's postings scored as that part,
 * with `held` marking the listings that hold every part (at `held[d] === stamp`).
 */
function postingsOf(
  store: TermStore,
  term: string,
): { data: Uint32Array; size: number; held: Int32Array | null } | null {
  if (!term.includes(' ')) {
    const p = store.terms.get(term)
    return p ? { data: p.data, size: p.size, held: null } : null
  }
  const parts = term.split(' ').map((t) => store.terms.get(t))
  if (parts.some((p) => !p)) return null
  const sorted = (parts as Postings[]).sort((a, b) => a.size - b.size)
  if (holds.length < store.docs.length) holds = new Int32Array(Math.max(store.docs.length * 2, 1024))
  // Each other part in turn marks the listings that held every part before it (stamps only grow: none is stale).
  const rest = sorted.slice(1)
  let previous = 0
  rest.forEach((p, i) => {
    stamp++
    for (let k = 0; k < p.size * 2; k += 2) {
      const d = p.data[k]!
      if (i === 0 || holds[d] === previous) holds[d] = stamp
    }
    previous = stamp
  })
  return { data: sorted[0]!.data, size: sorted[0]!.size, held: holds }
}

/**
 * The listings that hold a form of a query word (feedback terms only reorder them), each with its relevance in
 * `relevance[d]`; the caller reads and clears it.
 */
function matchesOf(store: TermStore, plan: Plan): number[] {
  const { coverage } = TUNING
  const { relevance, covered, best } = scratchFor(store.docs.length)
  const docs: number[] = []
  const { fieldWeights: W, fieldB: B, k1 } = TUNING
  const lengths = store.lengths
  const norm = plan.avg.map((a, f) => B[f]! / a)
  // BM25F of one term's packed per-field counts in listing `d`.
  const contribution = (packed: number, d: number) => {
    let pseudo = 0
    for (let f = 0; f < FIELD_COUNT; f++) {
      const tf = tfIn(packed, f)
      if (tf) pseudo += (W[f]! * tf) / (1 - B[f]! + norm[f]! * lengths[d * FIELD_COUNT + f]!)
    }
    return (pseudo * (k1 + 1)) / (k1 + pseudo)
  }
  // A word's forms compete: a listing gets the best of them, once per word; feedback terms add up, and only to
  // listings a query word matched (they are scored last, so those are known).
  const bySlot = new Map<number, typeof plan.terms>()
  for (const t of plan.terms) if (t.slot >= 0) bySlot.set(t.slot, [...(bySlot.get(t.slot) ?? []), t])
  const feedback = plan.terms.filter((t) => t.slot < 0)
  if (feedback.length) bySlot.set(-1, feedback)
  for (const [slot, terms] of bySlot) {
    const seen: number[] = []
    for (const t of terms) {
      const p = postingsOf(store, t.term)
      if (!p) continue
      const { data, size, held } = p
      for (let k = 0; k < size * 2; k += 2) {
        const d = data[k]!
        if (slot < 0) {
          if (covered[d] === 0) continue
          relevance[d]! += t.weight * t.idf * contribution(data[k + 1]!, d)
          continue
        }
        if (!store.docs[d] || (held && held[d] !== stamp)) continue
        const s = t.weight * t.idf * contribution(data[k + 1]!, d)
        if (s > best[d]!) {
          if (best[d] === 0) seen.push(d)
          best[d] = s
        }
      }
    }
    for (const d of seen) {
      if (relevance[d] === 0 && covered[d] === 0) docs.push(d)
      relevance[d]! += best[d]!
      covered[d]! += plan.slots[slot]! + 1e-9
      best[d] = 0
    }
  }
  const all = plan.slots.reduce((a, b) => a + b, 0)
  const matched: number[] = []
  for (const d of docs) {
    if (covered[d]! > 0) {
      const share = all > 0 ? Math.min(1, covered[d]! / all) : 1
      relevance[d]! *= 1 - coverage + coverage * share
      matched.push(d)
    } else relevance[d] = 0
    covered[d] = 0
  }
  return matched
}

/** A page of ranked servers and how many servers match in all. */
export interface RankedPage {
  total: number
  hits: Hit[]
}

/** Inserts a hit into a page kept in order and at most `limit` long. */
function keep(page: Hit[], hit: Hit, limit: number): void {
  if (page.length === limit && !before(hit, page[limit - 1]!)) return
  let i = page.length
  while (i > 0 && before(hit, page[i - 1]!)) i--
  page.splice(i, 0, hit)
  if (page.length > limit) page.pop()
}

/**
 * The matched servers that pass the filters, scored with trust, country scope against the countries the query
 * names (`asked`) and lifecycle, one per server (its best listing), and of them the `limit` first after the
 * position `after` (score, id). A plan without query words is a browse: every listing, by trust.
 */
export function rankPage(
  store: TermStore,
  plan: Plan,
  filters: Filters,
  asked: readonly string[],
  limit: number,
  after: { score: number; id: string } | null = null,
  sort: Sort = 'relevance',
): RankedPage {
  const browse = plan.slots.length === 0
  const docs = browse ? store.docs.flatMap((d, n) => (d ? [n] : [])) : matchesOf(store, plan)
  const { relevance } = scratchFor(store.docs.length)
  const serverCount = store.serverCount
  if (bestScore.length < serverCount) {
    bestScore = new Float64Array(Math.max(serverCount * 2, 1024))
    bestDoc = new Int32Array(bestScore.length)
  }
  const alone: number[] = []
  const servers: number[] = []
  const idOf = (n: number) => store.docs[n]!.facts.id
  for (const n of docs) {
    const d = store.docs[n]!
    const rel = browse ? 1 : relevance[n]!
    relevance[n] = 0
    if (!passes(d.facts, filters)) continue
    const score = rel * priorOf(d, asked)
    // Kept in `relevance` until the page is picked (the scratch is cleared below).
    relevance[n] = score
    const s = d.server
    if (s < 0) {
      alone.push(n)
      continue
    }
    const held = bestDoc[s]! - 1
    if (held < 0) servers.push(s)
    if (held < 0 || score > bestScore[s]! || (score === bestScore[s]! && d.facts.id < idOf(held))) {
      bestScore[s] = score
      bestDoc[s] = n + 1
    }
  }
  const page: Hit[] = []
  // A server is its best listing by relevance whatever the order; another `sort` orders those listings by its value.
  const consider = (n: number) => {
    const rel = relevance[n]!
    const score = sort === 'relevance' ? rel : orderValue(store.docs[n]!.facts, sort)
    relevance[n] = 0
    if (page.length === limit && score < page[limit - 1]!.score) return
    const id = idOf(n)
    if (!after || score < after.score || (score === after.score && id > after.id))
      keep(page, sort === 'relevance' ? { doc: n, id, score } : { doc: n, id, score, relevance: rel }, limit)
  }
  for (const n of alone) consider(n)
  for (const s of servers) {
    const n = bestDoc[s]! - 1
    bestDoc[s] = 0
    consider(n)
  }
  // Listings that lost to their server's best still hold their score in the scratch: clear it.
  for (const n of docs) relevance[n] = 0
  return { total: alone.length + servers.length, hits: page }
}

// Per server number: its best listing's score and number + 1 (0: none yet), emptied after each ranking.
let bestScore = new Float64Array(1024)
let bestDoc = new Int32Array(1024)
