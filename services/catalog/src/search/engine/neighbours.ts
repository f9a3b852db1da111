/**
 * Query expansion by meaning: the terms whose word vectors (vectors.ts) are nearest the query's join the plan at a
 * low weight. Like feedback terms they only reorder the listings a query word matched, so `total` is unchanged.
 */
import { idfOf, type Plan, type PlanTerm } from './plan'
import type { TermStore } from './store'
import { TUNING } from './tuning'
import { vectorOf } from './vectors'

/** The plan with the terms nearest its words' meaning added (none when the vectors are off or not built). */
export function withNeighbours(store: TermStore, plan: Plan): Plan {
  const model = store.vectors
  const v = TUNING.vectors
  if (!model || v.expand === 0) return plan
  // Only words the index holds as typed: a typo's guessed form would guess twice.
  const own = plan.terms.filter((t) => t.slot >= 0 && t.weight === 1 && !t.term.includes(' '))
  const query = vectorOf(
    model,
    own.flatMap((t) => store.terms.get(t.term) ?? []),
  )
  if (!query) return plan
  const asked = new Set(plan.terms.map((t) => t.term))
  const { dim, words, terms } = model
  const near: { term: string; cos: number }[] = []
  for (let i = 0; i < terms.length; i++) {
    let cos = 0
    for (let k = 0; k < dim; k++) cos += query[k]! * words[i * dim + k]!
    if (cos >= v.minCosine && !asked.has(terms[i]!)) near.push({ term: terms[i]!, cos })
  }
  near.sort((x, y) => y.cos - x.cos || (x.term < y.term ? -1 : 1))
  const n = store.live
  const extra: PlanTerm[] = []
  for (const { term, cos } of near) {
    const p = store.terms.get(term)
    if (!p || p.df === 0) continue
    extra.push({ slot: -1, term, weight: v.expandWeight * cos, idf: idfOf(p.df, n) })
    if (extra.length === v.expand) break
  }
  return extra.length ? { ...plan, terms: [...plan.terms, ...extra] } : plan
}
