// `bun run bench`: throughput and p50/p99 latency of search, detail and categories at about 5k and 50k listings
// (the real list, repeated with varied names), straight at the catalog and through the gateway, on the real
// PostgreSQL and Redis, measured with wrk in one run. Search is measured with thousands of distinct queries built
// from the catalog's own words (bench/queries.ts) and detail with thousands of distinct ids, as real traffic is;
// the gateway's micro-cache hit ratio is printed beside each gateway line, and one URL repeated is the cache's own
// line. Search is also measured while listings are re-checked at the prober's pace (the stack here runs no prober),
// as during a probe round. Prints ratios beside their targets. Never part of the tests.
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { createCatalogApp } from '@mcp-directory/catalog'
import { CatalogIndex } from '../services/catalog/src/search/catalog-index'
import { activeDocumentsAfter, activeIds } from '../services/catalog/src/search/index-rows'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { type Database, openDatabase, runMigrations } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import {
  createFreshDatabase,
  freePort,
  isolatedEnv,
  loadSharedData,
  runToken,
  testConfig,
  dropRun,
} from '@mcp-directory/shared/testing'
import { PROBES_PER_SECOND } from '../services/prober/src/limits'
import { fail, intOption, parseCommand } from '../scripts/cli'
import { existingServices, startStack } from '../scripts/stack-runner'
import { distinctQueries, seeded } from './queries'
import { cacheCounts, type Load, printResult, type Result, runWrk } from './wrk'
import { seedTools, toolIndexMemory, toolSearchBench, toolTexts } from './tools'

const NAME = 'bun run bench'
// `--only badge,categories` runs only those cases (and the 50k catalog only when a case needs it).
const CASES = ['search', 'detail', 'categories', 'badge', 'mcp', 'compression', 'tools'] as const
type Case = (typeof CASES)[number]
const USAGE = `usage: ${NAME} [--seconds 8] [--connections 16] [--only ${CASES.join(',')}]

Throughput and p50/p99 latency with wrk, straight at the catalog and through the gateway, printed as ratios
measured in one run beside their targets, and the search index's memory at each size. Needs the local PostgreSQL,
Redis and NATS; never part of the tests.

  --seconds      how long wrk measures each line (1 to 600; or BENCH_SECONDS)
  --connections  wrk's concurrent connections (1 to 1024; or BENCH_CONNECTIONS)
  --only         the cases to run, comma-separated (default: all)
  -h, --help     this text`
const { values } = parseCommand({
  name: NAME,
  usage: USAGE,
  options: { seconds: { type: 'string' }, connections: { type: 'string' }, only: { type: 'string' } },
})
const DURATION = String(intOption(NAME, 'seconds', values.seconds ?? process.env.BENCH_SECONDS, 8, 1, 600))
const CONNECTIONS = String(
  intOption(NAME, 'connections', values.connections ?? process.env.BENCH_CONNECTIONS, 16, 1, 1024),
)
const asked = values.only
  ? values.only
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
  : [...CASES]
const unknownCases = asked.filter((c) => !(CASES as readonly string[]).includes(c))
if (unknownCases.length) fail(NAME, `unknown case ${unknownCases.join(', ')}; cases: ${CASES.join(', ')}`)
const only = new Set(asked as Case[])

// wrk comes from Debian's packages; install it when missing.
if (!Bun.which('wrk')) {
  console.log('installing wrk (Debian package)…')
  const apt = Bun.spawnSync(
    ['sh', '-c', 'apt-get install -y -qq wrk >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq wrk)'],
    { stdout: 'inherit', stderr: 'inherit' },
  )
  if (apt.exitCode !== 0 || !Bun.which('wrk')) throw new Error('wrk is needed: apt-get install wrk')
}

