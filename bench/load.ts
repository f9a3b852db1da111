// `bun run bench`: throughput and p50/p99 latency of search, detail and categories at about 5k and 50k listings
// (the real list, repeated with varied names), straight at the catalog and through the gateway, on the real
// PostgreSQL and Redis, measured with wrk in one run. Prints ratios beside their targets. Never part of the tests.
import { availableParallelism } from 'node:os'
import { createCatalogApp } from '@mcp-directory/catalog'
import { SearchIndex } from '../services/catalog/src/search/engine'
import { activeDocumentsAfter } from '../services/catalog/src/search/index-rows'
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
  deleteStream,
} from '@mcp-directory/shared/testing'
import { fail, intOption, parseCommand } from '../scripts/cli'
import { existingServices, startStack } from '../scripts/stack-runner'

const NAME = 'bun run bench'
// `--only badge,categories` runs only those cases (and the 50k catalog only when a case needs it).
const CASES = ['search', 'detail', 'categories', 'badge', 'mcp'] as const
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
const queries = (await loadSharedData<{ query: string }[]>('queries.json')).map((q) => q.query)

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

// How many client addresses the load comes from (see `wrk`).
const CLIENTS = 1000

interface Result {
  rps: number
  p50: number
  p99: number
}

function toMs(v: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(v.trim())
  if (!m) return Number.NaN
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n
}

/** A Lua string literal (wrk's scripts are Lua; JSON string escapes other than \\uXXXX are valid Lua too). */
const lua = (s: string) =>
  JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => [...new TextEncoder().encode(c)].map((b) => `\\${b}`).join(''))

/**
 * Runs wrk over a rotating list of paths at fixed concurrency, after a short warm-up; with `posts`, every request
 * is a POST of the next body (JSON) to the one path given.
 */
async function wrk(
  base: string,
  paths: string[],
  posts?: { bodies: string[]; headers: Record<string, string> },
): Promise<Result> {
  const script = `${process.env.TMPDIR ?? '/tmp'}/bench-${runToken()}.lua`
  // Requests come from CLIENTS addresses in turn (X-Forwarded-For, trusted one hop by the gateway), as a public
  // directory's load does: one client at tens of thousands of requests a second would be near its rate limit, where
  // every request asks Redis (by design), and a run would measure that instead of the gateway.
  const clients = `local clients = {}\nfor c = 1, ${CLIENTS} do clients[c] = "198.18." .. math.floor(c / 256) .. "." .. (c % 256) end\n`
  const source = posts
    ? `${clients}local bodies = {${posts.bodies.map(lua).join(',')}}\nlocal headers = {${Object.entries(posts.headers)
        .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
        .join(
          ', ',
        )}}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  headers["X-Forwarded-For"] = clients[(i % #clients) + 1]\n  return wrk.format("POST", ${lua(paths[0]!)}, headers, bodies[(i % #bodies) + 1])\nend\n`
    : `${clients}local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1], { ["X-Forwarded-For"] = clients[(i % #clients) + 1] })\nend\n`
  await Bun.write(script, source)
  Bun.spawnSync(['wrk', '-t2', `-c${CONNECTIONS}`, '-d2s', '-s', script, base])
  const run = Bun.spawnSync(['wrk', '-t2', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency', '-s', script, base])
  const out = run.stdout.toString()
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
  const p50 = toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '')
  const p99 = toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '')
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1]
  if (non2xx) console.log(`  warning: ${non2xx} non-2xx answers from ${base}`)
  return { rps, p50, p99 }
}

/**
 * Cached badge throughput through the gateway (after one warm-up request per badge) of the stack (gateway and
 * badge processes, Redis) and of the all-in-one process on the same database (in-process store), beside a
 * static Bun.serve answering the same bytes. Servers run in their own processes, since wrk blocks this one.
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
    for (const p of paths) await (await fetch(base + p)).arrayBuffer()
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
 * The MCP endpoint's search tool beside REST search, both through the gateway: a JSON-RPC `tools/call` of
 * `search_mcp_servers` per request (the service is stateless, so each POST stands alone), the same queries.
 */
async function mcpBench(gatewayUrl: string): Promise<Record<string, Result>> {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
  const bodies = queries.map((q, i) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'search_mcp_servers', arguments: { query: q } },
    }),
  )
  // One call first, so a broken endpoint is reported rather than measured.
  const probe = await fetch(`${gatewayUrl}/api/mcp`, { method: 'POST', headers, body: bodies[0] })
  const text = await probe.text()
  if (probe.status !== 200 || !text.includes('"result"')) {
    console.log(`  MCP search: not measured (tools/call answered ${probe.status}: ${text.slice(0, 200)})`)
    return {}
  }
  const r = await wrk(gatewayUrl, ['/api/mcp'], { bodies, headers })
  console.log(
    `  ${'mcp search'.padEnd(10)} ${'gateway'.padEnd(8)} ${'5k'.padEnd(4)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms`,
  )
  return { 'mcp-search/gateway/5k': r }
}

const results: Record<string, Result> = {}
const indexMemory: Record<string, { listings: number; mib: number; ms: number }> = {}

// Memory this process holds: the JS heap and the typed arrays' buffers (the index's postings live in both).
const held = () => {
  Bun.gc(true)
  const m = process.memoryUsage()
  return m.heapUsed + m.arrayBuffers
}

