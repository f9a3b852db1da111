/**
 * `bun bench/judged/exact.ts`: writes bench/judged/exact.json, 40 exact-name queries drawn from
 * ../shared/data/servers.json with a fixed seed, 20 from each source (official-registry, toolsdk-registry).
 * The query is the listing's name exactly as written; the one relevant listing is that listing. A name whose
 * normalised form is a query of ../shared/data/queries.json or of companies.json is not drawn, so that no query
 * text appears twice in the judged sets.
 */
import { loadSharedData } from '@mcp-directory/shared/testing'
import { normalizedQuery, seeded } from '../queries'
import type { Entry, Judged } from './companies'

export const EXACT_SEED = 0xe8ac7
export const PER_SOURCE = 20

export function exactQueries(servers: Entry[], banned: string[], seed = EXACT_SEED): Judged[] {
  const skip = new Set(banned.map(normalizedQuery))
  const random = seeded(seed)
  const out: Judged[] = []
  for (const source of ['official-registry', 'toolsdk-registry']) {
    // Sorted by name first, so that the draw does not depend on the file's order.
    const pool = servers
      .filter((s) => s.source === source && !skip.has(normalizedQuery(s.name)))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    // A partial Fisher-Yates shuffle: the first PER_SOURCE of the pool, drawn without repeats.
    for (let i = 0; i < PER_SOURCE; i++) {
      const j = i + Math.floor(random() * (pool.length - i))
      ;[pool[i], pool[j]] = [pool[j]!, pool[i]!]
      const s = pool[i]!
      out.push({
        id: `e${String(out.length + 1).padStart(2, '0')}`,
        query: s.name,
        type: 'exact',
        relevant: [s.name],
        judged_all_candidates: true,
        note: `Exact name of a ${source} listing, drawn with seed ${EXACT_SEED.toString(16)}.`,
      })
    }
  }
  return out
}

if (import.meta.main) {
  const servers = await loadSharedData<Entry[]>('servers.json')
  const judged = (await loadSharedData<{ query: string }[]>('queries.json')).map((q) => q.query)
  const companies = (await Bun.file(new URL('./companies.json', import.meta.url)).json()) as Judged[]
  const queries = exactQueries(servers, [...judged, ...companies.map((q) => q.query)])
  await Bun.write(new URL('./exact.json', import.meta.url), `${JSON.stringify(queries, null, 2)}\n`)
  console.log(`${queries.length} exact-name queries`)
}