interface Entry {
  name: string
  title?: string
  url?: unknown
  websiteUrl?: unknown
  repository?: { url?: unknown; [k: string]: unknown }
  remotes?: { url?: unknown; [k: string]: unknown }[]
  [k: string]: unknown
}
const servers = await loadSharedData<Entry[]>('servers.json')
// The judged queries only tell the generator what never to send. A run sends more requests than the mix holds, so
// each query comes back several times in one (the gateway's micro-cache and the engine's plans see those repeats).
const judged = (await loadSharedData<{ query: string }[]>('queries.json')).map((q) => q.query)
const QUERY_MIX = 3000
const queries = distinctQueries(
  servers.flatMap((s) => [s.name.split('/').at(-1)!, String(s.title ?? ''), String(s.description ?? '')]),
  judged,
  QUERY_MIX,
)
// The MCP lines' queries, apart from the mix above and per era: more than an era's run sends (about 5,000 requests),
// so none is asked twice and the gateway's micro-cache answers none of the tools' catalog reads.
const MCP_QUERIES = 12_000
const mcpQueries = only.has('mcp')
  ? distinctQueries(
      servers.flatMap((s) => [s.name.split('/').at(-1)!, String(s.title ?? ''), String(s.description ?? '')]),
      [...judged, ...queries],
      MCP_QUERIES * 2,
      0x3c9,
    )
  : []
// The tool lines' queries: distinct, from servers' and tools' texts, more than a run sends, the same for both searches.
const toolQueries = only.has('tools')
  ? distinctQueries(
      [...toolTexts(), ...servers.flatMap((s) => [String(s.title ?? ''), String(s.description ?? '')])],
      judged,
      20_000,
      0x7001,
    )
  : []
// Distinct listings a detail run reads in turn.
const DETAIL_IDS = 3000
const wrk = (base: string, paths: string[], more: Omit<Load, 'paths'> = {}) =>
  runWrk(base, { paths, ...more }, { connections: CONNECTIONS, seconds: DURATION })

/** An address of copy `i`: its own repository or endpoint, so copies are distinct servers, not one collapsed. */
const copiedAddress = (url: unknown, i: number) =>
  typeof url === 'string' && url ? `${url.replace(/\/+$/, '')}-r${i}` : url

/** Copy `i` of the real list, with varied names and addresses so every listing is a distinct server. */
function copyOf(i: number): Entry[] {
  return servers.map((s) =>
    i === 0
      ? s
      : {
          ...s,
          name: `${s.name}-r${i}`,
          title: s.title ? `${s.title} ${i}` : undefined,
          url: copiedAddress(s.url, i),
          websiteUrl: copiedAddress(s.websiteUrl, i),
          repository: s.repository ? { ...s.repository, url: copiedAddress(s.repository.url, i) } : undefined,
          remotes: s.remotes?.map((r) => ({ ...r, url: copiedAddress(r.url, i) })),
        },
  )
}

/**
 * Cached badge throughput through the gateway (after two warm-up requests per badge: an answer is stored on its
 * second ask) of the stack (gateway and badge processes, Redis) and of the all-in-one process on the same database
 * (in-process store), beside a static Bun.serve answering the same bytes. Servers run in their own processes, since
 * wrk blocks this one.
 */
