// Fault scenarios against the directory run as separate processes (scripts/stack-runner.ts) on private PostgreSQL,
// Redis and NATS servers (backing.ts). Each scenario breaks one part under traffic, mends it, and reports what was
// sent, how it was answered, which writes were accepted, which of them are found afterwards, which events were
// published, and how many accepted writes were lost. The same code runs small inside `bun run test`
// (faults.test.ts) and large as `bun run test:faults` (run.ts).
import { connect, JSONCodec } from 'nats'
import { loadSharedData, runMigrationsAt, runToken, freePort } from '@mcp-directory/shared/testing'
import { startStack, type Stack } from '../../scripts/stack-runner'
import { startPrivateNats, startPrivatePostgres, startPrivateRedis, type PrivateServer } from './backing'

/** What one scenario measured. */
export interface FaultReport {
  scenario: string
  sent: number
  byStatus: Record<string, number>
  accepted: number
  found: number
  published: number
  duplicates: number
  lost: number
  /** Requests the client gave up on (no answer within the gateway's timeout plus a margin). */
  hung: number
  checks: { what: string; ok: boolean; detail?: string }[]
}

/** Sizes of a run: small inside the test suite, larger from the command line. */
export interface FaultScale {
  /** Submissions in the NATS burst. */
  burst: number
  /** Reads while Redis is down. */
  reads: number
  /** Submissions while Redis is down. */
  writes: number
  /** Seconds of mixed load around a SIGKILL. */
  killSeconds: number
  /** Parallel clients of the load phases. */
  concurrency: number
  /** Requests to a stopped (slow) upstream. */
  slow: number
}

export const SHORT_SCALE: FaultScale = { burst: 30, reads: 40, writes: 10, killSeconds: 5, concurrency: 6, slow: 4 }
export const LONG_SCALE: FaultScale = {
  burst: 400,
  reads: 1000,
  writes: 100,
  killSeconds: 30,
  concurrency: 16,
  slow: 20,
}

/** Gateway's upstream timeout in these runs: short, so a stopped service turns into a 504 quickly. */
export const UPSTREAM_TIMEOUT_MS = 2000
/** A request with no answer this long after the gateway's timeout counts as hung. */
const HANG_MARGIN_MS = 5000
/** Slack for queueing on a loaded machine when checking that an answer came within the gateway's timeout. */
const ANSWER_SLACK_MS = 2000
/** Public reads per client per minute (the local-limiter check sends one more than this from one address). */
const READ_LIMIT = 150

/** The stack on private backing servers, with a small catalog loaded. */
export interface FaultEnv {
  stack: Stack
  pg: Awaited<ReturnType<typeof startPrivatePostgres>>
  redis: PrivateServer
  nats: PrivateServer
  env: Record<string, string>
  base: string
  operatorToken: string
  activeIds: string[]
  close(): Promise<void>
}

