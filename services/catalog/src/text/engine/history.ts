/**
 * What the index keeps of its past, so that a walk of pages reads the catalog as it was when the walk began (a
 * point in time, as Elasticsearch's PIT): a generation that grows with every change, and the listing versions a
 * change replaced or removed (tombstones) for as long as a walk may still need them. A cursor carries the
 * generation of its first page; its later pages score exactly the versions alive then (born at or before it, dead
 * after it), so facts, trust marks or new listings changing between pages move nothing in its order.
 *
 * Generations are `max(previous + 1, now in ms × 1024)`: exact within a replica, comparable across replicas by time
 * (a replica applies a change within a second of another, so a walk that moves between them reads nearly the same
 * versions). Listing numbers are given in generation order, so the versions born by a generation are a prefix of
 * the numbers (`upto`), and tombstones die in generation order (`dead`, a queue).
 */
import type { OrderFacts } from './document'

export interface HistoryOptions {
  /** How long a tombstone or a replaced order is kept for the walks that began before it (ms). */
  keepMs: number
  /** Tombstones kept at most: this many, or a quarter of the live listings when more (the memory they may hold). */
  keptAtLeast: number
  /** Expired tombstones a compaction waits for (and a quarter of the live listings). */
  compactAfter: number
}

// Ten minutes: an agent or a person walking pages reads the next one within seconds; a walk left longer starts
// again. At most 1,000 tombstones, or a quarter of the live listings: the bound there was before a walk read them
// (a compaction came after that many), so the index takes no more memory than it did. A burst that replaces more
// (a whole re-import) ends the walks begun before it: they start again.
export const HISTORY: HistoryOptions = { keepMs: 10 * 60_000, keptAtLeast: 1000, compactAfter: 1000 }

/** The versions a cursor page reads: those born at or before `g` (listing numbers below `upto`) and dead after it. */
export interface PointInTime {
  g: number
  upto: number
}

/** An order a listing had until generation `until` (exclusive), kept for the walks that began before. */
export interface PastOrder {
  until: number
  order: OrderFacts
}

// Orders kept per listing version: its installs counted at every flush (5 s) for a minute and more; dropping an
// older one ends the walks begun before it. Only a change of order is kept (views change no order).
const ORDERS_KEPT = 64

/** Generations far ahead of this replica's clock are not ones a replica made. */
const AHEAD_MS = 60_000

export class History {
  /** The generation of the latest change. */
  gen = 0
  /** Walks that began before this generation may miss versions a compaction dropped: their cursors are refused. */
  horizon = 0
  /** Tombstones' listing numbers, in the order they died. */
  dead: number[] = []

  constructor(readonly options: HistoryOptions = HISTORY) {}

  /** The generation of a new change; an index knows nothing of the catalog before its first. */
  next(): number {
    if (this.gen === 0) this.horizon = Math.max(1, Date.now() * 1024)
    this.gen = Math.max(this.gen + 1, Date.now() * 1024)
    return this.gen
  }

  /** The first generation kept: changes older than the window are history a walk may no longer read. */
  private cutoff(): number {
    return (Date.now() - this.options.keepMs) * 1024
  }

  /** A cursor's generation can be read here; one of another replica ahead of this one moves this one's on. */
  readable(g: number): boolean {
    if (!Number.isSafeInteger(g) || g < 0 || g > (Date.now() + AHEAD_MS) * 1024) return false
    if (g > this.gen) this.gen = g
    return true
  }

  /** How many of the oldest tombstones a compaction drops now (a prefix of `dead`), or 0 when it is not yet time. */
  toDrop(died: Float64Array, live: number): number {
    const { dead } = this
    const cutoff = this.cutoff()
    let lo = 0
    let hi = dead.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (died[dead[mid]!]! <= cutoff) lo = mid + 1
      else hi = mid
    }
    const cap = Math.max(this.options.keptAtLeast, live >> 2)
    // Over the cap, the oldest young ones go too, down to half of it (so compactions stay rare).
    if (dead.length > cap) return Math.max(lo, dead.length - (cap >> 1))
    return lo > this.options.compactAfter && lo > live / 4 ? lo : 0
  }

  /** Records that the tombstones up to `died` were dropped. */
  dropped(died: number): void {
    if (died > this.horizon) this.horizon = died
  }

  /** A listing's order at generation `g`, from its current order and the ones it replaced. */
  static orderAt(current: OrderFacts, past: readonly PastOrder[] | undefined, g: number): OrderFacts {
    if (past) for (const p of past) if (g < p.until) return p.order
    return current
  }

  /** The orders to keep after `order` was replaced at generation `until`: the young ones, a bounded few. */
  keepOrder(past: PastOrder[] | undefined, order: OrderFacts, until: number): PastOrder[] {
    const cutoff = this.cutoff()
    const kept = (past ?? []).filter((p) => {
      if (p.until > cutoff) return true
      this.dropped(p.until)
      return false
    })
    kept.push({ until, order })
    while (kept.length > ORDERS_KEPT) this.dropped(kept.shift()!.until)
    return kept
  }
}

/** The number of versions born at or before `g`: listing numbers are given in generation order. */
export function bornBy(born: Float64Array, count: number, g: number): number {
  let lo = 0
  let hi = count
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (born[mid]! <= g) lo = mid + 1
    else hi = mid
  }
  return lo
}