async function badgeBench(gatewayUrl: string, databaseUrl: string, ids: string[]): Promise<Record<string, Result>> {
  const paths = [...new Set(ids)].slice(0, 20).map((id) => `/api/badge/${encodeURIComponent(id)}`)
  const up = async (base: string) => {
    for (
      let i = 0;
      i < 200 &&
      !(await fetch(`${base}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await Bun.sleep(100)
    for (let i = 0; i < 2; i++) for (const p of paths) await (await fetch(base + p)).arrayBuffer()
  }
  await up(gatewayUrl)
  const svg = await (await fetch(gatewayUrl + paths[0])).text()
  const file = `${process.env.TMPDIR ?? '/tmp'}/bench-badge-${runToken()}.svg`
  await Bun.write(file, svg)
  const staticPort = freePort()
  const code = `const body = await Bun.file(${JSON.stringify(file)}).text(); Bun.serve({ port: ${staticPort}, hostname: '127.0.0.1', fetch: (r) => new URL(r.url).pathname === '/' ? new Response(body, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=120' } }) : new Response('ok') })`
  const staticServer = Bun.spawn(['bun', '-e', code], { stdout: 'ignore', stderr: 'inherit' })
  let allInOne: ReturnType<typeof Bun.spawn> | null = null
  try {
    await up(`http://127.0.0.1:${staticPort}`)
    // The stack and the static server are measured before the all-in-one process starts, so no two compete.
    const out: Record<string, Result> = {
      'badge/stack': await wrk(gatewayUrl, paths),
      'badge/static': await wrk(`http://127.0.0.1:${staticPort}`, ['/']),
    }
    const aioPort = freePort()
    allInOne = Bun.spawn(['bun', 'gateway/src/all-in-one.ts'], {
      cwd: `${import.meta.dir}/..`,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(aioPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'error',
        RATE_LIMIT_PER_MINUTE: '1000000',
        TRUST_PROXY_HOPS: '1',
        REDIS_URL: '',
        NATS_URL: '',
        DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/bench-aio-${runToken()}`,
        // Without the prober, as the stack above runs: its rounds would load the cores while they are measured.
        PROBE: 'off',
      },
      stdout: 'ignore',
      stderr: 'inherit',
    })
    await up(`http://127.0.0.1:${aioPort}`)
    out['badge/all-in-one'] = await wrk(`http://127.0.0.1:${aioPort}`, paths)
    for (const [k, r] of Object.entries(out))
      console.log(
        `  ${k.padEnd(19)} ${String(svg.length).padStart(5)} B ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms`,
      )
    return out
  } finally {
    staticServer.kill()
    allInOne?.kill()
  }
}

/**
 * Compressed answers (gateway/src/compression.ts): the bytes of the home page and of a 10-hit search as a client
 * without Accept-Encoding gets them (every client before compression) and coded, and search throughput through the
 * gateway over the mix with and without `Accept-Encoding: gzip` (and br), in one run.
 */
async function compressionBench(gatewayUrl: string): Promise<Record<string, Result>> {
  console.log('  compression: bytes per answer (body), without and with Accept-Encoding')
  for (const path of ['/', '/api/v1/search?q=database&limit=10']) {
    const sizes: string[] = []
    for (const ae of [null, 'gzip', 'br']) {
      const headers: Record<string, string> = ae ? { 'accept-encoding': ae } : {}
      const res = await fetch(gatewayUrl + path, { headers, decompress: false } as RequestInit)
      const bytes = (await res.arrayBuffer()).byteLength
      const hits =
        path.includes('search') && !ae
          ? ` (${(JSON.parse(await (await fetch(gatewayUrl + path)).text()) as { servers: unknown[] }).servers.length} hits)`
          : ''
      sizes.push(`${ae ?? 'identity'} ${bytes} B${hits}`)
    }
    console.log(`    ${path.padEnd(40)} ${sizes.join('   ')}`)
  }
  // Five rounds of the three, each run starting with the search answers the one before stored expired (max-age
  // 10 s); each mode's median run is its figure, so a burst of other work on the machine moves none of them alone.
  const runs: Record<string, Result[]> = { identity: [], gzip: [], br: [] }
  const modes = [
    ['identity', null],
    ['gzip', 'gzip'],
    ['br', 'gzip, br'],
  ] as const
  for (let round = 0; round < 5; round++)
    for (const [name, ae] of modes) {
      await Bun.sleep(11_000)
      runs[name]!.push(await wrk(gatewayUrl, searchPaths, ae ? { headers: { 'accept-encoding': ae } } : {}))
    }
  const out: Record<string, Result> = {}
  for (const [name] of modes) {
    const sorted = [...runs[name]!].sort((a, b) => a.rps - b.rps)
    const r = sorted[2]!
    out[`search ${name}/gateway/5k`] = r
    printResult(`search ${name}`, 'gateway', '5k', r)
    const all = runs[name]!.map((x) => x.rps.toFixed(0)).join(', ')
    console.log(`    median of ${all} req/s; ${(r.bytesPerAnswer ?? 0).toFixed(0)} bytes per answer, headers included`)
  }
  return out
}

/**
 * The MCP endpoint's search tool beside REST search, both through the gateway and both uncached (REST asks with
 * `Cache-Control: no-cache`, which the micro-cache passes on): a JSON-RPC `tools/call` of `search_mcp_servers` per
 * request (the service is stateless, so each POST stands alone). A tool's catalog read may go through the gateway,
 * whose micro-cache would answer a query asked before, so each era gets queries of its own, never repeated in a run;
 * the cache's hits are printed beside each line.
 */
async function mcpBench(
  gatewayUrl: string,
  procs: { label: string; child: { pid: number } | null }[],
): Promise<Record<string, Result>> {
  const accept = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
  const call = (q: string, i: number, meta?: Record<string, unknown>) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'search_mcp_servers', arguments: { query: q }, ...(meta ? { _meta: meta } : {}) },
    })
  // The current revision (2026-07-28): each request carries its version, capabilities and client in `_meta`, and
  // the headers a client sends with it. The 2025 revisions: a bare JSON-RPC call, as a stateless 2025 client sends.
  const modernMeta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  }
  const [modernQueries, legacyQueries] = [mcpQueries.slice(0, MCP_QUERIES), mcpQueries.slice(MCP_QUERIES)]
  const eras = {
    'mcp-search-2026/gateway/5k': {
      bodies: modernQueries.map((q, i) => call(q, i, modernMeta)),
      headers: {
        ...accept,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'search_mcp_servers',
      },
    },
    'mcp-search/gateway/5k': { bodies: legacyQueries.map((q, i) => call(q, i)), headers: accept },
  }
  const out: Record<string, Result> = {}
  for (const [key, { bodies, headers }] of Object.entries(eras)) {
    // One call first, so a broken endpoint is reported rather than measured.
    const probe = await fetch(`${gatewayUrl}/api/mcp`, { method: 'POST', headers, body: bodies[0] })
    const text = await probe.text()
    if (probe.status !== 200 || !text.includes('"result"')) {
      console.log(`  MCP search (${key}): not measured (tools/call answered ${probe.status}: ${text.slice(0, 200)})`)
      continue
    }
    const before = await cacheCounts(gatewayUrl, METRICS_TOKEN)
    const r = await withCpu(procs, () => wrk(gatewayUrl, ['/api/mcp'], { bodies, headers }))
    const after = await cacheCounts(gatewayUrl, METRICS_TOKEN)
    const hit = after.hit - before.hit
    r.hitRatio = hit / Math.max(1, hit + after.miss - before.miss)
    out[key] = r
  }
  out['rest-search-uncached/gateway/5k'] = await withCpu(procs, () =>
    wrk(gatewayUrl, searchPaths, { headers: { 'cache-control': 'no-cache' } }),
  )
  const show = (name: string, key: string) => {
    const r = out[key]
    if (!r) return
    printResult(name, 'gateway', '5k', r)
    if (r.cpu) console.log(`    CPU per request: ${r.cpu}`)
  }
  show('mcp search 2026', 'mcp-search-2026/gateway/5k')
  show('mcp search 2025', 'mcp-search/gateway/5k')
  show('rest (no-cache)', 'rest-search-uncached/gateway/5k')
  return out
}

/**
 * Runs one measurement while listings are re-checked as during a probe round: a probe's facts written to one
 * listing after another at the prober's pace (the catalog's internal facts API, as the prober writes them), each
 * with a GitHub star count that moved: a change the public sees, so the catalog rereads the listing and the search
 * index replaces it, with the same text.
 */
async function whileRechecked(catalogBase: string, ids: string[], measure: () => Promise<Result>): Promise<Result> {
  let running = true
  let written = 0
  const writer = (async () => {
    for (let i = 0; running; i++) {
      const github = { stars: 1000 + i, archived: false, pushedAt: null, homepage: null }
      const res = await fetch(`${catalogBase}/internal/listings/${encodeURIComponent(ids[i % ids.length]!)}/facts`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ checkedAt: new Date().toISOString(), github }),
      }).catch(() => null)
      if (res?.ok) written++
      await res?.arrayBuffer()
      await Bun.sleep(1000 / PROBES_PER_SECOND)
    }
  })()
  try {
    const r = await measure()
    r.rechecks = written
    return r
  } finally {
    running = false
    await writer
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux; 0 elsewhere). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    // utime and stime, fields 14 and 15 of stat(5), counted from the state field (3).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return 0
  }
}
const CLOCK_TICKS = 100

/**
 * Runs one wrk measurement and notes how much CPU each of the stack's processes spent per request during it: where
 * a request's cost lies (gateway, mcp, catalog), which the throughput alone does not say.
 */
async function withCpu(
  procs: { label: string; child: { pid: number } | null }[],
  measure: () => Promise<Result>,
): Promise<Result> {
  const busy = procs.filter((p) => ['gateway', 'mcp', 'catalog'].includes(p.label) && p.child)
  const before = busy.map((p) => cpuMs(p.child!.pid))
  const started = performance.now()
  const r = await measure()
  // wrk warms up for 2 s before it measures: the CPU covers both, so it is divided by the requests of both.
  const seconds = (performance.now() - started) / 1000
  const requests = r.rps * seconds
  r.cpu = busy.map((p, i) => `${p.label} ${((cpuMs(p.child!.pid) - before[i]!) / requests).toFixed(3)} ms`).join(', ')
  return r
}

// Opens the gateway's /metrics (its cache's hit and miss counts) to this bench.
const METRICS_TOKEN = `bench-metrics-${runToken()}`
const searchPaths = queries.map((q) => `/api/v1/search?q=${encodeURIComponent(q)}`)

/** `n` of these ids, picked with a fixed seed (all of them when there are fewer). */
function sampleOf(all: string[], n: number): string[] {
  const random = seeded(7)
  const pool = [...all].sort()
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[pool[i], pool[j]] = [pool[j]!, pool[i]!]
  }
  return pool.slice(0, n)
}

const results: Record<string, Result> = {}
const indexMemory: Record<string, { listings: number; mib: number; ms: number }> = {}

// Memory this process holds: the JS heap, which counts the buffers of typed arrays as its own (the runtime reports
// them to it), so adding \`arrayBuffers\` would count the index's kept summaries twice.
const held = () => {
  Bun.gc(true)
  return process.memoryUsage().heapUsed
}

/**
 * What one replica's search index of this catalog takes, with the summaries kept beside it: built here as the
 * catalog builds it, measured after GC.
 */
async function measureIndex(database: Database) {
  const before = held()
  const started = performance.now()
  const index = new CatalogIndex('http://bench.local')
  let after = ''
  for (;;) {
    const batch = await activeDocumentsAfter(database, after, 2000)
    for (const d of batch) index.upsert(d)
    if (batch.length < 2000) break
    after = batch[batch.length - 1]!.id
  }
  const ms = performance.now() - started
  const mib = (held() - before) / 2 ** 20
  return { listings: index.size, mib, ms }
}
if (only.has('tools')) {
  const m = toolIndexMemory()
  console.log(
    `tool index: ${m.tools} synthetic tools, ${m.rssMiB.toFixed(1)} MiB resident (${m.heapMiB.toFixed(1)} MiB heap) more, built in ${(m.ms / 1000).toFixed(1)} s`,
  )
}
// The 50k catalog only matters to the search/detail/categories scaling lines.
const sizes = (
  [
    ['5k', 1],
    ['50k', 10],
  ] as const
).filter(([label]) => label === '5k' || only.has('search') || only.has('detail'))
for (const [label, times] of sizes) {
  const fresh = await createFreshDatabase('mcpdir_bench')
  const token = runToken()
  try {
    const database = await openDatabase({ url: fresh.url })
    await runMigrations(database)
    const catalog = createCatalogApp({
      config: testConfig(),
      database,
      bus: createMemoryBus(),
      log: createLogger('bench', 'silent'),
      operatorToken: 'bench-operator-token-0000',
    })
    const started = performance.now()
    let created = 0
    for (let i = 0; i < times; i++) created += (await catalog.importDocument(copyOf(i))).created
    // Publish the import events now, so the services under test do not receive thousands of them mid-run.
    await catalog.flush()
    await catalog.close()
    await database.rows((await import('drizzle-orm')).sql`analyze`)
    if (only.has('search')) indexMemory[label] = await measureIndex(database)
    const ids = sampleOf(await activeIds(database), DETAIL_IDS)
    if (label === '5k' && only.has('tools'))
      console.log(`${label}: ${await seedTools(database, await activeIds(database))} observed tools written`)
    await database.close()
    console.log(`${label}: ${created} listings imported in ${((performance.now() - started) / 1000).toFixed(1)} s`)

    const gatewayPort = freePort()
    // Without the prober: its first round over freshly imported listings would load the cores unevenly across the
    // measurements (the direct runs come first), which no ratio should depend on.
    const stack = startStack({
      env: {
        ...isolatedEnv(token, fresh.url),
        RATE_LIMIT_PER_MINUTE: '1000000',
        LOG_LEVEL: 'error',
        TRUST_PROXY_HOPS: '1',
        METRICS_TOKEN,
        // One HMAC key for every process, as `bun run stack` and compose give them: without it each process makes
        // its own, the gateway's precharge proofs never verify at the mcp service, and a tool's catalog read takes
        // the gateway a second time instead of the way a deployment serves it.
        SERVER_SECRET: `bench-server-secret-${token}-0123456789abcdef`,
      },
      gatewayPort,
      freePorts: true,
      onLine: () => {},
      services: existingServices().filter((s) => s !== 'prober'),
    })
    await stack.ready(60_000)
    const catalogBase = `http://127.0.0.1:${stack.procs.find((p) => p.service === 'catalog')!.port}`
    // Each case: its paths and whether it is measured straight at the catalog too (one URL repeated is the
    // gateway cache's own figure).
    const workloads: [Case, string, string[], boolean][] = [
      ['search', 'search', searchPaths, true],
      ['search', 'search 1 URL', searchPaths.slice(0, 1), false],
      ['detail', 'detail', ids.map((id) => `/api/v1/servers/${encodeURIComponent(id)}`), true],
      ['categories', 'categories', ['/api/v1/categories'], true],
    ]
    // A search waits for the catalog's index to be built: nothing is measured before it answers one.
    const built = await fetch(`${catalogBase}/api/v1/search?q=index`, { signal: AbortSignal.timeout(600_000) })
    if (built.status !== 200) throw new Error(`the catalog answered ${built.status} to its first search`)
    await built.arrayBuffer()
    // One discarded pass over the search workload first: the first measurement would otherwise also pay for a
    // cold database cache, and the gateway measured after it would look faster than the catalog itself.
    if (only.has('search') || only.has('detail') || only.has('categories') || only.has('compression'))
      await wrk(catalogBase, searchPaths)
    for (const [kase, name, paths, direct] of workloads) {
      if (!only.has(kase)) continue
      if (direct) {
        const r = await wrk(catalogBase, paths)
        results[`${name}/direct/${label}`] = r
        printResult(name, 'direct', label, r)
      }
      if (name === 'search') {
        // The same traffic while a probe round re-checks listings (the bench's stack runs no prober).
        const r = await whileRechecked(catalogBase, ids, () => wrk(catalogBase, paths))
        results[`search re-checked/direct/${label}`] = r
        printResult('search re-checked', 'direct', label, r)
        console.log(`    ${r.rechecks} listings re-checked during it (${PROBES_PER_SECOND} a second)`)
      }
      const before = await cacheCounts(stack.gatewayUrl, METRICS_TOKEN)
      const r = await wrk(stack.gatewayUrl, paths)
      const after = await cacheCounts(stack.gatewayUrl, METRICS_TOKEN)
      const hit = after.hit - before.hit
      r.hitRatio = hit / Math.max(1, hit + after.miss - before.miss)
      results[`${name}/gateway/${label}`] = r
      printResult(name, 'gateway', label, r)
    }
    if (label === '5k' && only.has('compression')) Object.assign(results, await compressionBench(stack.gatewayUrl))
    if (label === '5k' && only.has('badge')) Object.assign(results, await badgeBench(stack.gatewayUrl, fresh.url, ids))
    if (label === '5k' && only.has('tools'))
      Object.assign(results, await toolSearchBench(fresh.url, toolQueries, wrk, METRICS_TOKEN))
    if (label === '5k' && only.has('mcp') && existingServices().includes('mcp'))
      Object.assign(results, await mcpBench(stack.gatewayUrl, stack.procs))
    await stack.stop()
  } finally {
    await fresh.drop()
    await dropRun(token)
  }
}

const ratio = (a: number, b: number) => (a / b).toFixed(2)
/** One summary line, when both figures were measured in this run. */
const line = (label: string, a: Result | undefined, b: Result | undefined, of: (r: Result) => number, target = '') => {
  if (a && b) console.log(`${label.padEnd(58)} ${ratio(of(a), of(b))}${target ? `   target ${target}` : ''}`)
}
const rps = (r: Result) => r.rps
const p99 = (r: Result) => r.p99
const at = (key: string) => results[key]
console.log(
  `\nmachine: ${availableParallelism()} cores; wrk -t2 -c${CONNECTIONS} -d${DURATION}s after a 2 s warm-up; PostgreSQL and Redis on loopback; ${queries.length} distinct queries, up to ${DETAIL_IDS} distinct ids`,
)
for (const size of ['5k', '50k']) {
  line(
    `search/categories throughput (${size}, direct):`,
    at(`search/direct/${size}`),
    at(`categories/direct/${size}`),
    rps,
    '>= 0.3',
  )
  line(
    `detail/categories throughput (${size}, direct):`,
    at(`detail/direct/${size}`),
    at(`categories/direct/${size}`),
    rps,
    '>= 0.3',
  )
  line(
    `gateway/direct search throughput (${size}):`,
    at(`search/gateway/${size}`),
    at(`search/direct/${size}`),
    rps,
    '>= 0.8',
  )
  line(`gateway/direct detail throughput (${size}):`, at(`detail/gateway/${size}`), at(`detail/direct/${size}`), rps)
}
for (const size of ['5k', '50k'])
  line(
    `search while re-checked/search throughput (${size}, direct):`,
    at(`search re-checked/direct/${size}`),
    at(`search/direct/${size}`),
    rps,
  )
line('p99(50k)/p99(5k) search (direct):', at('search/direct/50k'), at('search/direct/5k'), p99, '<= 1.5')
line('p99(50k)/p99(5k) search (gateway):', at('search/gateway/50k'), at('search/gateway/5k'), p99, '<= 1.5')
line('search throughput 50k/5k (direct):', at('search/direct/50k'), at('search/direct/5k'), rps, '>= 0.8')
line('p99(50k)/p99(5k) detail (direct):', at('detail/direct/50k'), at('detail/direct/5k'), p99)
line('p99(50k)/p99(5k) categories (direct):', at('categories/direct/50k'), at('categories/direct/5k'), p99)
line(
  'one search URL repeated/categories (5k, via gateway):',
  at('search 1 URL/gateway/5k'),
  at('categories/gateway/5k'),
  rps,
  '>= 0.5',
)
for (const [label, m] of Object.entries(indexMemory))
  console.log(
    `${`search index (${label}, ${m.listings} listings):`.padEnd(58)} ${m.mib.toFixed(1)} MiB, built in ${m.ms.toFixed(0)} ms${label === '50k' ? '   target <= 150 MB' : ''}`,
  )
line('cached badge via gateway/static Bun (stack):', at('badge/stack'), at('badge/static'), rps, '>= 0.5')
line('cached badge via gateway/static Bun (all-in-one):', at('badge/all-in-one'), at('badge/static'), rps, '>= 0.7')
line(
  'categories via gateway/direct throughput (5k):',
  at('categories/gateway/5k'),
  at('categories/direct/5k'),
  rps,
  '>= 0.6',
)
line(
  'search gzip/identity throughput (5k, gateway, medians):',
  at('search gzip/gateway/5k'),
  at('search identity/gateway/5k'),
  rps,
  '>= 0.9',
)
line(
  'search br/identity throughput (5k, gateway, medians):',
  at('search br/gateway/5k'),
  at('search identity/gateway/5k'),
  rps,
  '>= 0.9',
)
line(
  'tool search/server search throughput (5k listings, 150k tools, all-in-one):',
  at('tool search/all-in-one'),
  at('server search/all-in-one'),
  rps,
  '>= 0.5',
)
const rest = at('rest-search-uncached/gateway/5k')
const modern = at('mcp-search-2026/gateway/5k')
const legacy = at('mcp-search/gateway/5k')
if (modern) line('MCP search (2026-07-28)/REST search throughput (5k, gateway, uncached):', modern, rest, rps, '>= 0.8')
if (legacy) line('MCP search (2025)/REST search throughput (5k, gateway, uncached):', legacy, rest, rps, '>= 0.8')
if (modern) line('MCP search (2026-07-28)/REST search p99 (5k, gateway, uncached):', modern, rest, p99)
if (!modern && !legacy && only.has('mcp')) console.log('MCP search: not measured (no mcp service)')
process.exit(0)