/** Starts private PostgreSQL, Redis and NATS, then the stack on them, and imports a few real listings. */
export async function startFaultEnv(log: (line: string) => void = () => {}): Promise<FaultEnv> {
  const token = runToken()
  const started: { destroy(): Promise<void> }[] = []
  let stack: Stack | null = null
  try {
    const pg = await startPrivatePostgres()
    started.push(pg)
    const redis = await startPrivateRedis()
    started.push(redis)
    const nats = await startPrivateNats()
    started.push(nats)
    const databaseUrl = await pg.database(`mcpdir_faults_${token}`)
    await runMigrationsAt(databaseUrl)
    const gatewayPort = freePort()
    const operatorToken = `fault-operator-token-${token}`
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      NATS_URL: nats.url,
      NATS_STREAM: `FAULTS_${token}`,
      EVENT_SUBJECT_PREFIX: `faults_${token}.directory`,
      REDIS_KEY_PREFIX: `faults:${token}:`,
      LOG_LEVEL: 'warn',
      OPERATOR_TOKEN: operatorToken,
      SERVER_SECRET: `fault-server-secret-${token}-0123456789abcdef`,
      RATE_LIMIT_PER_MINUTE: String(READ_LIMIT),
      RATE_LIMIT_WRITE_PER_HOUR: '100000',
      // Clients are told apart by X-Forwarded-For here, so the load comes from many addresses.
      TRUST_PROXY_HOPS: '1',
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      VIEW_FLUSH_MS: '1000',
      PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
    }
    stack = startStack({ env, gatewayPort, freePorts: true, onLine: (label, line) => log(`${label}| ${line}`) })
    await stack.ready(90_000)
    const base = stack.gatewayUrl
    await waitStatus(`${base}/api/v1/health`, 200, 60_000)
    const servers = (await loadSharedData<unknown[]>('servers.json')).slice(0, 30)
    const imported = await fetch(`${base}/api/v1/admin/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(servers),
    })
    if (imported.status !== 200) throw new Error(`import: ${imported.status} ${await imported.text()}`)
    await imported.arrayBuffer()
    const search = (await (
      await fetch(`${base}/api/v1/search?limit=10`, { headers: { 'x-forwarded-for': '192.0.2.1' } })
    ).json()) as { servers: { id: string }[] }
    const activeIds = search.servers.map((s) => s.id)
    if (activeIds.length === 0) throw new Error('no active listing after the import')
    const s = stack
    return {
      stack: s,
      pg,
      redis,
      nats,
      env,
      base,
      operatorToken,
      activeIds,
      close: async () => {
        await s.stop()
        for (const x of started.reverse()) await x.destroy().catch(() => {})
      },
    }
  } catch (err) {
    await stack?.stop().catch(() => {})
    for (const x of started.reverse()) await x.destroy().catch(() => {})
    throw err
  }
}

/** Polls a URL until it answers `status` (throws after `timeoutMs`). */
async function waitStatus(url: string, status: number, timeoutMs: number, init?: RequestInit): Promise<void> {
  const end = Date.now() + timeoutMs
  let last = 0
  for (;;) {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(3000) })
      last = res.status
      await res.arrayBuffer()
      if (res.status === status) return
    } catch {}
    if (Date.now() > end) throw new Error(`${url}: expected ${status}, last ${last}`)
    await Bun.sleep(200)
  }
}

/** One answer as the client saw it. */
interface Answer {
  status: number | 'hung' | 'network'
  ms: number
  body: unknown
}

/** Sends one request with a hang bound; never throws. */
async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now()
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS + HANG_MARGIN_MS) })
    const text = await res.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: res.status, ms: performance.now() - started, body }
  } catch (err) {
    const hung = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
    return { status: hung ? 'hung' : 'network', ms: performance.now() - started, body: String(err) }
  }
}

/** Whether a body is the API's Error object for its status. */
const isErrorObject = (a: Answer) => {
  const b = a.body as { error?: unknown; message?: unknown; status?: unknown } | null
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.error === 'string' &&
    typeof b.message === 'string' &&
    b.status === a.status
  )
}

/** Collects answers and accepted submissions of one scenario. */
class Tally {
  sent = 0
  byStatus: Record<string, number> = {}
  acceptedIds = new Set<string>()
  maxMs = 0
  notErrorObjects = 0
  constructor(readonly scenario: string) {}
  add(a: Answer, submission = false) {
    this.sent++
    this.byStatus[String(a.status)] = (this.byStatus[String(a.status)] ?? 0) + 1
    this.maxMs = Math.max(this.maxMs, a.ms)
    if (typeof a.status === 'number' && a.status >= 400 && !isErrorObject(a)) this.notErrorObjects++
    const id = (a.body as { id?: unknown } | null)?.id
    if (submission && a.status === 200 && typeof id === 'string') this.acceptedIds.add(id)
  }
  count(status: number | string) {
    return this.byStatus[String(status)] ?? 0
  }
}

let seq = 0
/** A valid, unique submission from a client address of the documentation ranges. */
function submission(fx: FaultEnv, tag: string) {
  const n = ++seq
  const id = `${tag}-${runToken()}-${n}`
  return {
    url: `${fx.base}/api/v1/submit`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${n % 250}` },
      body: JSON.stringify({
        name: `fault-${id}`,
        url: `https://github.com/fault-owner/${id}`,
        description: 'A server submitted during a fault scenario',
        category: 'Databases',
        email: `owner-${n}@example.com`,
        license: 'MIT',
      }),
    } satisfies RequestInit,
  }
}

