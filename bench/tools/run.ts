// `bun run bench:tools [--part dev|holdout] [--verbose]`: the tool-retrieval bench. Imports ../shared/data/servers.json
// plus a listing for each captured server the catalog does not list into an in-memory catalog, runs server search's
// judged sets, then writes each captured server of the part as a sandbox start's facts (its tools as listed) and runs
// them again, then runs every judged tool query through GET /api/v1/tools. Prints nDCG@10 (graded) and Recall@5 of
// tool search, and server search's nDCG@10 without and with tool text. See bench/tools/README.md.
import { createCatalogApp } from '@mcp-directory/catalog'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { catalogClient } from '@mcp-directory/shared/catalog-client'
import { inArray, listings as listingsTable, openDatabase, runMigrations } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { loadSharedData, testConfig } from '@mcp-directory/shared/testing'
import { toolInfo } from '@mcp-directory/shared/toolscan'
import { fail, parseCommand } from '../../scripts/cli'
import { gradedNdcgAt, recallAt } from '../metrics'
import {
  type CapturedServer,
  type CatalogEntry,
  inPart,
  listingsOfPackages,
  loadCaptured,
  loadToolQueries,
  packageOfListing,
  serverGrades,
  type ToolQuery,
  toolKey,
} from './data'
import { overlapRanker } from './baseline'
import type { Part } from './split'

const NAME = 'bun run bench:tools'
const USAGE = `usage: ${NAME} [--part dev|holdout] [--verbose]

Tool-retrieval bench over the captured tool lists (bench/scan/benign.json, bench/tools/captured.json) and the judged
tool queries of the part (bench/tools/dev.json or holdout.json). Prints tool search's nDCG@10 and Recall@5, and
server search's nDCG@10 on its judged sets without and with the part's tools written as sandbox facts.

  --part      dev (default) or holdout: whose servers' tools are written and whose queries are run
  --verbose   print each tool query's figures and results
  -h, --help  this text`
const { values } = parseCommand({
  name: NAME,
  usage: USAGE,
  options: { part: { type: 'string' }, verbose: { type: 'boolean' } },
})
const part = (values.part ?? 'dev') as Part
if (part !== 'dev' && part !== 'holdout') fail(NAME, `--part must be dev or holdout, not ${values.part}`)
const verbose = values.verbose === true

interface Judged {
  id: string
  query: string
  relevant: string[]
}
const judged = async (file: string) =>
  (await Bun.file(new URL(`../judged/${file}`, import.meta.url)).json()) as Judged[]
const [catalogEntries, original, companies, exact, tasks, captured, toolQueries] = await Promise.all([
  loadSharedData<CatalogEntry[]>('servers.json'),
  loadSharedData<Judged[]>('queries.json'),
  judged('companies.json'),
  judged('exact.json'),
  judged('tasks.json'),
  loadCaptured(),
  loadToolQueries(part),
])
const servers = inPart(captured, part)
const { listings, added } = listingsOfPackages(catalogEntries, captured)
const packageOf = packageOfListing(listings)

const database = await openDatabase({ url: process.env.DATABASE_URL ?? 'memory://' })
await runMigrations(database)
const catalog = createCatalogApp({
  config: testConfig({ PUBLIC_BASE_URL: 'http://bench.local' }),
  database,
  bus: createMemoryBus(),
  log: createLogger('bench', 'silent'),
  operatorToken: 'bench-operator-token-0000',
})
const imported = await catalog.importDocument([...catalogEntries, ...added])
const get = (path: string) => catalog.app.handle(new Request(`http://bench.local${path}`))

async function searchServers(q: string): Promise<string[]> {
  const res = await get(`/api/v1/search?q=${encodeURIComponent(q)}&limit=10`)
  if (res.status !== 200) throw new Error(`search ${q}: ${res.status}`)
  return ((await res.json()) as { servers: { name: string }[] }).servers.map((s) => s.name)
}

