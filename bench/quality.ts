// `bun run bench:quality`: search quality over the judged queries in ../shared/data/queries.json and over our own
// judged sets in bench/judged (company names, exact names, task phrasings).
// Imports ../shared/data/servers.json into an in-memory database, runs every query through the catalog's own
// search endpoint, and prints nDCG@10, recall@10 and MRR beside a name-substring baseline, then the same figures
// per judged set and over their union, and how often a company's own listing and an exact name come first.
import { createCatalogApp } from '@mcp-directory/catalog'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { openDatabase, runMigrations } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { loadSharedData, testConfig } from '@mcp-directory/shared/testing'
import { parseCommand } from '../scripts/cli'
import { ndcgAt, recallAt, reciprocalRank } from './metrics'

interface Query {
  id: string
  query: string
  type: string
  relevant: string[]
}
// Our own judged sets, beside the shared one (see bench/judged/README.md).
const JUDGED = { company: 'companies.json', exact: 'exact.json', task: 'tasks.json' } as const
const loadJudged = async (file: string) =>
  (await Bun.file(new URL(`./judged/${file}`, import.meta.url)).json()) as Query[]
interface Entry {
  name: string
  title?: string
}

const NAME = 'bun run bench:quality'
const USAGE = `usage: ${NAME} [--verbose]

Imports ../shared/data/servers.json into an in-memory database, runs every judged query of
../shared/data/queries.json through the catalog's search, and prints nDCG@10, recall@10 and MRR beside a
name-substring baseline. Then runs the judged sets of bench/judged (company names, exact names, task phrasings)
and prints the figures per set and over the union of all sets, how many company names have one of the company's
own listings first, and how many exact names have that listing first.

  --verbose    print each query's figures and results
  -h, --help   this text`
const { values } = parseCommand({ name: NAME, usage: USAGE, options: { verbose: { type: 'boolean' } } })
const verbose = values.verbose === true
const [servers, queries, companies, exacts, tasks] = await Promise.all([
  loadSharedData<Entry[]>('servers.json'),
  loadSharedData<Query[]>('queries.json'),
  loadJudged(JUDGED.company),
  loadJudged(JUDGED.exact),
  loadJudged(JUDGED.task),
])
const database = await openDatabase({ url: process.env.DATABASE_URL ?? 'memory://' })
await runMigrations(database)
const config = testConfig({ PUBLIC_BASE_URL: 'http://bench.local' })
const catalog = createCatalogApp({
  config,
  database,
  bus: createMemoryBus(),
  log: createLogger('bench', 'silent'),
  operatorToken: 'bench-operator-token-0000',
})
const imported = await catalog.importDocument(servers)
if (imported.created + imported.unchanged + imported.updated === 0) throw new Error('nothing imported')

