// `bun run soak [--seconds 600] [--rate 50]`: mixed traffic at a steady rate through the gateway of the stack
// (separate processes on the local PostgreSQL, Redis and NATS; a fresh database, stream and key prefix), with the
// resident memory of every process sampled at the start, every minute and at the end. Prints answers by status,
// latency percentiles, accepted writes found afterwards, and each process's memory growth. Exits 1 on any 5xx,
// unanswered request or lost write.
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { getBadge } from '@mcp-directory/badge/contracts'
import {
  adminImport,
  getHealth,
  getServerById,
  getServerMarkdown,
  listCategories,
  searchServers,
} from '@mcp-directory/catalog/contracts'
import type { BodyOf, Contract } from '@mcp-directory/shared/contracts'
import { type CallInput, pathOf } from '@mcp-directory/shared/public-api'
import {
  createFreshDatabase,
  freePort,
  isolatedEnv,
  loadSharedData,
  runMigrationsAt,
  runToken,
  dropRun,
} from '@mcp-directory/shared/testing'
import { adminListListings, submitServer } from '@mcp-directory/submission/contracts'
import { intOption, parseCommand } from './cli'
import { startStack } from './stack-runner'

const NAME = 'bun run soak'
const USAGE = `usage: ${NAME} [--seconds 600] [--rate 50] [--listings 1000]

Mixed traffic at a steady rate through the gateway of a stack started for the run (fresh database, stream and
key prefix, dropped after), with every process's resident memory sampled at start, every minute and at the end.
Exits 1 on any 5xx, unanswered request or lost write.

  --seconds    how long the traffic runs (1 to 86400)
  --rate       requests per second (1 to 5000)
  --listings   listings of ../shared/data/servers.json imported first (1 to 5047)
  -h, --help   this text`
const { values } = parseCommand({
  name: NAME,
  usage: USAGE,
  options: { seconds: { type: 'string' }, rate: { type: 'string' }, listings: { type: 'string' } },
})
const SECONDS = intOption(NAME, 'seconds', values.seconds, 600, 1, 86_400)
const RATE = intOption(NAME, 'rate', values.rate, 50, 1, 5000)
const LISTINGS = intOption(NAME, 'listings', values.listings, 1000, 1, 5047)

/** A request to one endpoint: the contract's method and path (its parameters and query filled in), the body as JSON. */
function request<C extends Contract>(contract: C, input: CallInput<C> = {}, headers: Record<string, string> = {}) {
  const body = input.body === undefined ? undefined : JSON.stringify(input.body)
  const init: RequestInit = {
    method: contract.method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body,
  }
  return { path: pathOf(contract, input), init }
}

/** Resident memory of a process in MiB (Linux /proc). */
function rssMiB(pid: number | undefined): number {
  if (!pid) return Number.NaN
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
    return kb / 1024
  } catch {
    return Number.NaN
  }
}

