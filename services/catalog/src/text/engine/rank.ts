/**
 * Scores every listing a plan matches (BM25F over the fields, the share of the query matched, trust, country scope,
 * lifecycle), keeps those the filters allow, one per server, and picks a page of them in score-then-id order: a
 * total order, so a cursor is a position in it. Only the page is ordered (a bounded insertion), never every match,
 * so a common word over 50k listings costs its postings, not a sort of all of them.
 */
import { HAS_PACKAGE, HAS_REMOTE, LIVE, OFFICIAL, READY, SCOPED, VERIFIED } from './doc-table'
import type { PointInTime } from './history'
import type { Matches } from './match'
import { scopeFactor } from './priors'
import type { SORTS } from '../model'
import type { TermStore } from './store'
import { mayEnter, offer, pageOf, startPage } from './top'

/** The filters of a search (`claimed` and `ready` only when asked: absent, a cursor's hash is what it was before). */
export interface Filters {
  category: string | null
  transport: 'stdio' | 'remote' | null
  verified: boolean
  claimed?: boolean
  ready?: boolean
}

/** The orders of a search (declared with search's query model). */
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

/**
 * Listing number `n`'s value in an order other than relevance (higher first, then lower id, like a score), now or at
 * a walk's generation.
 */
function orderValue(store: TermStore, n: number, sort: Exclude<Sort, 'relevance'>, at: PointInTime | null): number {
  const order = store.orderOf(n, at)
  if (sort === 'new') return order.addedAt
  if (sort === 'installs') return order.installs
  return (store.factsOf(n).verified ? SEEN_RUNNING_FIRST : 0) + order.checkedAt
}

/** The filters as what a listing's `flags` must hold and its category's number (-1: any; -2: none can pass). */
function filterOf(store: TermStore, filters: Filters): { need: number; category: number } {
  const need =
    (filters.transport === 'stdio' ? HAS_PACKAGE : 0) |
    (filters.transport === 'remote' ? HAS_REMOTE : 0) |
    (filters.verified ? VERIFIED : 0) |
    (filters.claimed ? OFFICIAL : 0) |
    (filters.ready ? READY : 0)
  if (!filters.category) return { need, category: -1 }
  const category = store.table.categoryNumber(filters.category)
  return { need, category: category < 0 ? -2 : category }
}

/** A page of ranked servers and how many servers match in all. */
export interface RankedPage {
  total: number
  hits: Hit[]
}

/**
 * The matched servers that pass the filters, scored with trust, country scope against the countries the query
 * names (`asked`) and lifecycle, one per server (its best listing), and of them the `limit` first after the
 * position `after` (score, id). Matches of a browse (no query words) are every listing, by trust. With `at` (a
 * cursor's page), the matches are the versions of its walk's generation and they are ranked as they were then; a
 * hit whose listing is no longer live at all (removed, hidden) is left out, one replaced is given by its id.
 */
export function rankPage(
  store: TermStore,
  matches: Matches,
  filters: Filters,
  asked: readonly string[],
  limit: number,
  after: { score: number; id: string } | null = null,
  sort: Sort = 'relevance',
  at: PointInTime | null = null,
): RankedPage {
  const scoreOf = scorer(store, matches, filters, asked)
  startPage(store, limit)
  // A first page by relevance is picked as listings are scored; after a cursor, or in another order, a server's
  // best listing must be known before it is placed.
  const total =
    sort === 'relevance' && !after
      ? pickDirect(store, matches, scoreOf, unfiltered(store, filters) && asked.length === 0, true)
      : pickCollapsed(store, matches.docs, scoreOf, after, sort, at)
  return { total, hits: pageHits(store, sort) }
}

const NO_FILTERS: Filters = { category: null, transport: null, verified: false }

/**
 * The `limit` best matched servers by relevance with trust, unfiltered, without counting how many match: a first
 * pass that only needs its best (feedback reads them).
 */
export function bestOf(store: TermStore, matches: Matches, asked: readonly string[], limit: number): Hit[] {
  startPage(store, limit)
  pickDirect(store, matches, scorer(store, matches, NO_FILTERS, asked), asked.length === 0, false)
  return pageHits(store, 'relevance')
}

/** The page picked, as hits (with their relevance apart when ordered by something else). */
function pageHits(store: TermStore, sort: Sort): Hit[] {
  return pageOf().map(({ doc, score }): Hit => {
    const id = store.table.ids[doc]!
    return sort === 'relevance' ? { doc, id, score } : { doc, id, score, relevance: scored[doc]! }
  })
}

