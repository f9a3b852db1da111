/**
 * A tool query's plan: the terms it asks for (each meaningful word's stem, its curated synonyms, and the near
 * spellings and longer forms the tool store holds, as server search finds them) with their weights and the query
 * word each stands for, and the operations its verbs ask for (actions.ts). Word senses (server search's
 * sense-plan.ts) are left out here: over 150,000 tools they cost more than a query, for little.
 */
import { queryWords, termOf } from '../../text/engine/analyze'
import { editDistance } from '../../text/engine/plan'
import { synonymsOf } from '../../text/engine/synonyms'
import { TUNING } from '../../text/engine/tuning'
import { nearActions, queryActions } from './actions'
import type { ToolStore } from './tool-store'

/** Weight of a curated synonym of a query word. */
const SYNONYM = 0.8
/** How many letters longer than a query word's stem a term it starts may be (longer: another word joined to it). */
const LONGER_BY = 2

/** The terms a query asks for, each with its weight, and the operations its verbs ask for (actions.ts). */
export class ToolPlan extends Map<string, number> {
  actions = 0
  /** Operations near those asked for (actions.ts): a tool doing one of them gets half the bonus. */
  near = 0
  /** Per term, the query word it is a form of (coverage counts words, not forms). */
  readonly slots = new Map<string, number>()

  /** Adds a form of query word `slot` (a form already held keeps its first weight). */
  add(term: string, weight: number, slot: number): void {
    if (this.has(term)) return
    this.set(term, weight)
    this.slots.set(term, slot)
  }
}

/**
 * A query's terms: each meaningful word's stem, and its synonyms' at a lower weight; with the store, also its near
 * spellings and longer forms there.
 */
export function toolPlanOf(q: string | null, store?: ToolStore): ToolPlan {
  const plan = new ToolPlan()
  plan.actions = q ? queryActions(q) : 0
  plan.near = nearActions(plan.actions)
  // A possessive's `s` ("a contact's phone") is no word of its own.
  const words = q ? queryWords(q.replace(/['’]s\b/gi, '')) : []
  words.forEach((word, slot) => {
    plan.add(termOf(word), 1, slot)
    for (const s of synonymsOf(word)) plan.add(termOf(s), SYNONYM, slot)
  })
  if (!store) return plan
  words.forEach((word, slot) => {
    for (const [term, weight] of otherForms(store, word)) plan.add(term, weight, slot)
  })
  return plan
}

/** The store's terms in order (for longer and near forms of a word), and how many terms it held when sorted. */
const sortedTerms = new WeakMap<ToolStore, { terms: string[]; held: number }>()

/**
 * The store's terms that start with `prefix`, in order. The sorted list is made again only once the store holds a
 * sixty-fourth more terms than it did then (a removed term is skipped by its count): listings change all the time,
 * and sorting every term for each query after a change would cost more than the query.
 */
function* termsWithPrefix(store: ToolStore, prefix: string): Generator<string> {
  let sorted = sortedTerms.get(store)
  if (!sorted || Math.abs(store.postings.size - sorted.held) > sorted.held / 64) {
    sorted = { terms: [...store.postings.keys()].sort(), held: store.postings.size }
    sortedTerms.set(store, sorted)
  }
  const terms = sorted.terms
  let lo = 0
  let hi = terms.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (terms[mid]! < prefix) lo = mid + 1
    else hi = mid
  }
  for (let i = lo; i < terms.length && terms[i]!.startsWith(prefix); i++) yield terms[i]!
}

/**
 * A query word's other forms in the tool store, as server search finds them (TUNING.prefix, TUNING.typo): longer
 * terms its stem starts (org → organization, valu → valuation) for a word the store holds rarely, and for a word it
 * does not hold, terms one or two edits away.
 */
function otherForms(store: ToolStore, word: string): Map<string, number> {
  const stem = termOf(word)
  const out = new Map<string, number>()
  const df = (t: string) => store.postings.get(t)?.df ?? 0
  const own = df(stem)
  const { prefix, typo } = TUNING
  if (stem.length >= prefix.minLength && own <= prefix.maxDfShare * store.live) {
    const longer: [string, number][] = []
    for (const t of termsWithPrefix(store, stem))
      if (t !== stem && t.length - stem.length <= LONGER_BY && df(t) > 0)
        longer.push([t, prefix.base + (prefix.span * stem.length) / t.length])
    longer.sort((a, b) => df(b[0]) - df(a[0]) || (a[0] < b[0] ? -1 : 1))
    for (const [t, w] of longer.slice(0, prefix.max)) out.set(t, w)
  }
  if (own === 0 && stem.length >= 4) {
    const budget = stem.length >= 8 ? 2 : 1
    const near: [string, number][] = []
    for (const t of termsWithPrefix(store, stem[0]!)) {
      if (out.has(t) || Math.abs(t.length - stem.length) > budget || df(t) === 0) continue
      const d = editDistance(stem, t, budget)
      if (d <= budget) near.push([t, d])
    }
    near.sort((a, b) => a[1] - b[1] || df(b[0]) - df(a[0]) || (a[0] < b[0] ? -1 : 1))
    for (const [t, d] of near.slice(0, typo.max)) out.set(t, d === 1 ? typo.one : typo.two)
  }
  return out
}
