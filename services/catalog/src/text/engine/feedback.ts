// Pseudo-relevance feedback: the terms the best first-pass matches share, added to a query's plan.
import { idfOf, type Plan } from './plan'
import type { Postings, TermStore } from './store'
import { TUNING } from './tuning'

/**
 * Pseudo-relevance feedback: terms that several of the best first-pass matches share (and that are not common
 * across the catalog) join the plan with a small weight, so a query describing a need reaches listings that use
 * other words for it.
 */
export function withFeedback(store: TermStore, plan: Plan, best: number[]): Plan {
  const { feedback } = TUNING
  if ((feedback.terms as number) === 0) return plan
  if (shares.length < store.postingsMade) {
    shares = new Int32Array(Math.max(store.postingsMade * 2, 1024))
    touchedIds = new Int32Array(shares.length)
  }
  // Locals, not the module's bindings, in the loops below.
  const counts = shares
  const touched = touchedIds
  // The plan's own terms are marked -1 (never counted); the others count the best listings holding them.
  const asked: Postings[] = []
  for (const t of plan.terms) {
    const p = store.terms.get(t.term)
    if (p && counts[p.id] === 0) asked.push(p)
    if (p) counts[p.id] = -1
  }
  let touchedCount = 0
  const docs = Math.min(feedback.docs, best.length)
  for (let b = 0; b < docs; b++) {
    const about = store.docs[best[b]!]?.about
    // An index loop: iterating a typed array with for…of takes the iterator's slow path here.
    for (let i = 0; about && i < about.length; i++) {
      const id = about[i]!
      const c = counts[id]!
      if (c < 0) continue
      if (c === 0) touched[touchedCount++] = id
      counts[id] = c + 1
    }
  }
  for (const p of asked) counts[p.id] = 0
  const n = store.live
  // The best `feedback.terms` by count × idf (ties by term), kept in order as they come: no list of every candidate
  // made and sorted.
  const picked: { p: Postings; c: number; s: number; idf: number }[] = []
  const comesFirst = (s: number, t: string, o: { p: Postings; s: number }) => s > o.s || (s === o.s && t < o.p.term)
  for (let k = 0; k < touchedCount; k++) {
    const id = touched[k]!
    const c = counts[id]!
    counts[id] = 0
    if (c < feedback.minShared) continue
    const p = store.postings[id]!
    if (p.df < 2 || p.df > feedback.maxDfShare * n) continue
    const idf = idfOf(p.df, n)
    const s = c * idf
    if (picked.length === feedback.terms && !comesFirst(s, p.term, picked[picked.length - 1]!)) continue
    // Inserted in place (no splice): the last falls off a full list.
    const entry = { p, c, s, idf }
    let i = picked.length < feedback.terms ? picked.length : picked.length - 1
    if (i === picked.length) picked.push(entry)
    while (i > 0 && comesFirst(s, p.term, picked[i - 1]!)) {
      picked[i] = picked[i - 1]!
      i--
    }
    picked[i] = entry
  }
  if (!picked.length) return plan
  return {
    ...plan,
    terms: [
      ...plan.terms,
      ...picked.map(({ p, c, idf }) => ({ slot: -1, term: p.term, weight: (feedback.weight * c) / docs, idf })),
    ],
  }
}

// Per postings id: how many of the best listings hold the term, -1 for a term the plan asks (scratch, zeroed after
// each use; scoring never awaits).
let shares = new Int32Array(1024)
// The postings ids counted, in the order first counted (scratch).
let touchedIds = new Int32Array(1024)
