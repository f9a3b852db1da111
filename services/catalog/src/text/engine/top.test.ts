import { describe, expect, test } from 'bun:test'
import type { TermStore } from './store'
import { mayEnter, offer, pageOf, startPage } from './top'

// A store as the page reads it: ids by listing number.
const storeOf = (ids: string[]) => ({ table: { ids } }) as unknown as TermStore

// What a ranking without the page's shortcut picks: each server's best listing (ties to the lower id), then the
// `limit` first in score-then-id order.
function reference(ids: string[], scores: number[], servers: number[], limit: number): number[] {
  const before = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && ids[a]! < ids[b]!)
  const best = new Map<number, number>()
  const alone: number[] = []
  scores.forEach((_, n) => {
    const s = servers[n]!
    if (s < 0) alone.push(n)
    else if (!best.has(s) || before(n, best.get(s)!)) best.set(s, n)
  })
  return [...alone, ...best.values()].sort((a, b) => (before(a, b) ? -1 : 1)).slice(0, limit)
}

describe('the page of a ranking', () => {
  test('offered listings in any order, it holds the first servers each by its best listing', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    for (let round = 0; round < 300; round++) {
      const count = 1 + Math.floor(random() * 60)
      const ids = Array.from({ length: count }, (_, n) => `id${Math.floor(random() * 1000)}-${n}`)
      // Few distinct scores and servers, so ties and shared servers are common.
      const scores = ids.map(() => Math.floor(random() * 6) / 2)
      const servers = ids.map(() => Math.floor(random() * 12) - 3)
      const limit = 1 + Math.floor(random() * 8)
      startPage(storeOf(ids), limit)
      const order = ids.map((_, n) => n).sort(() => random() - 0.5)
      for (const n of order) if (mayEnter(scores[n]!)) offer(n, scores[n]!, Math.max(-1, servers[n]!))
      const want = reference(
        ids,
        scores,
        servers.map((s) => Math.max(-1, s)),
        limit,
      )
      expect(pageOf().map((h) => h.doc)).toEqual(want)
    }
  })
})
