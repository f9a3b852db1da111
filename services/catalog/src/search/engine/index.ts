/**
 * The search index of one catalog replica: the active listings, analysed into an inverted index, searched with
 * BM25F, prefix and typo forms, pseudo-relevance feedback and trust; one result per server; exact cursor paging.
 */
import { queryWords } from './analyze'
import { analyse, type SearchDocument } from './document'
import { basePlan, browsePlan, packPlan, type Plan, unpackPlan, withFeedback } from './plan'
import { type Filters, type Hit, rank } from './rank'
import { TermStore } from './store'
import { TUNING } from './tuning'
import { countriesNamed } from './places'

export type { Filters } from './rank'
export type { SearchDocument } from './document'

/** A page of search results: the servers' ids (each with the other listings of the same server). */
export interface SearchPage {
  total: number
  hits: { id: string; alsoListedAs: string[] }[]
  nextCursor: string | null
}

/** A cursor this index did not make for this query (or cannot read): the route answers 400. */
export class BadCursor extends Error {}

// Answers remembered per query until the index changes; bounded in queries and in hits held (a browse of 50k
// listings is 50k hits), so odd queries and filters cannot grow it.
const CACHE_ENTRIES = 2_000
const CACHE_HITS = 500_000

/** The position a cursor points after, with the plan of the walk it belongs to. */
interface CursorState {
  /** Hash of the query words and filters the cursor was made for. */
  h: string
  /** The packed plan. */
  p: unknown
  /** Score and id of the last hit returned. */
  s: number
  i: string
}

export class SearchIndex {
  private readonly store = new TermStore()
  /** The listings of each repository key: one id for most servers, a list for the few listed more than once. */
  private readonly servers = new Map<string, string | string[]>()
  private readonly plans = new Map<string, Plan>()
  private readonly ranked = new Map<string, Hit[]>()
  private rankedHits = 0

  get size(): number {
    return this.store.live
  }

  has(id: string): boolean {
    return this.store.numberOf.has(id)
  }

  /** Ids of every listing held. */
  ids(): string[] {
    return [...this.store.numberOf.keys()]
  }

  /** Adds or replaces a listing. */
  upsert(doc: SearchDocument): void {
    this.remove(doc.id)
    const analysed = analyse(doc)
    this.store.upsert(analysed)
    const key = analysed.facts.repositoryKey
    if (key) {
      const held = this.servers.get(key)
      this.servers.set(key, held === undefined ? doc.id : [...(typeof held === 'string' ? [held] : held), doc.id])
    }
    this.changed()
  }

  /** Gives back what building left unused (call after a bulk of upserts). */
  trim(): void {
    this.store.trim()
  }

  /** Removes a listing (no longer active). */
  remove(id: string): void {
    const n = this.store.numberOf.get(id)
    if (n === undefined) return
    const key = this.store.docs[n]!.facts.repositoryKey
    const rest = key ? this.listingsOf(key).filter((x) => x !== id) : []
    if (key && rest.length === 0) this.servers.delete(key)
    else if (key) this.servers.set(key, rest.length === 1 ? rest[0]! : rest)
    this.store.remove(id)
    this.changed()
  }

  /** The other active listings of the same server (same normalised repository and subfolder), sorted. */
  alsoListedAs(id: string): string[] {
    const n = this.store.numberOf.get(id)
    const key = n === undefined ? null : this.store.docs[n]!.facts.repositoryKey
    return key
      ? this.listingsOf(key)
          .filter((x) => x !== id)
          .sort()
      : []
  }

  private listingsOf(key: string): string[] {
    const held = this.servers.get(key)
    return held === undefined ? [] : typeof held === 'string' ? [held] : held
  }

  /** One page of a search: `q` (null to browse), the filters, a page size, and the cursor of the previous page. */
  search(q: string | null, filters: Filters, limit: number, cursor?: string): SearchPage {
    const words = q ? queryWords(q) : []
    const h = Bun.hash(JSON.stringify([words, filters])).toString(36)
    const after = cursor ? readCursor(cursor, h) : null
    const asked = countriesNamed(words)
    const plan = after ? after.plan : this.planOf(words, asked)
    const hits = this.rankedOf(plan, filters, asked)
    const start = after ? firstAfter(hits, after.s, after.i) : 0
    const page = hits.slice(start, start + limit)
    const last = page[page.length - 1]
    return {
      total: hits.length,
      hits: page.map((hit) => ({ id: hit.id, alsoListedAs: this.alsoListedAs(hit.id) })),
      nextCursor:
        last && start + limit < hits.length
          ? Buffer.from(
              JSON.stringify({ h, p: packPlan(plan), s: last.score, i: last.id } satisfies CursorState),
            ).toString('base64url')
          : null,
    }
  }

  // What is remembered belongs to the index as it was: any change forgets it.
  private changed(): void {
    this.plans.clear()
    this.ranked.clear()
    this.rankedHits = 0
  }

  // The plan of a query's words: their forms in the index, then feedback from the best first-pass servers.
  private planOf(words: string[], asked: string[]): Plan {
    if (!words.length) return browsePlan()
    const key = words.join(' ')
    const known = this.plans.get(key)
    if (known) return known
    const base = basePlan(this.store, words)
    const first = rank(this.store, base, { category: null, transport: null, verified: false }, asked)
    const plan = first.length
      ? withFeedback(
          this.store,
          base,
          first.slice(0, TUNING.feedback.docs).map((h) => h.doc),
        )
      : base
    if (this.plans.size >= CACHE_ENTRIES) this.plans.clear()
    this.plans.set(key, plan)
    return plan
  }

  private rankedOf(plan: Plan, filters: Filters, asked: string[]): Hit[] {
    const key = JSON.stringify([packPlan(plan), filters, asked])
    const known = this.ranked.get(key)
    if (known) return known
    const hits = rank(this.store, plan, filters, asked)
    if (this.ranked.size >= CACHE_ENTRIES || this.rankedHits + hits.length > CACHE_HITS) {
      this.ranked.clear()
      this.rankedHits = 0
    }
    this.ranked.set(key, hits)
    this.rankedHits += hits.length
    return hits
  }
}

/** Reads a cursor made for the query hashed `h`; throws BadCursor for anything else. */
function readCursor(cursor: string, h: string): { plan: Plan; s: number; i: string } {
  let state: Partial<CursorState>
  try {
    state = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Partial<CursorState>
  } catch {
    throw new BadCursor()
  }
  const plan = state && typeof state === 'object' ? unpackPlan(state.p) : null
  if (!plan || state.h !== h || typeof state.s !== 'number' || !Number.isFinite(state.s)) throw new BadCursor()
  if (typeof state.i !== 'string' || state.i.length > 200) throw new BadCursor()
  return { plan, s: state.s, i: state.i }
}

/** Index of the first hit after (score, id) in the score-then-id order. */
function firstAfter(hits: Hit[], score: number, id: string): number {
  let lo = 0
  let hi = hits.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const h = hits[mid]!
    if (h.score > score || (h.score === score && h.id <= id)) lo = mid + 1
    else hi = mid
  }
  return lo
}