// Search results carry ids; judgements use registry names.
const nameOfId = new Map<string, string>()
async function search(q: string): Promise<string[]> {
  const res = await catalog.app.handle(
    new Request(`http://bench.local/api/v1/search?q=${encodeURIComponent(q)}&limit=10`),
  )
  if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`)
  const body = (await res.json()) as { servers: { id: string; name: string }[] }
  for (const s of body.servers) nameOfId.set(s.id, s.name)
  return body.servers.map((s) => s.name)
}

// Baseline: entries whose name contains the query text, in file order.
function baseline(q: string): string[] {
  const needle = q.toLowerCase()
  return servers
    .filter((s) => s.name.toLowerCase().includes(needle))
    .map((s) => s.name)
    .slice(0, 10)
}

type Scores = { ndcg: number; recall: number; mrr: number }
const mean = (xs: Scores[]): Scores => ({
  ndcg: xs.reduce((a, x) => a + x.ndcg, 0) / xs.length,
  recall: xs.reduce((a, x) => a + x.recall, 0) / xs.length,
  mrr: xs.reduce((a, x) => a + x.mrr, 0) / xs.length,
})
const score = (ranked: string[], rel: Set<string>): Scores => ({
  ndcg: ndcgAt(10, ranked, rel),
  recall: recallAt(10, ranked, rel),
  mrr: reciprocalRank(ranked, rel),
})

const ours: (Scores & { type: string })[] = []
const base: (Scores & { type: string })[] = []
for (const q of queries) {
  const rel = new Set(q.relevant)
  const ranked = await search(q.query)
  const s = score(ranked, rel)
  ours.push({ ...s, type: q.type })
  base.push({ ...score(baseline(q.query), rel), type: q.type })
  if (verbose || s.ndcg < 0.5) {
    console.log(
      `${q.id} ${q.type.padEnd(11)} ${JSON.stringify(q.query).padEnd(28)} nDCG ${s.ndcg.toFixed(2)}  R ${s.recall.toFixed(2)}  RR ${s.mrr.toFixed(2)}`,
    )
    if (verbose) for (const [i, n] of ranked.entries()) console.log(`     ${i + 1}. ${rel.has(n) ? '✓' : ' '} ${n}`)
  }
}

const fmt = (s: Scores) => `nDCG@10 ${s.ndcg.toFixed(3)}   recall@10 ${s.recall.toFixed(3)}   MRR ${s.mrr.toFixed(3)}`
console.log(
  `\nSearch quality over ${queries.length} judged queries, ${servers.length} listings (${imported.skipped.length} skipped at import)\n`,
)
const types = [...new Set(queries.map((q) => q.type))]
for (const t of types) console.log(`  ${t.padEnd(12)} ours ${fmt(mean(ours.filter((x) => x.type === t)))}`)
console.log('')
console.log(`  directory search         ${fmt(mean(ours))}`)
console.log(`  name-substring baseline  ${fmt(mean(base))}`)
console.log(`  ratio (ours / baseline)  nDCG@10 ${(mean(ours).ndcg / Math.max(mean(base).ndcg, 1e-9)).toFixed(2)}x`)

// Our own judged sets: each query's figures, and whether its first result is one of its relevant listings.
type Run = Scores & { first: boolean }
async function runSet(set: Query[]): Promise<Run[]> {
  const runs: Run[] = []
  for (const q of set) {
    const rel = new Set(q.relevant)
    const ranked = await search(q.query)
    const s = score(ranked, rel)
    runs.push({ ...s, first: ranked.length > 0 && rel.has(ranked[0]!) })
    if (verbose) {
      console.log(
        `${q.id} ${q.type.padEnd(11)} ${JSON.stringify(q.query).padEnd(28)} nDCG ${s.ndcg.toFixed(2)}  R ${s.recall.toFixed(2)}  RR ${s.mrr.toFixed(2)}${s.mrr === 1 ? '' : '  (not first)'}`,
      )
      for (const [i, n] of ranked.entries()) console.log(`     ${i + 1}. ${rel.has(n) ? '✓' : ' '} ${n}`)
    }
  }
  return runs
}
const sets: [string, Query[], Scores[]][] = [['original (../shared/data/queries.json)', queries, ours]]
for (const [type, set] of [
  ['company', companies],
  ['exact', exacts],
  ['task', tasks],
] as const)
  sets.push([`${type} (bench/judged/${JUDGED[type]})`, set, await runSet(set)])
const runsOf = (i: number) => sets[i]![2] as Run[]
const all = sets.flatMap(([, , s]) => s)
const firsts = (runs: Run[]) => runs.filter((r) => r.first).length

console.log(`\nJudged sets, ${all.length} queries in all\n`)
for (const [label, set, s] of sets)
  console.log(`  ${label.padEnd(40)} ${String(set.length).padStart(3)}  ${fmt(mean(s))}`)
console.log(`  ${'all sets'.padEnd(40)} ${String(all.length).padStart(3)}  ${fmt(mean(all))}`)
console.log('')
const c = firsts(runsOf(1))
console.log(
  `  company's own listing first: ${c} of ${companies.length} (${((100 * c) / companies.length).toFixed(0)}%)`,
)
console.log(`  exact name first: ${firsts(runsOf(2))} of ${exacts.length}`)
await catalog.close()
await database.close()
process.exit(0)
