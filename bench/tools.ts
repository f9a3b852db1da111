// The tool index's two bench lines (`bun run bench --only tools`): its memory at 150,000 synthetic tools, and tool
// search through the all-in-one beside server search over the same distinct queries, in one run. Synthetic tools are
// real npm servers' tool texts (bench/scan/benign.json) recombined: one tool's verb with another's object, the first
// sentence of each description, one tool's parameters with their descriptions and its annotations.
import type { ToolInfo } from '@mcp-directory/shared/contracts'
import { type Database, eq, listings } from '@mcp-directory/shared/db'
import { freePort, runToken } from '@mcp-directory/shared/testing'
import type { ToolSourceRow } from '../services/catalog/src/search/tool-index/documents'
import { ToolStore } from '../services/catalog/src/search/tool-index/tool-store'
import { seeded } from './queries'
import { cacheCounts, type Result } from './wrk'

interface BenignTool {
  name: string
  title?: string
  description?: string
  annotations?: Record<string, unknown>
  inputSchema?: { properties?: Record<string, { description?: unknown }> }
}
const benign = (await Bun.file(`${import.meta.dir}/scan/benign.json`).json()) as { servers: { tools?: BenignTool[] }[] }
const POOL = benign.servers.flatMap((s) => s.tools ?? [])

/** Tools' texts, for building queries that ask for what tools do. */
export const toolTexts = (): string[] => POOL.map((t) => `${t.title ?? ''} ${t.description ?? ''}`)

const firstSentence = (text = '') => (text.split(/(?<=[.!?])\s|\n/)[0] ?? '').slice(0, 300)
const pieces = (name: string) => name.split(/[_\-.]|(?<=[a-z])(?=[A-Z])/).filter(Boolean)

/** `count` tools made from the benign set with this seed: names distinct within the list. */
export function syntheticTools(count: number, seed: number): ToolInfo[] {
  const random = seeded(seed)
  const pick = () => POOL[Math.floor(random() * POOL.length)]!
  const names = new Set<string>()
  return Array.from({ length: count }, () => {
    const a = pick()
    const b = pick()
    let name = [pieces(a.name)[0] ?? 'do', ...pieces(b.name).slice(1)].join('_').toLowerCase()
    while (names.has(name)) name = `${name}_${names.size}`
    names.add(name)
    const props = Object.entries(a.inputSchema?.properties ?? {}).slice(0, 8)
    const described = props.filter(([, p]) => typeof p?.description === 'string')
    const annotations = Object.fromEntries(
      Object.entries(a.annotations ?? {}).filter(([, v]) => typeof v === 'boolean'),
    ) as Record<string, boolean>
    return {
      name,
      ...(a.title ? { title: a.title } : {}),
      description: `${firstSentence(a.description)} ${firstSentence(b.description)}`.trim(),
      ...(props.length ? { parameters: props.map(([k]) => k) } : {}),
      ...(described.length
        ? { parameterDescriptions: Object.fromEntries(described.map(([k, p]) => [k, String(p.description)])) }
        : {}),
      ...(Object.keys(annotations).length ? { annotations } : {}),
    }
  })
}

const TOOLS_PER_SERVER = 30

/** A listing row as the tool index reads it, with `TOOLS_PER_SERVER` synthetic tools. */
const rowOf = (i: number): ToolSourceRow => ({
  id: `bench-server-${i}`,
  name: `io.github.bench/server-${i}`,
  title: null,
  category: '🔍 Search & Data Extraction',
  verified: i % 3 === 0,
  isOfficial: i % 10 === 0,
  stars: i % 1000,
  hasPackage: true,
  tools: syntheticTools(TOOLS_PER_SERVER, i + 1),
  toolsSource: 'streamable-http',
  summary: { remotes: [], risk: null, tools_checked_at: new Date() },
})

const rssAfterGc = () => {
  Bun.gc(true)
  return process.memoryUsage.rss()
}

