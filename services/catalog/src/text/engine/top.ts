/**
 * The first `limit` listings in score-then-id order (higher score first, then lower id), kept in typed arrays while a
 * ranking offers every matched server: no object per candidate, and a listing's id is read only to break a tie.
 * Offered with its server, a listing replaces a worse one of the same server (one listing per server). One ranking
 * at a time uses it (scoring never awaits).
 */
import type { TermStore } from './store'

let docs = new Int32Array(128)
let scores = new Float64Array(128)
let servers = new Int32Array(128)
let size = 0
let capacity = 0
let idOf: (n: number) => string = () => ''

/** Starts an empty page of at most `limit` listings of `store`. */
export function startPage(store: TermStore, limit: number): void {
  if (docs.length < limit) {
    docs = new Int32Array(limit * 2)
    scores = new Float64Array(limit * 2)
    servers = new Int32Array(limit * 2)
  }
  size = 0
  capacity = limit
  const { ids } = store.table
  idOf = (n) => ids[n]!
}

/** Whether listing `a` of score `sa` comes before listing `b` of score `sb`. */
const before = (a: number, sa: number, b: number, sb: number) => sa > sb || (sa === sb && idOf(a) < idOf(b))

/** Whether a listing of this score could enter the page (false: it would be dropped whatever its id). */
export const mayEnter = (score: number) => size < capacity || score >= scores[capacity - 1]!

/**
 * Offers listing `n` of score `score` and server `server` (-1: none) to the page. A server's listings may come in
 * any order: the page then holds the first `limit` servers, each by its best listing, as if each had been offered
 * only its best (a server's listing pushed out never comes back: a better one of it would have been after it too).
 */
export function offer(n: number, score: number, server: number): void {
  // Not before the last of a full page: not before its server's listing on it either (a tie of equal scores, the
  // most common offer over many alike listings, ends here).
  if (size === capacity && !before(n, score, docs[size - 1]!, scores[size - 1]!)) return
  if (server >= 0)
    for (let i = 0; i < size; i++) {
      if (servers[i] !== server) continue
      if (!before(n, score, docs[i]!, scores[i]!)) return
      // Its server's worse listing leaves; the better one is placed below.
      for (let j = i + 1; j < size; j++) {
        docs[j - 1] = docs[j]!
        scores[j - 1] = scores[j]!
        servers[j - 1] = servers[j]!
      }
      size--
      break
    }
  let i = size === capacity ? size - 1 : size
  while (i > 0 && before(n, score, docs[i - 1]!, scores[i - 1]!)) {
    docs[i] = docs[i - 1]!
    scores[i] = scores[i - 1]!
    servers[i] = servers[i - 1]!
    i--
  }
  docs[i] = n
  scores[i] = score
  servers[i] = server
  if (size < capacity) size++
}

/** The page's listings and scores, in order. */
export function pageOf(): { doc: number; score: number }[] {
  const out: { doc: number; score: number }[] = []
  for (let i = 0; i < size; i++) out.push({ doc: docs[i]!, score: scores[i]! })
  return out
}