const token = runToken()
const fresh = await createFreshDatabase('mcpdir_soak')
const gatewayPort = freePort()
const operatorToken = `soak-operator-token-${token}`
const stack = startStack({
  env: {
    ...isolatedEnv(token, fresh.url),
    LOG_LEVEL: 'error',
    OPERATOR_TOKEN: operatorToken,
    SERVER_SECRET: `soak-server-secret-${token}-0123456789abcdef`,
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITE_PER_HOUR: '1000000',
    PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
  },
  gatewayPort,
  freePorts: true,
  onLine: (label, line) => {
    if (/"level":(50|60)/.test(line)) console.log(`${label}| ${line.slice(0, 300)}`)
  },
})
let failed = false
try {
  await runMigrationsAt(fresh.url)
  await stack.ready(90_000)
  const base = stack.gatewayUrl
  const servers = (await loadSharedData<unknown[]>('servers.json')).slice(0, LISTINGS)
  const operator = { authorization: `Bearer ${operatorToken}` }
  const importing = request(adminImport, { body: servers as BodyOf<typeof adminImport> }, operator)
  const imported = await fetch(base + importing.path, importing.init)
  if (imported.status !== 200) throw new Error(`import: ${imported.status} ${await imported.text()}`)
  await imported.arrayBuffer()
  const queries = (await loadSharedData<{ query: string }[]>('queries.json')).map((q) => q.query)
  const ids: string[] = []
  for (const q of queries.slice(0, 20))
    ids.push(
      ...(
        (await (await fetch(base + pathOf(searchServers, { query: { q, limit: 5 } }))).json()) as {
          servers: { id: string }[]
        }
      ).servers.map((s) => s.id),
    )

  let n = 0
  /** The mix: mostly reads of every kind, 2% submissions. */
  const next = (): { path: string; init?: RequestInit; write?: boolean } => {
    const i = n++
    const params = { id: ids[i % ids.length] ?? 'unknown' }
    switch (i % 50) {
      case 0:
        return {
          ...request(submitServer, {
            body: {
              name: `soak-${token}-${i}`,
              url: `https://github.com/soak-${token}/server-${i}`,
              description: 'A server submitted during the soak',
              category: 'Databases',
              email: `soak-${i}@example.com`,
              license: 'MIT',
            },
          }),
          write: true,
        }
      default: {
        const reads = [
          () => request(searchServers, { query: { q: queries[i % queries.length]! } }),
          () => request(getServerById, { params }),
          () => request(getBadge, { params }),
          () => request(getServerMarkdown, { params }),
          () => request(listCategories),
          () => request(searchServers, { query: { q: queries[(i * 7) % queries.length]!, limit: 5 } }),
          () => request(getHealth),
        ]
        return reads[i % reads.length]!()
      }
    }
  }

  const byStatus: Record<string, number> = {}
  const latencies: number[] = []
  const accepted: string[] = []
  const procs = stack.procs
  const memory: { at: number; rss: number[] }[] = []
  const sample = (at: number) => memory.push({ at, rss: procs.map((p) => rssMiB(p.child?.pid)) })
  // Warm-up (JIT, pools, caches) before the first sample, so growth means growth.
  for (let i = 0; i < 200; i++) await (await fetch(base + next().path)).arrayBuffer()
  sample(0)
  console.log(
    `soak: ${SECONDS} s at ${RATE} req/s of mixed traffic (2% submissions) on ${availableParallelism()} cores, ${LISTINGS} listings`,
  )

  const started = performance.now()
  const inFlight = new Set<Promise<void>>()
  let lastMinute = 0
  for (let k = 0; ; k++) {
    // A steady rate: request k leaves at k/RATE seconds, however long earlier answers took.
    const due = started + (k * 1000) / RATE
    if (due - started >= SECONDS * 1000) break
    const wait = due - performance.now()
    if (wait > 0) await Bun.sleep(wait)
    const elapsed = (performance.now() - started) / 1000
    if (Math.floor(elapsed / 60) > lastMinute) {
      lastMinute = Math.floor(elapsed / 60)
      sample(lastMinute * 60)
      console.log(
        `  ${lastMinute} min: ${k} requests; rss ${procs.map((p, j) => `${p.label} ${memory.at(-1)!.rss[j]!.toFixed(0)}`).join(', ')} MiB`,
      )
    }
    const r = next()
    const t0 = performance.now()
    const p = fetch(base + r.path, { ...r.init, signal: AbortSignal.timeout(15_000) })
      .then(async (res) => {
        const body = await res.text()
        byStatus[res.status] = (byStatus[res.status] ?? 0) + 1
        if (r.write && res.status === 200) accepted.push((JSON.parse(body) as { id: string }).id)
      })
      .catch((err) => {
        const key = err instanceof Error && err.name === 'TimeoutError' ? 'unanswered' : 'network error'
        byStatus[key] = (byStatus[key] ?? 0) + 1
      })
      .finally(() => {
        latencies.push(performance.now() - t0)
        inFlight.delete(p)
      })
    inFlight.add(p)
  }
  await Promise.all(inFlight)
  sample(SECONDS)

  // Every accepted submission is in the moderation queue afterwards.
  const pending = new Set<string>()
  for (let offset = 0; ; offset += 500) {
    const listing = request(adminListListings, { query: { status: 'pending', limit: 500, offset } }, operator)
    const page = (await (await fetch(base + listing.path, listing.init)).json()) as { listings: { id: string }[] }
    for (const l of page.listings) pending.add(l.id)
    if (page.listings.length < 500) break
  }
  const lost = accepted.filter((id) => !pending.has(id)).length

  latencies.sort((a, b) => a - b)
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1)
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0)
  const fiveXX = Object.entries(byStatus)
    .filter(([s]) => /^5/.test(s))
    .reduce((a, [, c]) => a + c, 0)
  const unanswered = (byStatus.unanswered ?? 0) + (byStatus['network error'] ?? 0)
  console.log(`\nsoak results (${new Date().toISOString()}, ${availableParallelism()} cores)`)
  console.log(
    `  requests ${total} in ${SECONDS} s (${(total / SECONDS).toFixed(1)} req/s); answers ${Object.entries(byStatus)
      .sort()
      .map(([s, c]) => `${s}×${c}`)
      .join(' ')}`,
  )
  console.log(`  latency p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`)
  console.log(`  writes accepted ${accepted.length}, found afterwards ${accepted.length - lost}, lost = ${lost}`)
  console.log('  resident memory (MiB) at start → end:')
  const first = memory[0]!
  const last = memory.at(-1)!
  procs.forEach((p, j) => {
    const a = first.rss[j]!
    const b = last.rss[j]!
    console.log(
      `    ${p.label.padEnd(16)} ${a.toFixed(1).padStart(7)} → ${b.toFixed(1).padStart(7)}  (${b >= a ? '+' : ''}${(b - a).toFixed(1)}, restarts ${p.restarts})`,
    )
  })
  failed = fiveXX > 0 || unanswered > 0 || lost > 0
  console.log(
    failed
      ? 'soak: FAILED (5xx, unanswered or lost writes above)'
      : 'soak: no 5xx, every request answered, nothing lost',
  )
} finally {
  await stack.stop()
  await fresh.drop()
  await dropRun(token)
}
process.exit(failed ? 1 : 0)
