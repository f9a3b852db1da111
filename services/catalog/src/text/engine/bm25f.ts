// BM25F over a listing's fields (each with its own weight and length normalisation), for one plan at a time.
import { FIELD_COUNT } from './document'
import { TUNING } from './tuning'

// Per field its weight, 1 - b, and b over the average length of the plan being scored.
const W = Float64Array.from(TUNING.fieldWeights)
const ONE_MINUS_B = Float64Array.from(TUNING.fieldB, (b) => 1 - b)
const norm = new Float64Array(FIELD_COUNT)
const K1 = TUNING.k1

/** Sets the average field lengths of the plan about to be scored (a cursor's plan keeps those of its first page). */
export function useAverages(avg: number[]): void {
  for (let f = 0; f < FIELD_COUNT; f++) norm[f] = TUNING.fieldB[f]! / avg[f]!
}

/** BM25F of one term's packed per-field counts (4 bits a field) in listing `d` of field lengths `lengths`. */
export function contribution(packed: number, d: number, lengths: Uint16Array): number {
  let pseudo = 0
  const base = d * FIELD_COUNT
  // Only the fields the term is in (their bits set), lowest first, as a loop over every field would add them.
  for (let rest = packed; rest !== 0; ) {
    const f = (31 - Math.clz32(rest & -rest)) >>> 2
    const tf = (rest >>> (f * 4)) & 15
    rest &= ~(15 << (f * 4))
    pseudo += (W[f]! * tf) / (ONE_MINUS_B[f]! + norm[f]! * lengths[base + f]!)
  }
  return (pseudo * (K1 + 1)) / (K1 + pseudo)
}