/** What one replica's search index of this catalog takes: built here as the catalog builds it, measured after GC. */
async function measureIndex(database: Database) {
  const before = held()
  const started = performance.now()
  const index = new SearchIndex()
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
      },
      gatewayPort,
      freePorts: true,
      onLine: () => {},
      services: existingServices().filter((s) => s !== 'prober'),
    })
    await stack.ready(60_000)
    const catalogBase = `http://127.0.0.1:${stack.procs.find((p) => p.service === 'catalog')!.port}`
    const ids: string[] = []
    for (const q of queries.slice(0, 20)) {
      const body = (await (await fetch(`${catalogBase}/api/v1/search?q=${encodeURIComponent(q)}&limit=10`)).json()) as {
        servers: { id: string }[]
      }
      ids.push(...body.servers.map((s) => s.id))
    }
    const workloads: Record<string, string[]> = {
      search: queries.map((q) => `/api/v1/search?q=${encodeURIComponent(q)}`),
      detail: ids.map((id) => `/api/v1/servers/${encodeURIComponent(id)}`),
      categories: ['/api/v1/categories'],
    }
    // One discarded pass over the search workload first: the first measurement would otherwise also pay for a
    // cold database cache, and the gateway measured after it would look faster than the catalog itself.
    if (only.has('search') || only.has('detail') || only.has('categories')) await wrk(catalogBase, workloads.search!)
    for (const [name, paths] of Object.entries(workloads)) {
      if (!only.has(name as Case)) continue
      for (const [via, base] of [
        ['direct', catalogBase],
        ['gateway', stack.gatewayUrl],
      ] as const) {
        const r = await wrk(base, paths)
        results[`${name}/${via}/${label}`] = r
        console.log(
          `  ${name.padEnd(10)} ${via.padEnd(8)} ${label.padEnd(4)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms`,
        )
      }
    }
    if (label === '5k' && only.has('badge')) Object.assign(results, await badgeBench(stack.gatewayUrl, fresh.url, ids))
    if (label === '5k' && only.has('mcp') && existingServices().includes('mcp'))
      Object.assign(results, await mcpBench(stack.gatewayUrl))
    await stack.stop()
  } finally {
    await fresh.drop()
    await deleteStream(`TEST_${token}`)
  }
}

const ratio = (a: number, b: number) => (a / b).toFixed(2)
/** One summary line, when both figures were measured in this run. */
const line = (label: string, a: Result | undefined, b: Result | undefined, of: (r: Result) => number, target = '') => {
  if (a && b) console.log(`${label.padEnd(50)} ${ratio(of(a), of(b))}${target ? `   target ${target}` : ''}`)
}
const rps = (r: Result) => r.rps
const p99 = (r: Result) => r.p99
console.log(
  `\nmachine: ${availableParallelism()} cores; wrk -t2 -c${CONNECTIONS} -d${DURATION}s after a 2 s warm-up; PostgreSQL and Redis on loopback`,
)
line('gateway/direct search throughput (5k):', results['search/gateway/5k'], results['search/direct/5k'], rps, '>= 0.8')
line(
  'gateway/direct search throughput (50k):',
  results['search/gateway/50k'],
  results['search/direct/50k'],
  rps,
  '>= 0.8',
)
line(
  'search/categories throughput (5k, both via gateway):',
  results['search/gateway/5k'],
  results['categories/gateway/5k'],
  rps,
  '>= 0.5',
)
line('search throughput 50k/5k (gateway):', results['search/gateway/50k'], results['search/gateway/5k'], rps, '>= 0.8')
line('p99(50k)/p99(5k) search (gateway):', results['search/gateway/50k'], results['search/gateway/5k'], p99, '<= 1.5')
line(
  'detail/categories throughput (5k, both via gateway):',
  results['detail/gateway/5k'],
  results['categories/gateway/5k'],
  rps,
  '>= 0.5',
)
for (const [label, m] of Object.entries(indexMemory))
  console.log(
    `${`search index (${label}, ${m.listings} listings):`.padEnd(50)} ${m.mib.toFixed(1)} MiB, built in ${m.ms.toFixed(0)} ms${label === '50k' ? '   target <= 150 MB' : ''}`,
  )
line('p99(50k)/p99(5k) detail (gateway):', results['detail/gateway/50k'], results['detail/gateway/5k'], p99)
line('p99(50k)/p99(5k) categories (gateway):', results['categories/gateway/50k'], results['categories/gateway/5k'], p99)
line('cached badge via gateway/static Bun (stack):', results['badge/stack'], results['badge/static'], rps, '>= 0.5')
line(
  'cached badge via gateway/static Bun (all-in-one):',
  results['badge/all-in-one'],
  results['badge/static'],
  rps,
  '>= 0.7',
)
line('detail via gateway/direct throughput (5k):', results['detail/gateway/5k'], results['detail/direct/5k'], rps)
line(
  'categories via gateway/direct throughput (5k):',
  results['categories/gateway/5k'],
  results['categories/direct/5k'],
  rps,
  '>= 0.6',
)
const mcp = results['mcp-search/gateway/5k']
if (mcp) {
  line('MCP search tool/REST search throughput (5k, both via gateway):', mcp, results['search/gateway/5k'], rps)
  line('MCP search tool/REST search p99 (5k, both via gateway):', mcp, results['search/gateway/5k'], p99)
} else if (only.has('mcp')) console.log('MCP search: not measured (no mcp service)')
process.exit(0)
