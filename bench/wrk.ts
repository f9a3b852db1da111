// wrk as the bench drives it: a Lua script rotating over many paths (or POST bodies), from many client addresses.
import { rmSync } from 'node:fs'
import { runToken } from '@mcp-directory/shared/testing'

export interface Result {
  rps: number
  p50: number
  p99: number
  /** Share of the requests the gateway's micro-cache answered (measured through the gateway only). */
  hitRatio?: number
  /** CPU each process of the stack spent per request, where measured (`withCpu` in load.ts). */
  cpu?: string
  /** Listings re-checked while it was measured (`whileRechecked` in load.ts). */
  rechecks?: number
  /** Bytes read per answer, headers included (wrk's transfer rate over its request rate). */
  bytesPerAnswer?: number
}

/** What one wrk run sends: GETs of `paths` in turn, or POSTs of `bodies` in turn to `paths[0]`; with extra headers. */
export interface Load {
  paths: string[]
  bodies?: string[]
  headers?: Record<string, string>
}

// How many client addresses the load comes from (see `runWrk`).
const CLIENTS = 1000
// wrk's threads (`-t`).
const THREADS = 2

function toMs(v: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(v.trim())
  if (!m) return Number.NaN
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n
}

/** A Lua string literal (wrk's scripts are Lua; JSON string escapes other than \\uXXXX are valid Lua too). */
const lua = (s: string) =>
  JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => [...new TextEncoder().encode(c)].map((b) => `\\${b}`).join(''))

// Requests come from CLIENTS addresses in turn (X-Forwarded-For, trusted one hop by the gateway), as a public
// directory's load does: one client at tens of thousands of requests a second would be near its rate limit, where
// every request asks Redis (by design), and a run would measure that instead of the gateway.
function scriptOf(load: Load): string {
  const headers = Object.entries(load.headers ?? {})
    .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
    .join(', ')
  const post = load.bodies !== undefined
  const items = post ? load.bodies! : load.paths
  return [
    `local clients = {}\nfor c = 1, ${CLIENTS} do clients[c] = "198.18." .. math.floor(c / 256) .. "." .. (c % 256) end`,
    `local items = {${items.map(lua).join(',')}}`,
    `local headers = {${headers}}`,
    // Each thread has a Lua state of its own: without an offset, both would send the same item at the same moment
    // (every query asked twice at once, which caches answer). Thread k starts k/THREADS of the way in.
    'local started = 0',
    'function setup(thread) thread:set("offset", started) started = started + 1 end',
    'local i = 0',
    `function init(args) i = math.floor((offset or 0) * #items / ${THREADS}) end`,
    'request = function()',
    '  i = i + 1',
    '  headers["X-Forwarded-For"] = clients[(i % #clients) + 1]',
    post
      ? `  return wrk.format("POST", ${lua(load.paths[0]!)}, headers, items[(i % #items) + 1])`
      : '  return wrk.format("GET", items[(i % #items) + 1], headers)',
    'end',
    '',
  ].join('\n')
}

/** Runs wrk over the load at fixed concurrency, after a 2 s warm-up. */
export async function runWrk(
  base: string,
  load: Load,
  opts: { connections: string; seconds: string },
): Promise<Result> {
  const script = `${process.env.TMPDIR ?? '/tmp'}/bench-${runToken()}.lua`
  await Bun.write(script, scriptOf(load))
  // Spawned, not spawned synchronously: this process's timers (a writer beside the load) run while wrk measures.
  const wrk = async (args: string[]) => {
    const run = Bun.spawn(['wrk', `-t${THREADS}`, `-c${opts.connections}`, ...args, '-s', script, base], {
      stdout: 'pipe',
    })
    const [text] = await Promise.all([new Response(run.stdout).text(), run.exited])
    return text
  }
  let out: string
  try {
    await wrk(['-d2s'])
    out = await wrk([`-d${opts.seconds}s`, '--latency'])
  } finally {
    // Each line writes a script of its own: none is left behind.
    rmSync(script, { force: true })
  }
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
  const p50 = toMs(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '')
  const p99 = toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '')
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1]
  if (non2xx) console.log(`  warning: ${non2xx} non-2xx answers from ${base}`)
  const transfer = /Transfer\/sec:\s+([\d.]+)([KMG]?)B/.exec(out)
  const unit = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[transfer?.[2] ?? ''] ?? 1
  const bytesPerAnswer = transfer ? (Number(transfer[1]) * unit) / rps : undefined
  return { rps, p50, p99, bytesPerAnswer }
}

/** The gateway micro-cache's hit and miss counts so far, from its `/metrics`. */
export async function cacheCounts(gatewayUrl: string, token: string): Promise<{ hit: number; miss: number }> {
  const text = await (await fetch(`${gatewayUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text()
  const count = (result: string) =>
    Number(
      new RegExp(`cache_lookups_total\\{[^}]*cache="gateway"[^}]*result="${result}"[^}]*\\} (\\d+)`).exec(text)?.[1] ??
        0,
    )
  return { hit: count('hit'), miss: count('miss') }
}

/** One result line, as every case prints it. */
export function printResult(name: string, via: string, label: string, r: Result): void {
  const hits = r.hitRatio === undefined ? '' : `   cache hits ${(r.hitRatio * 100).toFixed(0).padStart(3)} %`
  console.log(
    `  ${name.padEnd(16)} ${via.padEnd(8)} ${label.padEnd(4)} ${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(7)} ms   p99 ${r.p99.toFixed(2).padStart(7)} ms${hits}`,
  )
}