// Server search's judged sets: binary judgements by listing name, and the tool queries at server level (graded).
type ServerSet = [label: string, queries: { query: string; grades: Map<string, number> }[]]
const binary = (set: Judged[]) => set.map((q) => ({ query: q.query, grades: new Map(q.relevant.map((n) => [n, 1])) }))
const serverSets: ServerSet[] = [
  ['original (../shared/data/queries.json)', binary(original)],
  ['company (bench/judged)', binary(companies)],
  ['exact (bench/judged)', binary(exact)],
  ['task (bench/judged)', binary(tasks)],
  ...(toolQueries
    ? [
        [
          `tool queries as server queries (${part})`,
          toolQueries.map((q) => ({ query: q.query, grades: serverGrades(q, listings) })),
        ] as ServerSet,
      ]
    : []),
]
/** Each set's queries' nDCG@10, in set order. */
async function serverSearchFigures(): Promise<number[][]> {
  const out: number[][] = []
  for (const [, set] of serverSets) {
    const scores: number[] = []
    for (const q of set) scores.push(gradedNdcgAt(10, await searchServers(q.query), q.grades))
    out.push(scores)
  }
  return out
}

/**
 * Writes each server's tools through the facts API, as a sandbox start that ran would: the listing ids written and
 * how many tools they list in all.
 */
async function writeToolFacts(list: CapturedServer[]): Promise<{ ids: string[]; tools: number }> {
  const names = list.flatMap((s) => listings.get(s.package) ?? [])
  const rows = await database.db
    .select({ id: listingsTable.id, name: listingsTable.name })
    .from(listingsTable)
    .where(inArray(listingsTable.name, names))
  const idsOf = new Map<string, string[]>()
  for (const r of rows) idsOf.set(r.name, [...(idsOf.get(r.name) ?? []), r.id])
  const client = catalogClient((request) => catalog.app.handle(request))
  const written: string[] = []
  let tools = 0
  for (const s of list)
    for (const id of (listings.get(s.package) ?? []).flatMap((n) => idsOf.get(n) ?? [])) {
      const sandbox = {
        verdict: 'ran' as const,
        registryType: 'npm' as const,
        identifier: s.package,
        version: s.version,
        guessed: false,
        steps: {},
        detail: 'captured by bench:scan-capture',
        tools: s.tools.map((t) => toolInfo(t as Parameters<typeof toolInfo>[0])),
      }
      if ((await client.putFacts(id, { checkedAt: new Date().toISOString(), sandbox })) === null) continue
      written.push(id)
      tools += sandbox.tools.length
    }
  return { ids: written, tools }
}

/**
 * Waits until the tool index lists the tools written (it follows the listing events), or the same count for two
 * seconds (a list the index trims or merges), at most thirty; null when the route answers 404 (no tool search).
 */
async function settleToolIndex(expected: number): Promise<number | null> {
  let last = -1
  let same = 0
  for (let i = 0; i < 150; i++) {
    const res = await get('/api/v1/tools?limit=1')
    if (res.status === 404) return null
    if (res.status !== 200) throw new Error(`tools: ${res.status} ${await res.text()}`)
    const { total } = (await res.json()) as { total: number }
    same = total === last ? same + 1 : 0
    if (total >= expected || (total > 0 && same >= 10)) return total
    last = total
    await Bun.sleep(200)
  }
  return last
}

type ToolRun = { ndcg: number; recall: number }
type Ranker = (query: string) => Promise<string[]> | string[]

