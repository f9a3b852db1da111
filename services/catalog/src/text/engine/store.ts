/**
 * The inverted index: for every term, the listings that contain it and how often in each field. Postings are
 * typed arrays (a listing number and its per-field counts packed into one 32-bit word), so 50k listings take tens
 * of megabytes. A removed or replaced listing leaves a tombstone that a search of the live listings skips, and that
 * a later page of a walk begun before it still reads, until a compaction drops it (history.ts).
 * Over 300 lines: adding, removing and compacting listings keep the same postings, lengths and tombstones in step,
 * and are read together.
 */
import { termOf } from './analyze'
import { startingWith } from './gallop'
import { DocTable } from './doc-table'
import { type AnalysedDocument, FIELD_COUNT, type ListingFacts, type OrderFacts, TOOL_FIELDS } from './document'
import { bornBy, History, HISTORY, type HistoryOptions, type PastOrder, type PointInTime } from './history'
import { type Postings, TF_BITS, TF_MAX, tfIn } from './postings'
import { inOwnText, TermPostings } from './term-postings'

export { Postings, tfIn } from './postings'
export { inOwnText } from './term-postings'

/** One stored listing: its facts, the distinct terms it holds and the terms feedback may borrow from it. */
export interface StoredDoc {
  facts: ListingFacts
  /** Its terms held in its own text, space-separated. */
  terms: string
  /** Its terms held in its tools' text only (`Postings.toolOnly`). */
  toolTerms: string
  /**
   * Postings ids (`TermStore.postings`) of the terms of its name, title, description and tags, each once (what
   * feedback and associations count: numbers, so counting never follows a pointer per term).
   */
  about: Int32Array
  /** Number of its server (its repository key), or -1 for a listing with no repository: one hit per server. */
  server: number
  /** textSignature of its analysis: a replacement with the same one changes no statistic of the index. */
  signature: bigint
  /** A hash of its id: which listings a sample of a term's listings takes, whatever their numbers (associations.ts). */
  sampleKey: number
  /** The orders its counters replaced, for walks begun before (history.ts). */
  orders?: PastOrder[]
}

/**
 * A hash of what a listing's text gives the index: its terms per field, the fields' lengths, its compounds and its
 * written words. Two analyses with the same signature add the same counts to every statistic the index keeps.
 */
export const textSignature = (doc: AnalysedDocument): bigint =>
  BigInt(Bun.hash(JSON.stringify([doc.fields, doc.lengths, doc.compounds, doc.words])))

// Fields pseudo-relevance feedback borrows terms from: name, title, description, tags.
const ABOUT_FIELDS = [0, 1, 3, 4]
export class TermStore {
  readonly terms = new Map<string, TermPostings>()
  /** Postings by id (undefined once a compaction dropped them). */
  readonly postings: (Postings | undefined)[] = []
  /** Listings by internal number; undefined once removed (a tombstone). */
  docs: (StoredDoc | undefined)[] = []
  /** What tombstones were, by listing number, while a walk may read them. */
  private past = new Map<number, StoredDoc>()
  readonly history: History
  /** What ranking reads of each listing number, in typed arrays. */
  readonly table = new DocTable()
  readonly numberOf = new Map<string, number>()
  /** Field lengths in terms, FIELD_COUNT per listing number. */
  lengths = new Uint16Array(1024 * FIELD_COUNT)
  /** Sum of each field's length over live listings (for the average lengths BM25F normalises by). */
  readonly totalLengths = new Float64Array(FIELD_COUNT)
  /** Live listings with some text in each field (the tool fields' average length is over those: averageLengths). */
  readonly holding = new Float64Array(FIELD_COUNT)
  /** Words as listings write them, each with its term (a typo is nearer to the word than to its stem). */
  readonly surface = new Map<string, string>()
  /** Words listings write made of parts, with their parts' terms (`mongodb` → `mongo db`); the first seen stays. */
  readonly compounds = new Map<string, string>()
  /** A number per repository key held (numbered again, densely, by a compaction). */
  private readonly serverNumbers = new Map<string, number>()
  /** The live listings' ids per server number: one id for most servers, a list for the few listed more than once. */
  private serverListings: (string | string[] | undefined)[] = []
  /** Postings made so far: the next one's id. */
  postingsMade = 0
  private sortedTerms: string[] | null = null
  private sortedSurface: string[] | null = null

  constructor(history: HistoryOptions = HISTORY) {
    this.history = new History(history)
  }

  get live(): number {
    return this.numberOf.size
  }

  /** How many server numbers were given (rankings size their per-server tables by it). */
  get serverCount(): number {
    return this.serverNumbers.size
  }

  /** The number of the server of repository key `key` (-1 for none). */
  private serverNumberOf(key: string | null): number {
    if (key === null) return -1
    let n = this.serverNumbers.get(key)
    if (n === undefined) {
      n = this.serverNumbers.size
      this.serverNumbers.set(key, n)
    }
    return n
  }

