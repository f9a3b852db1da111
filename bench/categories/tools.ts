/**
 * `bun bench/categories/tools.ts <packages-list.json> [--sample]`: what the tools a server offers add to the guess.
 * servers.json carries no tool lists; the ToolSDK registry's index (`indexes/packages-list.json` of
 * toolsdk-ai/awesome-mcp-registry at the commit servers.json names) lists the tools of the entries it validated.
 * Read in place, never copied. Prints how many of those entries land in Other without and with their tools; with
 * `--sample`, only the listings the tools took out of Other (drawn as in sample.ts) for judging, and no totals.
 */
import { categorize } from '@mcp-directory/shared/categories'
import { loadSharedData } from '@mcp-directory/shared/testing'
import type { Judged } from './measure'
import { type Entry, evidenceOf, SAMPLE_SEED } from './sample'

type Index = Record<string, { tools?: Record<string, { name: string; description?: string }> }>

export const TOOLS_SAMPLE_SIZE = 40

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`

const [indexPath, flag] = Bun.argv.slice(2)
if (!indexPath) throw new Error('usage: bun bench/categories/tools.ts <packages-list.json> [--sample]')
const index = (await Bun.file(indexPath).json()) as Index
const servers = await loadSharedData<Entry[]>('servers.json')
const rows = servers.flatMap((e) => {
  const tools = Object.values(index[e.name]?.tools ?? {})
  if (e.source !== 'toolsdk-registry' || !tools.length) return []
  const without = categorize(e.category, evidenceOf(e))
  const withTools = categorize(e.category, { ...evidenceOf(e), tools })
  return [{ e, tools, without, withTools }]
})
const moved = rows
  .filter((r) => r.without.category.slug === 'other' && r.withTools.category.slug !== 'other')
  .map((r) => ({ ...r, rank: Bun.hash.wyhash(r.e.name, BigInt(SAMPLE_SEED)) }))
  .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
  .slice(0, TOOLS_SAMPLE_SIZE)
if (flag === '--sample') {
  for (const r of moved)
    console.log(
      JSON.stringify({
        name: r.e.name,
        title: r.e.title ?? null,
        description: r.e.description.slice(0, 300),
        tools: r.tools.map((t) => `${t.name}: ${(t.description ?? '').slice(0, 80)}`).slice(0, 12),
        guess: r.withTools.category.slug,
      }),
    )
} else {
  const other = (k: 'without' | 'withTools') => rows.filter((r) => r[k].category.slug === 'other').length
  const guessed = rows.filter((r) => r.without.guessed).length
  console.log(`ToolSDK listings with a tool list: ${rows.length}; no usable category given: ${guessed}`)
  console.log(`Other without their tools: ${other('without')} (${pct(other('without'), rows.length)})`)
  console.log(`Other with their tools:    ${other('withTools')} (${pct(other('withTools'), rows.length)})`)
  const judged = (await Bun.file(new URL('judged-tools.json', import.meta.url)).json()) as Judged[]
  const stale = judged.filter((j, i) => moved[i]?.e.name !== j.name || moved[i]?.withTools.category.slug !== j.guess)
  const right = judged.filter((j) => j.verdict === 'right').length
  const acceptable = judged.filter((j) => j.verdict === 'acceptable').length
  console.log(`judged: ${judged.length}; right ${right}, acceptable ${acceptable}`)
  console.log(
    `precision: strict ${pct(right, judged.length)}, with acceptable ${pct(right + acceptable, judged.length)}`,
  )
  if (stale.length)
    console.log(`STALE: ${stale.length} judged entries no longer match the drawn sample; judge a new one`)
}
