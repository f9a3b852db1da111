/**
 * Tools without query words, in their servers' trust order (ties by server id, then tool name, the key every tool
 * search orders equal scores by): servers walked in that order, each one's tools kept sorted by name, so a page
 * reads only as far as it shows, and a cursor skips whole servers. The servers' order is sorted again only after
 * the store changed.
 */
import { filtersOn, keyOf, serverKeeps, type ToolCursor, type ToolFilters, type ToolPage, toolKeeps } from './filters'
import type { ToolStore } from './tool-store'

const orders = new WeakMap<ToolStore, { version: number; slots: number[] }>()

/** Server slots holding tools, by trust (highest first), then id. */
function orderOf(store: ToolStore): number[] {
  const kept = orders.get(store)
  if (kept?.version === store.version) return kept.slots
  const slots = [...store.slots.values()]
  const facts = (slot: number) => store.servers[slot]!.facts
  slots.sort((a, b) => facts(b).trust - facts(a).trust || (facts(a).id < facts(b).id ? -1 : 1))
  orders.set(store, { version: store.version, slots })
  return slots
}

/** One page of tools in trust order, filtered, after `after`. */
export function browseTools(store: ToolStore, filters: ToolFilters, limit: number, after: ToolCursor | null): ToolPage {
  const on = filtersOn(filters)
  const [afterId, afterName] = after ? after.k.split('\u0000') : []
  // Unfiltered, every tool counts and the walk ends with the page.
  let total = on.tools || on.servers ? 0 : store.live
  const hits: number[] = []
  for (const slot of orderOf(store)) {
    if (!total && hits.length > limit && !(on.tools || on.servers)) break
    const { facts, docs } = store.servers[slot]!
    if (on.servers && !serverKeeps(facts, filters)) continue
    const before = after && (facts.trust > after.s || (facts.trust === after.s && facts.id < afterId!))
    const same = after && facts.trust === after.s && facts.id === afterId
    for (const d of docs) {
      if (on.tools && !toolKeeps(store, d, filters)) continue
      if (on.tools || on.servers) total++
      else if (hits.length > limit) break
      if (before || (same && store.names[d]! <= afterName!) || hits.length > limit) continue
      hits.push(d)
    }
  }
  const more = hits.length > limit
  const page = hits.slice(0, limit)
  const last = page.at(-1)
  return {
    total,
    hits: page,
    next: more && last !== undefined ? { s: store.factsOf(last).trust, k: keyOf(store, last) } : null,
  }
}