/** The directory's tool search as a ranker: (package, tool) keys of its first ten results. */
async function toolSearch(query: string): Promise<string[]> {
  const res = await get(`/api/v1/tools?q=${encodeURIComponent(query)}&limit=10`)
  if (res.status !== 200) throw new Error(`tools ${query}: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { tools: { name: string; server: { name: string } }[] }
  return body.tools.map((t) => toolKey(packageOf.get(t.server.name) ?? `other:${t.server.name}`, t.name))
}

async function runToolQueries(queries: ToolQuery[], rank: Ranker, show: boolean): Promise<ToolRun> {
  const runs: ToolRun[] = []
  for (const q of queries) {
    const ranked = await rank(q.query)
    const grades = new Map(q.relevant.map((r) => [toolKey(r.package, r.tool), r.grade as number]))
    const run = { ndcg: gradedNdcgAt(10, ranked, grades), recall: recallAt(5, ranked, new Set(grades.keys())) }
    runs.push(run)
    if (!show) continue
    console.log(`${q.id} ${JSON.stringify(q.query)} nDCG@10 ${run.ndcg.toFixed(2)} R@5 ${run.recall.toFixed(2)}`)
    for (const [i, k] of ranked.entries()) console.log(`    ${i + 1}. ${grades.get(k) ?? ' '} ${k}`)
  }
  return { ndcg: mean(runs.map((r) => r.ndcg)), recall: mean(runs.map((r) => r.recall)) }
}
const figures = (r: ToolRun) => `nDCG@10 ${r.ndcg.toFixed(3)}   Recall@5 ${r.recall.toFixed(3)}`

const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / Math.max(xs.length, 1)
const toolCount = servers.reduce((a, s) => a + s.tools.length, 0)
console.log(
  `${captured.length} captured servers (${servers.length} in ${part}, ${toolCount} tools); ${added.length} listings added to ${catalogEntries.length} (${imported.skipped.length} skipped at import); ${toolQueries?.length ?? 0} tool queries`,
)
const without = await serverSearchFigures()
const written = await writeToolFacts(servers)
await catalog.flush()
await catalog.rereadListings(written.ids)
const indexed = await settleToolIndex(written.tools)
const withTools = await serverSearchFigures()
console.log(`\nServer search nDCG@10, without tool text → with ${written.ids.length} listings' tools written\n`)
for (const [i, [label, set]] of serverSets.entries())
  console.log(
    `  ${label.padEnd(44)} ${String(set.length).padStart(3)}  ${mean(without[i]!).toFixed(3)} → ${mean(withTools[i]!).toFixed(3)}`,
  )
console.log(
  `  ${'all sets (per query)'.padEnd(44)}      ${mean(without.flat()).toFixed(3)} → ${mean(withTools.flat()).toFixed(3)}`,
)
// The queries that tool text made worse, so that a fall in a set's figure can be read.
const worse = serverSets.flatMap(([label, set], i) =>
  set.flatMap((q, j) => (withTools[i]![j]! < without[i]![j]! - 1e-9 ? [{ label, q, j, i }] : [])),
)
for (const { label, q, i, j } of worse)
  console.log(
    `    worse: ${label.split(' ')[0]} ${JSON.stringify(q.query)} ${without[i]![j]!.toFixed(2)} → ${withTools[i]![j]!.toFixed(2)}`,
  )

let code = 0
if (!toolQueries) {
  console.log(`\nTool search: no judged queries for ${part} yet (bench/tools/${part}.json).`)
} else {
  console.log(`\nTool search, ${toolQueries.length} judged queries (${part}), ${toolCount} tools written\n`)
  console.log(`  word-overlap baseline  ${figures(await runToolQueries(toolQueries, overlapRanker(servers), false))}`)
  if (indexed === null) {
    console.log('  directory tool search  GET /api/v1/tools answered 404: this build has no tool search route')
    code = 1
  } else {
    console.log(
      `  directory tool search  ${figures(await runToolQueries(toolQueries, toolSearch, verbose))} (${indexed} indexed)`,
    )
    // Harder: the other part's tools written too, unjudged, so one that does a task counts as a miss (a lower
    // bound). Never printed per query, so that a run of one part shows nothing of the other's tools.
    const other = inPart(captured, part === 'dev' ? 'holdout' : 'dev')
    const more = await writeToolFacts(other)
    await catalog.flush()
    const all = await settleToolIndex(written.tools + more.tools)
    console.log(
      `  + ${other.length} other-part servers  ${figures(await runToolQueries(toolQueries, toolSearch, false))} (${all} indexed)`,
    )
  }
}
await catalog.close()
await database.close()
process.exit(code)