  /** The number of the server of repository key `key` (-1 for none), with listing `id` counted among its listings. */
  private serverOf(key: string | null, id: string): number {
    const n = this.serverNumberOf(key)
    if (n < 0) return n
    const held = this.serverListings[n]
    this.serverListings[n] = held === undefined ? id : [...(typeof held === 'string' ? [held] : held), id]
    return n
  }

  /** The live listings of server number `s`: one id, a list of several, or undefined (none, or -1). */
  listingsOfServer(s: number): string | readonly string[] | undefined {
    return s < 0 ? undefined : this.serverListings[s]
  }

  /**
   * Adds a listing, replacing what was stored under its id; true when it replaced the same text (only its facts
   * changed: every term's listings, the lengths and the vocabulary count what they counted before).
   */
  upsert(doc: AnalysedDocument): boolean {
    const signature = textSignature(doc)
    const before = this.numberOf.get(doc.facts.id)
    const sameText = before !== undefined && this.docs[before]!.signature === signature
    this.remove(doc.facts.id)
    const n = this.docs.length
    if ((n + 1) * FIELD_COUNT > this.lengths.length) {
      const grown = new Uint16Array(this.lengths.length * 2)
      grown.set(this.lengths)
      this.lengths = grown
    }
    const packedOf = new Map<string, number>()
    const toolTerms: string[] = []
    doc.fields.forEach((terms, f) => {
      const length = Math.min(doc.lengths[f]!, 65_535)
      this.lengths[n * FIELD_COUNT + f] = length
      this.totalLengths[f]! += length
      if (length > 0) this.holding[f]!++
      for (const t of terms) {
        const packed = packedOf.get(t) ?? 0
        if (tfIn(packed, f) < TF_MAX) packedOf.set(t, packed + (1 << (f * TF_BITS)))
      }
    })
    for (const [t, packed] of packedOf) {
      let p = this.terms.get(t)
      if (!p) {
        p = new TermPostings(t, this.postingsMade++)
        this.terms.set(t, p)
        this.postings[p.id] = p
        this.sortedTerms = null
      }
      p.push(n, packed)
      p.count(inOwnText(packed), 1)
      if (!inOwnText(packed)) toolTerms.push(t)
    }
    for (const [whole, parts] of doc.compounds) if (!this.compounds.has(whole)) this.compounds.set(whole, parts)
    for (const w of doc.words)
      if (!this.surface.has(w)) {
        this.surface.set(w, termOf(w))
        this.sortedSurface = null
      }
    // Term lists are kept as one string each: one object per listing, not one array slot per term.
    const about = Int32Array.from(new Set(ABOUT_FIELDS.flatMap((f) => doc.fields[f]!)), (t) => this.terms.get(t)!.id)
    const server = this.serverOf(doc.facts.serverKey, doc.facts.id)
    const sampleKey = Bun.hash.xxHash32(doc.facts.id)
    const own = [...packedOf.keys()].filter((t) => inOwnText(packedOf.get(t)!))
    this.docs.push({
      facts: doc.facts,
      terms: own.join(' '),
      toolTerms: toolTerms.join(' '),
      about,
      server,
      signature,
      sampleKey,
    })
    this.table.set(n, doc.facts, server, this.history.next())
    this.numberOf.set(doc.facts.id, n)
    return sameText
  }

  /** The facts of listing number `n`, live or a tombstone a walk may still read. */
  factsOf(n: number): ListingFacts {
    return (this.docs[n] ?? this.past.get(n)!).facts
  }

  /** The order facts of listing number `n` at generation `g` (now when null). */
  orderOf(n: number, at: PointInTime | null): OrderFacts {
    const doc = this.docs[n] ?? this.past.get(n)!
    return at ? History.orderAt(doc.facts.order, doc.orders, at.g) : doc.facts.order
  }

  /** Replaces a live listing's order facts (its counters changed), keeping the one it had for walks begun before. */
  setOrder(n: number, order: OrderFacts): void {
    const doc = this.docs[n]!
    const was = doc.facts.order
    if (was.addedAt === order.addedAt && was.installs === order.installs && was.checkedAt === order.checkedAt) return
    doc.orders = this.history.keepOrder(doc.orders, doc.facts.order, this.history.next())
    doc.facts.order = order
  }

  /** The listings held now are the catalog as far back as a walk may ask (built from the source: born at 0). */
  builtFromSource(): void {
    this.table.born.fill(0, 0, this.docs.length)
    this.history.horizon = 0
  }

  /** The versions a walk begun at generation `g` reads. */
  pointInTime(g: number): PointInTime {
    return { g, upto: bornBy(this.table.born, this.docs.length, g) }
  }