/** The tool index of `tools` synthetic tools: resident and heap growth after GC (the rows it was built from kept). */
export function toolIndexMemory(tools = 150_000): { tools: number; rssMiB: number; heapMiB: number; ms: number } {
  const rows = Array.from({ length: Math.ceil(tools / TOOLS_PER_SERVER) }, (_, i) => rowOf(i))
  const rss = rssAfterGc()
  const heap = process.memoryUsage().heapUsed
  const started = performance.now()
  const store = new ToolStore()
  // Collected as the catalog's build collects (live-index.ts): each time the resident memory grew 8 MiB.
  let base = process.memoryUsage.rss()
  for (const r of rows) {
    store.setServer(r)
    if (process.memoryUsage.rss() - base < 8 * 2 ** 20) continue
    Bun.gc(true)
    base = process.memoryUsage.rss()
  }
  store.trim()
  const ms = performance.now() - started
  const out = {
    tools: store.live,
    rssMiB: (rssAfterGc() - rss) / 2 ** 20,
    heapMiB: (process.memoryUsage().heapUsed - heap) / 2 ** 20,
    ms,
  }
  // Kept until measured: nothing of the index may be collected before the figures are read.
  if (store.live !== rows.length * TOOLS_PER_SERVER) throw new Error('the tool index lost tools')
  return out
}

/** Gives every active listing of the bench's catalog `TOOLS_PER_SERVER` observed tools (as the prober writes them). */
export async function seedTools(database: Database, ids: string[]): Promise<number> {
  let i = 0
  for (const id of ids)
    await database.db
      .update(listings)
      .set({ tools: syntheticTools(TOOLS_PER_SERVER, ++i), toolsSource: 'streamable-http', toolsCheckedAt: new Date() })
      .where(eq(listings.id, id))
  return ids.length * TOOLS_PER_SERVER
}

type Wrk = (base: string, paths: string[]) => Promise<Result>

/**
 * Tool search and server search through the all-in-one process on the bench's database (tools seeded), each over
 * the same distinct queries; the micro-cache's share of each printed beside it.
 */
export async function toolSearchBench(
  databaseUrl: string,
  queries: string[],
  wrk: Wrk,
  metricsToken: string,
): Promise<Record<string, Result>> {
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const proc = Bun.spawn(['bun', 'gateway/src/all-in-one.ts'], {
    cwd: `${import.meta.dir}/..`,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '1000000',
      TRUST_PROXY_HOPS: '1',
      REDIS_URL: '',
      NATS_URL: '',
      METRICS_TOKEN: metricsToken,
      DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/bench-aio-${runToken()}`,
      PROBE: 'off',
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  try {
    // Built once it answers a search (its index, with the tools', is built at start).
    for (let i = 0; i < 1200; i++) {
      const ok = await fetch(`${base}/api/v1/tools?q=file`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) break
      await Bun.sleep(250)
    }
    const paths = {
      'tool search': queries.map((q) => `/api/v1/tools?q=${encodeURIComponent(q)}`),
      'server search': queries.map((q) => `/api/v1/search?q=${encodeURIComponent(q)}`),
    }
    const out: Record<string, Result> = {}
    console.log(`  tool lines: the same ${queries.length} distinct queries for both searches`)
    // One discarded pass of each first, so neither pays alone for a cold start: over the mix's last queries, which a
    // run does not reach, so the micro-cache holds none of the measured ones.
    for (const p of Object.values(paths)) await wrk(base, p.slice(-500))
    for (const [name, p] of Object.entries(paths)) {
      const before = await cacheCounts(base, metricsToken)
      const r = await wrk(base, p)
      const after = await cacheCounts(base, metricsToken)
      const hit = after.hit - before.hit
      r.hitRatio = hit / Math.max(1, hit + after.miss - before.miss)
      out[`${name}/all-in-one`] = r
      console.log(
        `  ${name.padEnd(14)} all-in-one ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms   micro-cache ${(100 * r.hitRatio).toFixed(0)}%`,
      )
    }
    return out
  } finally {
    proc.kill()
    await proc.exited
  }
}
