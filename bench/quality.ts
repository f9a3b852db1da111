// `bun run bench:quality`: search quality over the judged queries in ../shared/data/queries.json.
// Imports ../shared/data/servers.json into an in-memory database, runs every query through the catalog's own
// search endpoint, and prints nDCG@10, recall@10 and MRR beside a name-substring baseline.
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
interface Entry {
  name: string
  title?: string
}

const NAME = 'bun run bench:quality'
const USAGE = `usage: ${NAME} [--verbose]

Imports ../shared/data/servers.json into an in-memory database, runs every judged query of
../shared/data/queries.json through the catalog's search, and prints nDCG@10, recall@10 and MRR beside a
name-substring baseline.

  --verbose    print each query's figures
  -h, --help   this text`
const { values } = parseCommand({ name: NAME, usage: USAGE, options: { verbose: { type: 'boolean' } } })
const verbose = values.verbose === true
const [servers, queries] = await Promise.all([
  loadSharedData<Entry[]>('servers.json'),
  loadSharedData<Query[]>('queries.json'),
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
await catalog.close()
await database.close()
process.exit(0)