  /** Removes a listing (a no-op for an id it does not hold). */
  remove(id: string): boolean {
    const n = this.numberOf.get(id)
    if (n === undefined) return false
    const doc = this.docs[n]!
    // A listing whose text is all stop words holds no term (its list is empty, not one empty term).
    if (doc.terms) for (const t of doc.terms.split(' ')) this.terms.get(t)!.count(true, -1)
    if (doc.toolTerms) for (const t of doc.toolTerms.split(' ')) this.terms.get(t)!.count(false, -1)
    for (let f = 0; f < FIELD_COUNT; f++) {
      const length = this.lengths[n * FIELD_COUNT + f]!
      this.totalLengths[f]! -= length
      if (length > 0) this.holding[f]!--
    }
    if (doc.server >= 0) {
      const held = this.serverListings[doc.server]
      const rest = typeof held === 'string' || held === undefined ? [] : held.filter((x) => x !== id)
      this.serverListings[doc.server] = rest.length === 0 ? undefined : rest.length === 1 ? rest[0] : rest
    }
    this.docs[n] = undefined
    this.past.set(n, doc)
    this.table.clear(n, this.history.next())
    this.history.dead.push(n)
    this.numberOf.delete(id)
    const drop = this.history.toDrop(this.table.died, this.live)
    if (drop > 0) this.compact(drop)
    return true
  }

  /** Every term, sorted (for prefix and typo look-ups); rebuilt only after new terms arrive. */
  vocabulary(): string[] {
    if (!this.sortedTerms) {
      const live: string[] = []
      for (const [t, p] of this.terms) if (p.df > 0) live.push(t)
      this.sortedTerms = live.sort()
    }
    return this.sortedTerms
  }

  /** Written words that start with `prefix` (sorted). */
  wordsWithPrefix(prefix: string): string[] {
    this.sortedSurface ??= [...this.surface.keys()].sort()
    return startingWith(this.sortedSurface, prefix)
  }

  /** Terms that start with `prefix`, from the sorted vocabulary. */
  withPrefix(prefix: string): string[] {
    return startingWith(this.vocabulary(), prefix)
  }

  /** Cuts every term's postings to their size (after a build: the arrays grew by doubling). */
  trim(): void {
    for (const p of this.terms.values())
      if (p.data.length > p.size * 2) p.data = p.data.slice(0, Math.max(2, p.size * 2))
  }

  /**
   * Average length of each field over live listings (at least 1); of a tool field, over the listings that have tools
   * (as Lucene's BM25 counts a field's documents). Tools are observed for some listings only: over every listing the
   * average fell with the share checked, so a few tools counted as a long list and a short list swamped the rest.
   */
  averageLengths(): number[] {
    return [...this.totalLengths].map((t, f) =>
      Math.max(1, t / Math.max(1, TOOL_FIELDS.includes(f) ? this.holding[f]! : this.live)),
    )
  }

  // Drops the oldest `drop` tombstones (history.ts says which): listing numbers become dense again, in the same
  // order, so the tables stop growing with every update; the younger tombstones stay for the walks that read them.
  private compact(drop: number): void {
    const { dead } = this.history
    const { born, died } = this.table
    this.history.dropped(died[dead[drop - 1]!]!)
    const kept = new Set(dead.slice(drop))
    const renumbered = new Int32Array(this.docs.length).fill(-1)
    const docs: (StoredDoc | undefined)[] = []
    const past = new Map<number, StoredDoc>()
    const times: [number, number][] = []
    const lengths = new Uint16Array(Math.max(1024, (this.live + kept.size) * 2) * FIELD_COUNT)
    for (let old = 0; old < this.docs.length; old++) {
      const d = this.docs[old]
      if (!d && !kept.has(old)) continue
      renumbered[old] = docs.length
      lengths.set(this.lengths.subarray(old * FIELD_COUNT, (old + 1) * FIELD_COUNT), docs.length * FIELD_COUNT)
      times.push([born[old]!, died[old]!])
      if (d) this.numberOf.set(d.facts.id, docs.length)
      else past.set(docs.length, this.past.get(old)!)
      docs.push(d)
    }
    this.history.dead = dead.slice(drop).map((old) => renumbered[old]!)
    for (const [t, p] of this.terms) {
      p.compact(renumbered)
      if (p.df === 0 && p.size === 0) {
        this.terms.delete(t)
        this.postings[p.id] = undefined
      }
    }
    // Written words whose term no listing holds any more go too, so the word list follows the catalog.
    for (const [w, t] of this.surface) if (!this.terms.has(t)) this.surface.delete(w)
    for (const whole of this.compounds.keys()) if (!this.terms.has(whole)) this.compounds.delete(whole)
    this.sortedSurface = null
    this.serverNumbers.clear()
    this.serverListings = []
    this.table.reset(docs.length)
    docs.forEach((live, n) => {
      const d = live ?? past.get(n)!
      d.server = live ? this.serverOf(d.facts.serverKey, d.facts.id) : this.serverNumberOf(d.facts.serverKey)
      this.table.set(n, d.facts, d.server, times[n]![0])
      if (!live) this.table.clear(n, times[n]![1])
    })
    this.docs = docs
    this.past = past
    this.lengths = lengths
    this.sortedTerms = null
  }
}
