/**
 * A truncated SVD of a sparse symmetric matrix by randomized range finding (Halko, Martinsson and Tropp 2011):
 * a random block multiplied by the matrix, a few power iterations, then an exact eigendecomposition of the small
 * projected matrix. Seeded, and every sum runs in a fixed order, so the same matrix gives the same vectors bit for bit.
 */

/** A square sparse matrix in compressed rows: row i's entries are `cols`/`vals` from `rowStart[i]` to `rowStart[i+1]`. */
export interface Sparse {
  n: number
  rowStart: Int32Array
  cols: Int32Array
  vals: Float32Array
}

/** A dense block of `width` columns of length n, column after column. */
type Block = Float64Array

/** A small seeded generator (mulberry32): the same random block on every replica. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5
  }
}

/** The matrix times a block. */
function times(m: Sparse, x: Block, width: number): Block {
  const { n, rowStart, cols, vals } = m
  const y = new Float64Array(n * width)
  for (let c = 0; c < width; c++) {
    const off = c * n
    for (let i = 0; i < n; i++) {
      let s = 0
      for (let k = rowStart[i]!; k < rowStart[i + 1]!; k++) s += vals[k]! * x[off + cols[k]!]!
      y[off + i] = s
    }
  }
  return y
}

/** Orthonormal columns in place (modified Gram-Schmidt, twice: one pass loses orthogonality in floating point). */
function orthonormalise(x: Block, n: number, width: number): void {
  for (let pass = 0; pass < 2; pass++)
    for (let c = 0; c < width; c++) {
      const oc = c * n
      for (let p = 0; p < c; p++) {
        const op = p * n
        let dot = 0
        for (let i = 0; i < n; i++) dot += x[oc + i]! * x[op + i]!
        for (let i = 0; i < n; i++) x[oc + i]! -= dot * x[op + i]!
      }
      let norm = 0
      for (let i = 0; i < n; i++) norm += x[oc + i]! * x[oc + i]!
      norm = Math.sqrt(norm) || 1
      for (let i = 0; i < n; i++) x[oc + i]! /= norm
    }
}

/** Eigenvalues and eigenvectors (columns of a w×w row-major matrix) of a small symmetric matrix, by cyclic Jacobi. */
function jacobi(a: Float64Array, w: number): { values: Float64Array; vectors: Float64Array } {
  const v = new Float64Array(w * w)
  for (let i = 0; i < w; i++) v[i * w + i] = 1
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0
    for (let p = 0; p < w; p++) for (let q = p + 1; q < w; q++) off += a[p * w + q]! ** 2
    if (off < 1e-22) break
    for (let p = 0; p < w; p++)
      for (let q = p + 1; q < w; q++) {
        const apq = a[p * w + q]!
        if (Math.abs(apq) < 1e-300) continue
        const theta = (a[q * w + q]! - a[p * w + p]!) / (2 * apq)
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1))
        const c = 1 / Math.sqrt(t * t + 1)
        const s = t * c
        for (let k = 0; k < w; k++) {
          const akp = a[k * w + p]!
          const akq = a[k * w + q]!
          a[k * w + p] = c * akp - s * akq
          a[k * w + q] = s * akp + c * akq
        }
        for (let k = 0; k < w; k++) {
          const apk = a[p * w + k]!
          const aqk = a[q * w + k]!
          a[p * w + k] = c * apk - s * aqk
          a[q * w + k] = s * apk + c * aqk
        }
        for (let k = 0; k < w; k++) {
          const vkp = v[k * w + p]!
          const vkq = v[k * w + q]!
          v[k * w + p] = c * vkp - s * vkq
          v[k * w + q] = s * vkp + c * vkq
        }
      }
  }
  const values = new Float64Array(w)
  for (let i = 0; i < w; i++) values[i] = a[i * w + i]!
  return { values, vectors: v }
}

/**
 * The `rank` leading singular vectors of a symmetric sparse matrix, each scaled by its singular value to the power
 * `power` (0.5 is the usual weighting of word vectors): row i of the answer (`rank` numbers from i × rank) is item i.
 */
export function truncatedSvd(m: Sparse, rank: number, power: number, iterations = 2, seed = 1): Float32Array {
  const { n } = m
  const width = Math.min(n, rank + 10)
  const next = random(seed)
  let q: Block = new Float64Array(n * width)
  for (let i = 0; i < q.length; i++) q[i] = next()
  q = times(m, q, width)
  orthonormalise(q, n, width)
  for (let it = 0; it < iterations; it++) {
    q = times(m, q, width)
    orthonormalise(q, n, width)
  }
  // The matrix is symmetric: B = Qᵀ M has Bᵀ = M Q, and B Bᵀ = (M Q)ᵀ (M Q) holds the squared singular values.
  const mq = times(m, q, width)
  const gram = new Float64Array(width * width)
  for (let a = 0; a < width; a++)
    for (let b = a; b < width; b++) {
      let s = 0
      for (let i = 0; i < n; i++) s += mq[a * n + i]! * mq[b * n + i]!
      gram[a * width + b] = s
      gram[b * width + a] = s
    }
  const { values, vectors } = jacobi(gram, width)
  const order = [...values.keys()].sort((x, y) => values[y]! - values[x]! || x - y).slice(0, Math.min(rank, width))
  const out = new Float32Array(n * rank)
  order.forEach((e, r) => {
    const scale = Math.max(0, values[e]!) ** (power / 2)
    // U = Q × (eigenvector e of B Bᵀ).
    for (let i = 0; i < n; i++) {
      let s = 0
      for (let c = 0; c < width; c++) s += q[c * n + i]! * vectors[c * width + e]!
      out[i * rank + r] = s * scale
    }
  })
  return out
}
