/**
 * The search index of one catalog replica: the active listings, analysed into an inverted index, searched with
 * BM25F, prefix and typo forms, pseudo-relevance feedback and trust; one result per server; exact cursor paging,
 * each cursor's pages ranking the catalog as it was at its walk's first page (history.ts).
 */
import { queryWords } from './analyze'
import { type AssociateCache, withAssociations } from './associations'
import { analyse, type OrderFacts, type SearchDocument } from './document'
import { Lru } from '@mcp-directory/shared/lru'
import { withFeedback } from './feedback'
import { basePlan, browsePlan, type FormsCache, type Plan } from './plan'
import { BadCursor, CursorExpired, type ReadCursor, readCursor, writeCursor } from './cursor'
import { HISTORY, type HistoryOptions, type PointInTime } from './history'
import { type Factor, factorsOf } from './priors'
import { extend, type Matches, match, release } from './match'
import { type Boost, boost, NamedCounts, namedFactors } from './named'
import { bestOf, type Filters, type RankedPage, rankPage, type Sort } from './rank'
import { type SenseCache, withSenses } from './sense-plan'
import { TermStore } from './store'
import { TUNING } from './tuning'
import { countriesNamed } from './places'

export type { Factor } from './priors'
export type { Filters, Sort } from './rank'
export { SORTS } from '../model'
export type { Lifecycle, OrderFacts, SearchDocument } from './document'
export { BadCursor, CursorExpired } from './cursor'
export type { HistoryOptions } from './history'

/** A page of search results: the servers' ids (each with the other listings of the same server). */
export interface SearchPage {
  total: number
  hits: { id: string; alsoListedAs: string[]; why?: Why }[]
  nextCursor: string | null
}

/** Why a hit ranks where it does (search's `explain`): its score, the relevance of its text, and each multiplier. */
export interface Why {
  score: number
  relevance: number
  factors: Factor[]
}

// Plans remembered per query words until the index changes; bounded, so odd queries cannot grow it.
const CACHE_ENTRIES = 2_000
// A word's forms (stems, prefix and typo forms) recur across queries far more than a query: remembered per word.
const FORMS_ENTRIES = 10_000
// Browse pages remembered (per filters, sort, page size and explain) until the index changes.
const BROWSE_PAGES = 64

export class SearchIndex {
  private readonly store: TermStore
  private readonly plans = new Map<string, Plan>()
  private readonly associates: AssociateCache = new Map()
  private readonly forms: FormsCache = new Lru(FORMS_ENTRIES)
  private readonly senses: SenseCache = new Map()
  // First pages of a browse (no query words: an empty query, or one of stop words alone), which every such query
  // shares: a browse walks every listing, the costliest search there is, and the directory's front page asks it.
  private readonly browsed = new Lru<string, SearchPage>(BROWSE_PAGES)
  // How many live listings a plain query's name or publisher key names (named.ts).
  private readonly named = new NamedCounts()

  /** `history`: how long, and how much, of what changes is kept for the walks of pages begun before (history.ts). */
  constructor(history: HistoryOptions = HISTORY) {
    this.store = new TermStore(history)
  }

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

  /**
   * Adds or replaces a listing. A replacement with the same text (a re-check that changed only its facts: health,
   * verified, lifecycle) keeps what is remembered of words, which counts the same; only the plans, whose feedback
   * read the first pass's ranking, are made again.
   */
  upsert(doc: SearchDocument): void {
    const analysed = analyse(doc)
    this.named.add(this.liveNamed(doc.id), -1)
    const sameText = this.store.upsert(analysed)
    this.named.add(analysed.facts.named, 1)
    this.changed(sameText ? 'facts' : 'text')
  }

  /**
   * Replaces what the orderings read of a listing (its counters changed), leaving its text and trust as they are:
   * no analysis, and the plans remembered stay right. The order it replaces is kept for the walks begun before.
   */
  setOrder(id: string, order: OrderFacts): void {
    const n = this.store.numberOf.get(id)
    if (n === undefined) return
    this.store.setOrder(n, order)
    this.browsed.clear()
  }

  /** Gives back what building left unused (call after a bulk of upserts). */
  trim(): void {
    this.store.trim()
  }

  /**
   * The index holds what the source of truth holds (a build from PostgreSQL): a walk begun on another replica before
   * this one was built is read as of the build (the nearest this replica knows), not refused.
   */
  built(): void {
    this.store.builtFromSource()
  }

  /** Removes a listing (no longer active). */
  remove(id: string): void {
    this.named.add(this.liveNamed(id), -1)
    if (this.store.remove(id)) this.changed('text')
  }

  /** What names the live listing `id`, if it is held. */
  private liveNamed(id: string) {
    const n = this.store.numberOf.get(id)
    return n === undefined ? undefined : this.store.factsOf(n).named
  }

  /** The other active listings of the same server (same normalised repository and subfolder), sorted. */
  alsoListedAs(id: string): string[] {
    const n = this.store.numberOf.get(id)
    return n === undefined ? [] : this.alsoListedAsOf(n)
  }

