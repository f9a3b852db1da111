/**
 * `bun bench/categories/measure.ts`: how many listings of ../shared/data/servers.json land in Other before and after
 * the category guess reads titles (the data carries no tools or READMEs, so those parts of the rule are not
 * exercised here), and the precision of the guesses judged by hand in judged.json.
 */
import { categorize } from '@mcp-directory/shared/categories'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { drawSample, type Entry, evidenceOf } from './sample'

/** One judged guess: `right`, `acceptable` (defensible, a better one exists) or `wrong` (with the better one). */
export interface Judged {
  name: string
  guess: string
  verdict: 'right' | 'acceptable' | 'wrong'
  better?: string
  why?: string
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`

if (import.meta.main) {
  const servers = await loadSharedData<Entry[]>('servers.json')
  // The rule reading the name and description only, as it did before it read titles (and tools and READMEs).
  const before = servers.filter(
    (e) => categorize(e.category, { name: e.name, description: e.description }).category.slug === 'other',
  )
  const after = servers.map((e) => ({ e, c: categorize(e.category, evidenceOf(e)) }))
  const other = after.filter(({ c }) => c.category.slug === 'other')
  const guessed = after.filter(({ c }) => c.guessed)
  console.log(`listings: ${servers.length}; no usable category given: ${guessed.length}`)
  console.log(`Other, name and description only: ${before.length} (${pct(before.length, servers.length)})`)
  console.log(`Other, with titles too:           ${other.length} (${pct(other.length, servers.length)})`)
  const judged = (await Bun.file(new URL('judged.json', import.meta.url)).json()) as Judged[]
  // The judgements hold for the sample the current rule draws; a changed rule needs a new sample judged.
  const drawn = drawSample(servers)
  const stale = judged.filter((j, i) => drawn[i]?.name !== j.name || drawn[i]?.guess !== j.guess)
  const right = judged.filter((j) => j.verdict === 'right').length
  const acceptable = judged.filter((j) => j.verdict === 'acceptable').length
  console.log(
    `judged guesses: ${judged.length}; right ${right}, acceptable ${acceptable}, wrong ${judged.length - right - acceptable}`,
  )
  console.log(
    `precision: strict ${pct(right, judged.length)}, with acceptable ${pct(right + acceptable, judged.length)}`,
  )
  if (stale.length)
    console.log(`STALE: ${stale.length} judged entries no longer match the drawn sample; judge a new one`)
}