/** A public read from one of many client addresses. */
function read(fx: FaultEnv, i: number) {
  const id = fx.activeIds[i % fx.activeIds.length]!
  const paths = [
    '/api/v1/search?q=github',
    `/api/v1/servers/${encodeURIComponent(id)}`,
    '/api/v1/categories',
    `/api/badge/${encodeURIComponent(id)}`,
    `/api/v1/mcp/${encodeURIComponent(id)}/markdown`,
    '/api/v1/search?q=database&limit=5',
  ]
  return {
    url: `${fx.base}${paths[i % paths.length]}`,
    init: { headers: { 'x-forwarded-for': `203.0.113.${i % 250}` } },
  }
}

/** Runs `total` requests (or until `until()` says stop) with `concurrency` clients; `done` counts finished ones. */
function drive(
  concurrency: number,
  next: (i: number) => Promise<void>,
  opts: { total?: number; until?: () => boolean },
) {
  const state = { done: 0, issued: 0 }
  const worker = async () => {
    for (;;) {
      if (opts.total !== undefined && state.issued >= opts.total) return
      if (opts.until?.()) return
      const i = state.issued++
      await next(i)
      state.done++
    }
  }
  const finished = Promise.all(Array.from({ length: concurrency }, worker)).then(() => undefined)
  return { state, finished }
}

/** Every listing id the operator queue knows in a status (all pages). */
async function queueIds(fx: FaultEnv, status = 'pending'): Promise<Set<string>> {
  const ids = new Set<string>()
  for (let offset = 0; ; offset += 500) {
    const res = await fetch(`${fx.base}/api/v1/admin/listings?status=${status}&limit=500&offset=${offset}`, {
      headers: { authorization: `Bearer ${fx.operatorToken}` },
    })
    if (res.status !== 200) throw new Error(`moderation queue: ${res.status} ${await res.text()}`)
    const body = (await res.json()) as { listings: { id: string }[] }
    for (const l of body.listings) ids.add(l.id)
    if (body.listings.length < 500) return ids
  }
}

/** How many `listing.submitted` events the stream holds per listing id. */
async function submittedEvents(fx: FaultEnv): Promise<Map<string, number>> {
  const nc = await connect({ servers: fx.nats.url, timeout: 3000 })
  const counts = new Map<string, number>()
  try {
    const jsm = await nc.jetstreamManager()
    const subject = `${fx.env.EVENT_SUBJECT_PREFIX}.listing.submitted`
    const info = await jsm.streams.info(fx.env.NATS_STREAM!).catch(() => null)
    if (!info) return counts
    const codec = JSONCodec<{ id: string }>()
    for (let s = info.state.first_seq; s <= info.state.last_seq && info.state.messages > 0; s++) {
      const m = await jsm.streams.getMessage(fx.env.NATS_STREAM!, { seq: s }).catch(() => null)
      if (!m || m.subject !== subject) continue
      const id = codec.decode(m.data).id
      counts.set(id, (counts.get(id) ?? 0) + 1)
    }
  } finally {
    await nc.close()
  }
  return counts
}