  /** alsoListedAs of listing number `n`: read by its server's number, no look-up by key (a replaced one's: by id). */
  private alsoListedAsOf(n: number): string[] {
    const doc = this.store.docs[n]
    if (!doc) return this.alsoListedAs(this.store.table.ids[n]!)
    const held = this.store.listingsOfServer(doc.server)
    // Most servers have one listing (this one): no list made to be filtered.
    return typeof held === 'string' || held === undefined ? [] : held.filter((x) => x !== doc.facts.id).sort()
  }

  /**
   * One page of a search: `q` (null to browse), the filters, a page size, and the cursor of the previous page;
   * with `explain`, each hit says why it ranks there (its relevance with trust, whatever the `sort`). A browse's first
   * page is remembered and given to every caller alike: read it, never change it. A cursor's page ranks the listings
   * as they were at its walk's first page; CursorExpired when this index no longer keeps them.
   */
  search(
    q: string | null,
    filters: Filters,
    limit: number,
    cursor?: string,
    explain = false,
    sort: Sort = 'relevance',
  ): SearchPage {
    const words = q ? queryWords(q) : []
    // The default order's hash is what it was before there were others, so its cursors stay valid.
    const h = Bun.hash(JSON.stringify(sort === 'relevance' ? [words, filters] : [words, filters, sort])).toString(36)
    const after = cursor ? readCursor(cursor, h) : null
    let at: PointInTime | null = null
    if (after?.g != null) {
      if (!this.store.history.readable(after.g)) throw new BadCursor()
      if (after.g < this.store.history.horizon) throw new CursorExpired()
      at = this.store.pointInTime(after.g)
    }
    const browse = !words.length && !after ? `${h} ${limit} ${explain}` : null
    const kept = browse === null ? undefined : this.browsed.get(browse)
    if (kept) return kept
    const boosts = after ? after.boosts : words.length ? this.named.boostsOf(q ?? '', words) : []
    const page = this.pageOf(words, filters, limit, after, explain, sort, h, at, boosts)
    if (browse !== null) this.browsed.set(browse, page)
    return page
  }

  /** One page of a search, as `search` gives it, made afresh. */
  private pageOf(
    words: string[],
    filters: Filters,
    limit: number,
    after: ReadCursor | null,
    explain: boolean,
    sort: Sort,
    h: string,
    at: PointInTime | null,
    boosts: Boost[],
  ): SearchPage {
    const asked = countriesNamed(words)
    // The first page is the live listings at the latest generation, which its cursor carries.
    const g = at?.g ?? this.store.history.gen
    const { plan, matches } = after
      ? { plan: after.plan, matches: match(this.store, after.plan, at) }
      : this.planOf(words, asked)
    if (boosts.length) boost(this.store, matches, boosts)
    // One more than the page: whether it exists says whether there is a next page.
    const position = after && { score: after.s, id: after.i }
    let ranked: RankedPage
    try {
      ranked = rankPage(this.store, matches, filters, asked, limit + 1, position, sort, at)
    } finally {
      release(matches)
    }
    const page = ranked.hits.slice(0, limit)
    const last = page[page.length - 1]
    return {
      total: ranked.total,
      hits: page.map((hit) => {
        // Built whole, never spread: hits are read once each, and a spread object is slower to read.
        const out: SearchPage['hits'][number] = { id: hit.id, alsoListedAs: this.alsoListedAsOf(hit.doc) }
        if (explain) out.why = this.why(hit.doc, hit.relevance ?? hit.score, asked, boosts)
        return out
      }),
      nextCursor: last && ranked.hits.length > limit ? writeCursor(h, plan, last.score, last.id, g, boosts) : null,
    }
  }

  private why(doc: number, score: number, asked: string[], boosts: Boost[]): Why {
    const facts = this.store.factsOf(doc)
    const factors = [...namedFactors(facts.named, boosts), ...factorsOf(facts, asked)]
    return { score, relevance: factors.reduce((r, f) => r / f.multiplier, score), factors }
  }

  // What is remembered belongs to the index as it was: a change of text forgets it all; a change of facts alone the
  // plans (their feedback terms came from a ranking that read the facts).
  private changed(what: 'text' | 'facts'): void {
    this.plans.clear()
    this.browsed.clear()
    if (what === 'facts') return
    this.associates.clear()
    this.forms.clear()
    this.senses.clear()
  }

  /**
   * The plan of a query's words (their forms in the index, then feedback from the best first-pass servers) and the
   * listings it matches: a plan made here is matched once, its feedback terms added to the first pass's sums.
   */
  private planOf(words: string[], asked: string[]): { plan: Plan; matches: Matches } {
    if (!words.length) return { plan: browsePlan(), matches: match(this.store, browsePlan()) }
    const key = words.join(' ')
    const known = this.plans.get(key)
    if (known) return { plan: known, matches: match(this.store, known) }
    const read = withSenses(this.store, basePlan(this.store, words, this.forms), words, this.senses)
    const base = withAssociations(this.store, read, words, this.associates)
    const matches = match(this.store, base)
    const first = bestOf(this.store, matches, asked, TUNING.feedback.docs)
    const plan = first.length
      ? withFeedback(
          this.store,
          base,
          first.map((h) => h.doc),
        )
      : base
    if (plan !== base) extend(this.store, matches, plan, base.terms.length)
    if (this.plans.size >= CACHE_ENTRIES) this.plans.clear()
    this.plans.set(key, plan)
    return { plan, matches }
  }
}
