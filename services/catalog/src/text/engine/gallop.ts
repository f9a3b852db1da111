// Galloping through a term's postings (listing numbers in increasing order): doubling steps, then halving, so looking
// each of a few matched listings up costs about the matches, not the term. And the prefix look-up in a sorted list.

/**
 * A term with `ratio` times more listings than the query words matched is looked up per matched listing (galloping
 * through its postings) rather than scanned whole. Both ways add the same sums; tests set the ratio to compare them.
 */
export const GALLOP = { ratio: 8 }

/** The first entry at or after `from` of postings `data` (`size` pairs) whose listing is at least `d`. */
export function seek(data: Uint32Array, size: number, from: number, d: number): number {
  if (from >= size || data[from * 2]! >= d) return from
  // Doubling steps from `from`, then halving between the last two.
  let lo = from
  let step = 1
  while (lo + step < size && data[(lo + step) * 2]! < d) {
    lo += step
    step *= 2
  }
  let hi = Math.min(lo + step, size)
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1
    if (data[mid * 2]! < d) lo = mid
    else hi = mid
  }
  return hi
}

/** The strings of a sorted list that start with `prefix`. */
export function startingWith(sorted: string[], prefix: string): string[] {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid]! < prefix) lo = mid + 1
    else hi = mid
  }
  const out: string[] = []
  for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!)
  return out
}