/** Waits until every accepted write is found and has its event, then builds the report. */
async function settle(fx: FaultEnv, t: Tally, checks: FaultReport['checks'], timeoutMs = 30_000): Promise<FaultReport> {
  const end = Date.now() + timeoutMs
  let found = new Set<string>()
  let events = new Map<string, number>()
  for (;;) {
    found = await queueIds(fx).catch(() => found)
    events = await submittedEvents(fx).catch(() => events)
    const complete = [...t.acceptedIds].every((id) => found.has(id) && events.has(id))
    if (complete || Date.now() > end) break
    await Bun.sleep(500)
  }
  const accepted = [...t.acceptedIds]
  const foundN = accepted.filter((id) => found.has(id)).length
  const published = accepted.filter((id) => events.has(id)).length
  const duplicates = accepted.filter((id) => (events.get(id) ?? 0) > 1).length
  const hung = t.count('hung')
  const lost = accepted.length - foundN
  checks.push(
    { what: 'every accepted write is found afterwards', ok: lost === 0, detail: `${foundN}/${accepted.length}` },
    {
      what: 'every accepted write published its event exactly once',
      ok: published === accepted.length && duplicates === 0,
      detail: `${published}/${accepted.length}, ${duplicates} duplicated`,
    },
    { what: 'no request hung', ok: hung === 0, detail: `${hung} hung, slowest ${Math.round(t.maxMs)} ms` },
    { what: 'every error answer is an Error object', ok: t.notErrorObjects === 0, detail: `${t.notErrorObjects} not` },
    {
      what: 'no answer without HTTP (connection refused or reset)',
      ok: t.count('network') === 0,
      detail: `${t.count('network')}`,
    },
  )
  return {
    scenario: t.scenario,
    sent: t.sent,
    byStatus: t.byStatus,
    accepted: accepted.length,
    found: foundN,
    published,
    duplicates,
    lost,
    hung,
    checks,
  }
}

/** Waits until the directory answers again after a fault (health and a search). */
async function recovered(fx: FaultEnv, timeoutMs = 30_000) {
  await waitStatus(`${fx.base}/api/v1/health`, 200, timeoutMs)
  await waitStatus(`${fx.base}/api/v1/search?q=github`, 200, timeoutMs, { headers: { 'x-forwarded-for': '192.0.2.2' } })
}

/** Every process's label, pid and restart count: unchanged means nothing was restarted. */
const pids = (fx: FaultEnv) => fx.stack.procs.map((p) => `${p.label}:${p.child?.pid}:${p.restarts}`).join(',')

/** NATS stopped during a burst of submissions, then started: every accepted write's event is delivered once. */
export async function natsOutage(fx: FaultEnv, scale: FaultScale): Promise<FaultReport> {
  const t = new Tally('NATS stopped during a burst of submissions')
  const checks: FaultReport['checks'] = []
  const load = drive(
    Math.min(scale.concurrency, 8),
    async () => {
      const s = submission(fx, 'nats')
      t.add(await send(s.url, s.init), true)
    },
    { total: scale.burst },
  )
  while (load.state.done < Math.floor(scale.burst / 4)) await Bun.sleep(5)
  await fx.nats.stop()
  const acceptedBeforeStop = t.acceptedIds.size
  await load.finished
  const acceptedWhileDown = t.acceptedIds.size - acceptedBeforeStop
  checks.push({
    what: 'submissions are accepted while NATS is down',
    ok: acceptedWhileDown > 0 && t.count(200) === t.sent,
    detail: `${acceptedWhileDown} accepted while down`,
  })
  await Bun.sleep(1000)
  await fx.nats.start()
  return settle(fx, t, checks)
}

