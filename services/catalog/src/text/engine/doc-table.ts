/**
 * What ranking reads of every listing, by listing number, in typed arrays: whether it is live, what the filters
 * test, its server, its trust × lifecycle multiplier (computed once at upsert, not per query) and when it was added
 * and removed (a walk of pages reads the listings of its first page's generation). Scoring tens of
 * thousands of matches then reads a few numbers per listing instead of following an object per listing.
 */
import type { ListingFacts } from './document'
import { scopeFactor, trustAndLifecycleOf } from './priors'

// Bits of `flags`.
export const LIVE = 1
export const HAS_PACKAGE = 2
export const HAS_REMOTE = 4
export const VERIFIED = 8
export const OFFICIAL = 16
/** Scoped to some countries: its prior depends on the countries a query names. */
export const SCOPED = 32
/** Every readiness check for an agent's host passed. */
export const READY = 64

export class DocTable {
  flags = new Uint8Array(1024)
  /** A number per stored category name (`categoryNumber`). */
  category = new Int32Array(1024)
  /** Its server's number, or -1 for a listing with no repository. */
  server = new Int32Array(1024)
  /** Its trust × lifecycle multiplier (priors.ts). */
  trust = new Float64Array(1024)
  /** Its prior for a query naming no country (the most common): trust × lifecycle × scope factor. */
  prior = new Float64Array(1024)
  /** Its id (what ties are broken by), one step away rather than three; a tombstone's stays. */
  ids: string[] = []
  /** The generation it was added at, and removed or replaced at (Infinity while live): see history.ts. */
  born = new Float64Array(1024)
  died = new Float64Array(1024)
  private readonly categories = new Map<string, number>()

  /** Records listing number `n` (live), added at generation `born`. */
  set(n: number, f: ListingFacts, server: number, born: number): void {
    if (n >= this.flags.length) this.grow(Math.max(n + 1, this.flags.length * 2))
    this.flags[n] =
      LIVE |
      (f.hasPackage ? HAS_PACKAGE : 0) |
      (f.hasRemote ? HAS_REMOTE : 0) |
      (f.verified ? VERIFIED : 0) |
      (f.isOfficial ? OFFICIAL : 0) |
      (f.scope.length > 0 ? SCOPED : 0) |
      (f.ready ? READY : 0)
    let c = this.categories.get(f.category)
    if (c === undefined) {
      c = this.categories.size
      this.categories.set(f.category, c)
    }
    this.category[n] = c
    this.ids[n] = f.id
    this.server[n] = server
    this.trust[n] = trustAndLifecycleOf(f)
    this.prior[n] = this.trust[n]! * scopeFactor(f, [])
    this.born[n] = born
    this.died[n] = Number.POSITIVE_INFINITY
  }

  /**
   * Marks listing number `n` gone at generation `died` (a tombstone): no longer live, while what a walk begun before
   * reads of it (filters, server, trust, id) stays until a compaction drops it.
   */
  clear(n: number, died: number): void {
    this.flags[n] = this.flags[n]! & ~LIVE
    this.died[n] = died
  }

  /** The number of a stored category name, or -1 when no listing was ever in it. */
  categoryNumber(name: string): number {
    return this.categories.get(name) ?? -1
  }

  /** Starts again empty, sized for `n` listings (a compaction renumbers them). */
  reset(n: number): void {
    this.ids = []
    this.flags = new Uint8Array(Math.max(1024, n))
    this.category = new Int32Array(this.flags.length)
    this.server = new Int32Array(this.flags.length)
    this.trust = new Float64Array(this.flags.length)
    this.prior = new Float64Array(this.flags.length)
    this.born = new Float64Array(this.flags.length)
    this.died = new Float64Array(this.flags.length)
  }

  private grow(size: number): void {
    this.flags = grown(this.flags, size)
    this.category = grown(this.category, size)
    this.server = grown(this.server, size)
    this.trust = grown(this.trust, size)
    this.prior = grown(this.prior, size)
    this.born = grown(this.born, size)
    this.died = grown(this.died, size)
  }
}

/** A copy of a typed array, longer. */
function grown<T extends Uint8Array | Int32Array | Float64Array>(a: T, size: number): T {
  const out = new (a.constructor as new (n: number) => T)(size)
  out.set(a)
  return out
}
