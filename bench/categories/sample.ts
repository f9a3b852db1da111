/**
 * `bun bench/categories/sample.ts`: draws, with a fixed seed, the listings of ../shared/data/servers.json whose
 * category the catalog guesses (no usable category given) and guesses as something other than Other, and prints
 * them for judging by hand. It prints no totals: the sample is judged before any aggregate is looked at.
 */
import { categorize } from '@mcp-directory/shared/categories'
import { loadSharedData } from '@mcp-directory/shared/testing'

export const SAMPLE_SEED = 0xca7e9
export const SAMPLE_SIZE = 70

export interface Entry {
  name: string
  title?: string
  description: string
  category?: string
  source: string
}

/** What an import of the entry knows of it (no tools or README yet: the data has neither). */
export const evidenceOf = (e: Entry) => ({ name: e.name, title: e.title, description: e.description })

/**
 * The guessed, not-Other listings drawn: those whose seeded hash of the name is lowest. A change of the rule moves
 * only the listings whose guess it changes in or out of the sample, so the rest keep their judgement.
 */
export function drawSample(servers: Entry[], seed = SAMPLE_SEED, size = SAMPLE_SIZE) {
  const rank = (name: string) => Bun.hash.wyhash(name, BigInt(seed))
  const pool = servers
    .map((e) => ({ e, c: categorize(e.category, evidenceOf(e)), r: rank(e.name) }))
    .filter(({ c }) => c.guessed && c.category.slug !== 'other')
    .sort((a, b) => (a.r < b.r ? -1 : a.r > b.r ? 1 : 0))
  const n = Math.min(size, pool.length)
  return pool.slice(0, n).map(({ e, c }) => ({
    name: e.name,
    title: e.title ?? null,
    description: e.description.slice(0, 400),
    given: e.category ?? null,
    guess: c.category.slug,
  }))
}

if (import.meta.main) {
  const servers = await loadSharedData<Entry[]>('servers.json')
  for (const s of drawSample(servers)) console.log(JSON.stringify(s))
}