/** A matched listing's score with its prior, or -1 when the filters drop it. */
function scorer(store: TermStore, matches: Matches, filters: Filters, asked: readonly string[]) {
  const { flags, category, trust, prior } = store.table
  const { need, category: wanted } = filterOf(store, filters)
  const { browse, relevance } = matches
  return (n: number): number => {
    const f = flags[n]!
    if ((f & need) !== need || (wanted !== -1 && category[n] !== wanted)) return -1
    // The prior kept per listing, or for a query naming countries trust × lifecycle times the scope factor.
    const p = asked.length === 0 ? prior[n]! : f & SCOPED ? trust[n]! * scopeFactor(store.factsOf(n), asked) : trust[n]!
    return (browse ? 1 : relevance[n]!) * p
  }
}

// Per server number: the ranking that last counted it (`tick`).
let counted = new Int32Array(1024)
let tick = 0

/** True when the filters let every listing through. */
const unfiltered = (store: TermStore, filters: Filters) => {
  const { need, category } = filterOf(store, filters)
  return need === 0 && category === -1
}

/**
 * Offers each listing to the page as it is scored (the page keeps one per server); gives how many servers match
 * (0 without `counting`). `plain`: no filter and no country asked, the most common search, whose score is its
 * relevance times its kept prior.
 */
function pickDirect(
  store: TermStore,
  matches: Matches,
  scoreOf: (n: number) => number,
  plain: boolean,
  counting: boolean,
): number {
  const { server, prior } = store.table
  const { docs, relevance } = matches
  const direct = plain && !matches.browse
  if (counted.length < store.serverCount) counted = new Int32Array(Math.max(store.serverCount * 2, 1024))
  if (++tick === 2 ** 31 - 1) {
    counted.fill(0)
    tick = 1
  }
  let total = 0
  for (let i = 0; i < docs.length; i++) {
    const n = docs[i]!
    const score = direct ? relevance[n]! * prior[n]! : scoreOf(n)
    if (score < 0) continue
    const s = server[n]!
    if (!counting) {
      if (mayEnter(score)) offer(n, score, s)
      continue
    }
    if (s < 0) total++
    else if (counted[s] !== tick) {
      counted[s] = tick
      total++
    }
    if (mayEnter(score)) offer(n, score, s)
  }
  return total
}

// Per listing number: its score with trust (valid for the listings of the ranking under way).
let scored = new Float64Array(1024)
// Per server number: its best listing's score and number + 1 (0: none yet), emptied after each ranking.
let bestScore = new Float64Array(1024)
let bestDoc = new Int32Array(1024)

/**
 * Each server's best listing first (ties to the lower id), then those after the position `after` offered to the page
 * in the order `sort`; gives how many servers match.
 */
function pickCollapsed(
  store: TermStore,
  docs: Int32Array,
  scoreOf: (n: number) => number,
  after: { score: number; id: string } | null,
  sort: Sort,
  at: PointInTime | null,
): number {
  const { server, ids, flags } = store.table
  if (scored.length < store.docs.length) scored = new Float64Array(Math.max(store.docs.length * 2, 1024))
  if (bestScore.length < store.serverCount) {
    bestScore = new Float64Array(Math.max(store.serverCount * 2, 1024))
    bestDoc = new Int32Array(bestScore.length)
  }
  const alone: number[] = []
  const servers: number[] = []
  for (let i = 0; i < docs.length; i++) {
    const n = docs[i]!
    const score = scoreOf(n)
    if (score < 0) continue
    scored[n] = score
    const s = server[n]!
    if (s < 0) {
      alone.push(n)
      continue
    }
    const held = bestDoc[s]! - 1
    if (held < 0) servers.push(s)
    if (held < 0 || score > bestScore[s]! || (score === bestScore[s]! && ids[n]! < ids[held]!)) {
      bestScore[s] = score
      bestDoc[s] = n + 1
    }
  }
  // A server is its best listing by relevance whatever the order; another `sort` orders those listings by its value.
  const consider = (n: number) => {
    const score = sort === 'relevance' ? scored[n]! : orderValue(store, n, sort, at)
    if (!mayEnter(score)) return
    if (at && (flags[n]! & LIVE) === 0 && !store.numberOf.has(ids[n]!)) return
    if (!after || score < after.score || (score === after.score && ids[n]! > after.id)) offer(n, score, -1)
  }
  for (const n of alone) consider(n)
  for (const s of servers) {
    const n = bestDoc[s]! - 1
    bestDoc[s] = 0
    consider(n)
  }
  return alone.length + servers.length
}