/** Redis stopped: reads keep answering, rate limits fall back to local, confirmation attempts fail closed (503). */
export async function redisOutage(fx: FaultEnv, scale: FaultScale): Promise<FaultReport> {
  const t = new Tally('Redis stopped')
  const checks: FaultReport['checks'] = []
  const email = `fault-agent-${runToken()}@example.com`
  const confirm = () =>
    send(`${fx.base}/api/v1/agent/register/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.30' },
      body: JSON.stringify({ email, code: '000000' }),
    })
  const registered = await send(`${fx.base}/api/v1/agent/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.30' },
    body: JSON.stringify({ email }),
  })
  t.add(registered)
  checks.push({
    what: 'an agent registers before the outage',
    ok: registered.status === 200,
    detail: String(registered.status),
  })

  await fx.redis.stop()
  const reads = new Tally('reads')
  await drive(
    scale.concurrency,
    async (i) => {
      const r = read(fx, i)
      const a = await send(r.url, r.init)
      t.add(a)
      reads.add(a)
    },
    { total: scale.reads },
  ).finished
  checks.push({
    what: 'every public read answers 200 while Redis is down',
    ok: reads.count(200) === reads.sent,
    detail: JSON.stringify(reads.byStatus),
  })

  // One client past the read limit: the local limiter still refuses it.
  const one = new Tally('one client')
  await drive(
    8,
    async () => {
      const a = await send(`${fx.base}/api/v1/categories`, { headers: { 'x-forwarded-for': '192.0.2.99' } })
      t.add(a)
      one.add(a)
    },
    { total: READ_LIMIT + 5 },
  ).finished
  checks.push({
    what: `rate limits fall back to local: one client past ${READ_LIMIT} reads gets 429`,
    ok: one.count(429) >= 1 && one.count(200) >= READ_LIMIT - 1,
    detail: JSON.stringify(one.byStatus),
  })

  const writes = new Tally('writes')
  await drive(
    Math.min(scale.concurrency, 4),
    async () => {
      const s = submission(fx, 'redis')
      const a = await send(s.url, s.init)
      t.add(a, true)
      writes.add(a)
    },
    { total: scale.writes },
  ).finished
  checks.push({
    what: 'submissions are accepted while Redis is down',
    ok: writes.count(200) === writes.sent,
    detail: JSON.stringify(writes.byStatus),
  })

  const attempts: (number | string)[] = []
  for (let i = 0; i < 3; i++) {
    const a = await confirm()
    t.add(a)
    attempts.push(a.status)
  }
  checks.push({
    what: 'confirmation attempts fail closed (503) while Redis is down',
    ok: attempts.every((s) => s === 503),
    detail: attempts.join(','),
  })

  await fx.redis.start()
  // Once the store answers again, a wrong code is an ordinary 400 (its tries counted again).
  const end = Date.now() + 20_000
  let after: Answer = await confirm()
  while (after.status === 503 && Date.now() < end) {
    await Bun.sleep(300)
    after = await confirm()
  }
  t.add(after)
  checks.push({
    what: 'after Redis is back, confirmation counts tries again (400 invalid_code)',
    ok: after.status === 400 && (after.body as { error?: string }).error === 'invalid_code',
    detail: String(after.status),
  })
  return settle(fx, t, checks)
}

/** PostgreSQL restarted: health answers 500 meanwhile, and everything recovers without restarting a service. */
export async function postgresRestart(fx: FaultEnv, scale: FaultScale): Promise<FaultReport> {
  const t = new Tally('PostgreSQL restarted')
  const checks: FaultReport['checks'] = []
  const before = pids(fx)
  let stop = false
  const load = drive(
    Math.min(scale.concurrency, 4),
    async (i) => {
      if (i % 2 === 0) {
        const s = submission(fx, 'pg')
        t.add(await send(s.url, s.init), true)
      } else {
        const r = read(fx, i)
        t.add(await send(r.url, r.init))
      }
      await Bun.sleep(20)
    },
    { until: () => stop },
  )
  await Bun.sleep(500)
  await fx.pg.stop()
  const health: (number | string)[] = []
  const healthMs: number[] = []
  const downUntil = Date.now() + 3000
  while (Date.now() < downUntil) {
    const a = await send(`${fx.base}/api/v1/health`)
    t.add(a)
    health.push(a.status)
    healthMs.push(Math.round(a.ms))
    await Bun.sleep(200)
  }
  checks.push({
    what: 'health answers 500 while PostgreSQL is down',
    ok: health.length > 0 && health.every((s) => s === 500),
    detail: health.map((h, i) => `${h} in ${healthMs[i]} ms`).join(', '),
  })
  await fx.pg.start()
  await recovered(fx)
  await Bun.sleep(500)
  stop = true
  await load.finished
  // After the restart every part works again: a submission, a read, health.
  const s = submission(fx, 'pg-after')
  const afterWrite = await send(s.url, s.init)
  t.add(afterWrite, true)
  const afterRead = await send(`${fx.base}/api/v1/search?q=github`, { headers: { 'x-forwarded-for': '192.0.2.3' } })
  t.add(afterRead)
  checks.push({
    what: 'after the restart a submission and a search succeed',
    ok: afterWrite.status === 200 && afterRead.status === 200,
    detail: `${afterWrite.status},${afterRead.status}`,
  })
  checks.push({ what: 'no service was restarted', ok: pids(fx) === before, detail: pids(fx) })
  return settle(fx, t, checks)
}

