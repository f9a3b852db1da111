/**
 * The listings one term occurs in, in a typed array: a listing number and its per-field counts packed into one
 * 32-bit word each, so 50k listings take tens of megabytes.
 */
/** Per-field counts of a term in one listing: 4 bits per field (a count above 15 counts as 15). */
export const TF_BITS = 4
export const TF_MAX = (1 << TF_BITS) - 1

/**
 * The listings one term occurs in: listing numbers and their packed per-field counts, interleaved in one typed array
 * (one allocation per term).
 */
export class Postings {
  /** `id`: a number of its own in its store, never reused (tables keyed by term index by it). */
  constructor(
    readonly term: string,
    readonly id: number,
  ) {}
  /** [doc, packed counts, doc, packed counts, …] in increasing listing number; `size` pairs are used. */
  data = new Uint32Array(2)
  size = 0
  /** Live listings containing the term (tombstones excluded). */
  df = 0

  push(doc: number, packed: number): void {
    if (this.size * 2 === this.data.length) {
      const grown = new Uint32Array(this.data.length * 2)
      grown.set(this.data)
      this.data = grown
    }
    this.data[this.size * 2] = doc
    this.data[this.size * 2 + 1] = packed
    this.size++
  }

  /** Drops the entries of listings that are gone and renumbers the rest (`renumbered[old]`, -1 when gone). */
  compact(renumbered: Int32Array): void {
    let w = 0
    for (let r = 0; r < this.size; r++) {
      const doc = renumbered[this.data[r * 2]!]!
      if (doc >= 0) {
        this.data[w * 2] = doc
        this.data[w * 2 + 1] = this.data[r * 2 + 1]!
        w++
      }
    }
    this.size = w
    this.data = this.data.slice(0, Math.max(2, w * 2))
  }
}

/** The count of field `f` in a packed per-field word. */
export const tfIn = (packed: number, f: number) => (packed >>> (f * TF_BITS)) & TF_MAX
