/**
 * Word vectors learnt from the catalog's own text, without a model: the positive PMI of two terms appearing in the
 * same listing (its name, title, description and tags), reduced by a truncated SVD. A listing's vector is the sum
 * of its terms' vectors, so a listing can be near a query in meaning while sharing only some of its words.
 */
import type { Postings, StoredDoc, TermStore } from './store'
import { type Sparse, truncatedSvd } from './svd'
import { TUNING } from './tuning'

/** The vectors of one build of the catalog. */
export interface WordVectors {
  /** The vocabulary's terms, by position. */
  terms: string[]
  /** Unit vector per term id in the vocabulary (`dim` numbers from id × dim). */
  words: Float32Array
  /** Vocabulary position per postings id (-1: not in the vocabulary). */
  position: Int32Array
  /** Each term's idf when built, by vocabulary position (what a listing's and a query's vectors weigh words by). */
  weight: Float32Array
  dim: number
}

/** Terms found in enough listings to have a vector, and each listing's terms among them (by vocabulary position). */
function vocabularyOf(store: TermStore): { terms: Postings[]; position: Int32Array; docs: Int32Array[] } {
  const v = TUNING.vectors
  const n = store.live
  const terms = [...store.terms.values()]
    .filter((p) => p.df >= v.minDf && p.df <= v.maxDfShare * n)
    .sort((a, b) => (a.term < b.term ? -1 : 1))
  // Only terms a listing's own words give (name, title, description, tags) qualify.
  const position = new Int32Array(store.postingsMade).fill(-1)
  terms.forEach((p, i) => {
    position[p.id] = i
  })
  const docs: Int32Array[] = []
  for (const d of store.docs) {
    if (!d) continue
    const held = d.about.map((p) => position[p.id]!).filter((i) => i >= 0)
    docs.push(Int32Array.from(held).sort())
  }
  return { terms, position, docs }
}

/** Positive PMI of every pair of vocabulary terms found in the same listing, as a sparse symmetric matrix. */
function ppmiOf(size: number, docs: Int32Array[]): Sparse {
  // Listings of each term (counting sort: no map, bounded memory).
  const start = new Int32Array(size + 1)
  for (const held of docs) for (const i of held) start[i + 1]!++
  for (let i = 0; i < size; i++) start[i + 1]! += start[i]!
  const fill = start.slice(0, size)
  const listings = new Int32Array(start[size]!)
  docs.forEach((held, d) => {
    for (const i of held) listings[fill[i]!++] = d
  })
  // Co-occurrence counts row by row, in a dense scratch row (zeroed after each).
  const counts = new Int32Array(size)
  const rowStart = new Int32Array(size + 1)
  const cols: number[] = []
  const raw: number[] = []
  for (let i = 0; i < size; i++) {
    const touched: number[] = []
    for (let k = start[i]!; k < start[i + 1]!; k++)
      for (const j of docs[listings[k]!]!) {
        if (j === i) continue
        if (counts[j] === 0) touched.push(j)
        counts[j]!++
      }
    touched.sort((a, b) => a - b)
    for (const j of touched) {
      cols.push(j)
      raw.push(counts[j]!)
      counts[j] = 0
    }
    rowStart[i + 1] = cols.length
  }
  return weigh({ n: size, rowStart, cols: Int32Array.from(cols), vals: Float32Array.from(raw) })
}

/**
 * Counts to positive PMI, each term's count smoothed (raised to a power below 1) on both sides, so the matrix stays
 * symmetric and pairs of rare terms do not dominate.
 */
function weigh(m: Sparse): Sparse {
  const { n, rowStart, vals, cols } = m
  const row = new Float64Array(n)
  let total = 0
  for (let i = 0; i < n; i++) {
    for (let k = rowStart[i]!; k < rowStart[i + 1]!; k++) row[i]! += vals[k]!
    total += row[i]!
  }
  let smoothTotal = 0
  const smooth = row.map((r) => r ** TUNING.vectors.smoothing)
  for (const s of smooth) smoothTotal += s
  for (let i = 0; i < n; i++)
    for (let k = rowStart[i]!; k < rowStart[i + 1]!; k++) {
      const j = cols[k]!
      const pmi = Math.log(vals[k]! / total / ((smooth[i]! / smoothTotal) * (smooth[j]! / smoothTotal)))
      vals[k] = Math.max(0, pmi)
    }
  return m
}

/** Builds the word vectors of the index as it is now (null when it holds too few terms to learn from). */
export function buildVectors(store: TermStore): WordVectors | null {
  const v = TUNING.vectors
  const { terms, position, docs } = vocabularyOf(store)
  if (terms.length < 4 * v.dim) return null
  const matrix = ppmiOf(terms.length, docs)
  const words = truncatedSvd(matrix, v.dim, v.power, v.iterations)
  const dim = v.dim
  for (let i = 0; i < terms.length; i++) normalise(words, i * dim, dim)
  const n = store.live
  const weight = Float32Array.from(terms, (p) => Math.log(n / p.df))
  return { terms: terms.map((p) => p.term), words, position, weight, dim }
}

function normalise(x: Float32Array, off: number, dim: number): void {
  let s = 0
  for (let k = 0; k < dim; k++) s += x[off + k]! ** 2
  const norm = Math.sqrt(s)
  if (norm > 0) for (let k = 0; k < dim; k++) x[off + k]! /= norm
}

/** The unit vector of a set of terms (each by its idf), or null when none has a vector. */
export function vectorOf(model: WordVectors, terms: readonly Postings[]): Float32Array | null {
  const { dim, words, position, weight } = model
  const out = new Float32Array(dim)
  let any = false
  for (const p of terms) {
    const i = p.id < position.length ? position[p.id]! : -1
    if (i < 0) continue
    any = true
    const w = weight[i]!
    for (let k = 0; k < dim; k++) out[k]! += w * words[i * dim + k]!
  }
  if (!any) return null
  normalise(out, 0, dim)
  return out
}

/** A listing's meaning under the current word vectors, computed once per listing and build. */
export function meaningOf(model: WordVectors, doc: StoredDoc): Float32Array | null {
  if (doc.meaningOf !== model) {
    doc.meaning = vectorOf(model, doc.about)
    doc.meaningOf = model
  }
  return doc.meaning ?? null
}

/** The cosine of two unit vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let s = 0
  for (let k = 0; k < a.length; k++) s += a[k]! * b[k]!
  return s
}