/** A service SIGKILLed under load: the gateway answers 502/503 at once, no request hangs, nothing accepted is lost. */
export async function serviceKilled(fx: FaultEnv, scale: FaultScale): Promise<FaultReport> {
  const t = new Tally('catalog, then submission SIGKILLed under load')
  const checks: FaultReport['checks'] = []
  const until = Date.now() + scale.killSeconds * 1000
  const load = drive(
    scale.concurrency,
    async (i) => {
      if (i % 3 === 0) {
        const s = submission(fx, 'kill')
        t.add(await send(s.url, s.init), true)
      } else {
        const r = read(fx, i)
        t.add(await send(r.url, r.init))
      }
    },
    { until: () => Date.now() > until },
  )
  const kill = (label: string) => fx.stack.procs.find((p) => p.label === label)!.child!.kill('SIGKILL')
  await Bun.sleep((scale.killSeconds * 1000) / 4)
  kill('catalog')
  await Bun.sleep((scale.killSeconds * 1000) / 3)
  kill('submission')
  await load.finished
  const unexpected = Object.keys(t.byStatus).filter((s) => !['200', '304', '502', '503', '504'].includes(s))
  checks.push({
    what: 'every answer is 200, 502, 503 or 504',
    ok: unexpected.length === 0,
    detail: JSON.stringify(t.byStatus),
  })
  checks.push({ what: 'the outage was seen (some 502/503)', ok: t.count(502) + t.count(503) > 0 })
  checks.push({
    what: `every answer came within the gateway timeout (${UPSTREAM_TIMEOUT_MS} ms) plus ${ANSWER_SLACK_MS} ms`,
    ok: t.maxMs < UPSTREAM_TIMEOUT_MS + ANSWER_SLACK_MS,
    detail: `slowest ${Math.round(t.maxMs)} ms`,
  })
  await recovered(fx)
  await waitStatus(`${fx.base}/api/v1/admin/listings?limit=1`, 200, 30_000, {
    headers: { authorization: `Bearer ${fx.operatorToken}` },
  })
  return settle(fx, t, checks)
}

/** A slow upstream (its process stopped with SIGSTOP): 504 in bounded time, then normal again. */
export async function slowUpstream(fx: FaultEnv, scale: FaultScale): Promise<FaultReport> {
  const t = new Tally('a slow upstream (catalog paused)')
  const checks: FaultReport['checks'] = []
  const catalog = fx.stack.procs.find((p) => p.label === 'catalog')!
  catalog.child!.kill('SIGSTOP')
  try {
    await Promise.all(
      Array.from({ length: scale.slow }, (_, i) =>
        send(`${fx.base}/api/v1/search?q=slow${i}`, { headers: { 'x-forwarded-for': `192.0.2.${40 + i}` } }).then((a) =>
          t.add(a),
        ),
      ),
    )
  } finally {
    catalog.child!.kill('SIGCONT')
  }
  checks.push({
    what: 'every request to the stopped service answers 504',
    ok: t.count(504) === t.sent,
    detail: JSON.stringify(t.byStatus),
  })
  checks.push({
    what: `within the gateway timeout (${UPSTREAM_TIMEOUT_MS} ms) plus ${ANSWER_SLACK_MS} ms`,
    ok: t.maxMs < UPSTREAM_TIMEOUT_MS + ANSWER_SLACK_MS,
    detail: `slowest ${Math.round(t.maxMs)} ms`,
  })
  await recovered(fx)
  return settle(fx, t, checks)
}

/** Every scenario, in the order they run on one environment (each leaves the directory healthy). */
export const SCENARIOS = [slowUpstream, redisOutage, natsOutage, postgresRestart, serviceKilled]

/** One report as printed lines. */
export function formatReport(r: FaultReport): string {
  const statuses = Object.entries(r.byStatus)
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(' ')
  const lines = [
    `${r.scenario}`,
    `  requests sent ${r.sent}; answers ${statuses}; accepted writes ${r.accepted}; found afterwards ${r.found}; events published ${r.published} (duplicates ${r.duplicates}); hung ${r.hung}; lost = ${r.lost}`,
  ]
  for (const c of r.checks) lines.push(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.what}${c.detail ? ` (${c.detail})` : ''}`)
  return lines.join('\n')
}
