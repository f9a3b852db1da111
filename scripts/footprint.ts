// `bun run footprint [--after 60] [--idle 180]`: the all-in-one's resident memory through an import of the real
// catalog, as an operator runs it: `bun run start` with the defaults (probing and sandbox on) on a fresh DATA_DIR,
// then `bun run import ../shared/data/servers.json` through the running directory, with the directory's RSS read
// from /proc every 0.2 s. Prints the peak during the import, the peak after it, the RSS one minute after, and the
// RSS once idle, in MiB, with the kernel's own high-water mark (VmHWM) and the peak of the directory with the
// processes below it (its sandbox's resolvers, installs and boxes); then restarts the directory on the same
// DATA_DIR and prints its RSS once idle with the catalog loaded.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { descendants, freePort } from '@mcp-directory/shared/testing'
import { intOption, parseCommand } from './cli'

const NAME = 'bun run footprint'
const USAGE = `usage: ${NAME} [--after 60] [--idle 180]

Starts the all-in-one with its defaults on a fresh DATA_DIR (removed after), imports ../shared/data/servers.json
through it and prints its resident memory (sampled every 0.2 s): peak during the import, peak after it, at
--after seconds after it, and at --idle seconds after it; then restarts it on that DATA_DIR and prints its
memory --idle seconds after it listens, with the catalog loaded.

  --after     seconds after the import for the "after" figure (1 to 3600)
  --idle      seconds after the import for the "idle" figure (at least --after, up to 7200); also how long the
              restarted directory is left before its figure
  -h, --help  this text`
const { values } = parseCommand({
  name: NAME,
  usage: USAGE,
  options: { after: { type: 'string' }, idle: { type: 'string' } },
})
const AFTER = intOption(NAME, 'after', values.after, 60, 1, 3600)
const IDLE = intOption(NAME, 'idle', values.idle, 180, AFTER, 7200)

const ROOT = join(import.meta.dir, '..')
const SERVERS = join(ROOT, '../shared/data/servers.json')

/** A field of /proc/<pid>/status in MiB (VmRSS, VmHWM), or NaN once the process is gone. */
function statusMiB(pid: number, field: string): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024
  } catch {
    return Number.NaN
  }
}

/** The RSS of the directory with every process below it, in MiB (a process gone meanwhile counts nothing). */
const treeMiB = (pid: number) =>
  descendants(pid).reduce((sum, child) => sum + (statusMiB(child, 'VmRSS') || 0), statusMiB(pid, 'VmRSS'))

const dataDir = mkdtempSync(join(tmpdir(), 'mcpdir-footprint-'))
const port = freePort()
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }

/** Starts the directory and resolves once it listens; its RSS is sampled every 0.2 s from then on. */
async function startDirectory() {
  const proc = Bun.spawn(['bun', 'gateway/src/all-in-one.ts'], { cwd: ROOT, env, stdout: 'pipe', stderr: 'inherit' })
  const samples: { t: number; mib: number; tree: number }[] = []
  const sampler = setInterval(
    () => samples.push({ t: performance.now(), mib: statusMiB(proc.pid, 'VmRSS'), tree: treeMiB(proc.pid) }),
    200,
  )
  const reader = proc.stdout.getReader()
  let out = ''
  while (!out.includes('listening on')) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`the directory ended before listening:\n${out}`)
    out += new TextDecoder().decode(value)
  }
  void (async () => {
    while (!(await reader.read()).done) {}
  })()
  const stop = async () => {
    clearInterval(sampler)
    proc.kill('SIGTERM')
    await proc.exited
  }
  return { proc, samples, stop }
}

const line = (label: string, mib: number) => console.log(`${label.padEnd(38)} ${mib.toFixed(0).padStart(5)} MiB`)
let running: Awaited<ReturnType<typeof startDirectory>> | null = null
try {
  running = await startDirectory()
  const { proc, samples } = running
  const peak = (from: number, to: number) =>
    Math.max(...samples.filter((s) => s.t >= from && s.t <= to && Number.isFinite(s.mib)).map((s) => s.mib))
  const at = (t: number) => samples.findLast((s) => s.t <= t)?.mib ?? Number.NaN
  const started = performance.now()
  const readyMiB = statusMiB(proc.pid, 'VmRSS')
  const importer = Bun.spawn(['bun', 'run', 'import', SERVERS], { cwd: ROOT, env, stdout: 'pipe', stderr: 'pipe' })
  const [code, summary] = await Promise.all([importer.exited, new Response(importer.stdout).text()])
  if (code !== 0) throw new Error(`import exited ${code}: ${await new Response(importer.stderr).text()}`)
  const ended = performance.now()
  await Bun.sleep(IDLE * 1000 + 300)
  console.log(summary.trim().split('\n')[0])
  line('started (listening, demo catalog)', readyMiB)
  line(`peak during import (${((ended - started) / 1000).toFixed(0)} s)`, peak(started, ended))
  line(`peak after import (${AFTER} s)`, peak(ended, ended + AFTER * 1000))
  line(`${AFTER} s after import`, at(ended + AFTER * 1000))
  line(`peak ${AFTER}–${IDLE} s after import`, peak(ended + AFTER * 1000, ended + IDLE * 1000))
  line(`idle (${IDLE} s after import)`, at(ended + IDLE * 1000))
  line('VmHWM (kernel high-water mark)', statusMiB(proc.pid, 'VmHWM'))
  // The sandbox's resolvers, installs and boxes are processes of their own: the whole tree, for the record.
  const tree = samples.filter((x) => x.t >= started && x.t <= ended + IDLE * 1000 && Number.isFinite(x.tree))
  line('peak with its sandbox processes', Math.max(...tree.map((x) => x.tree)))
  await running.stop()
  // The same DATA_DIR started again: what the directory costs idle with the catalog loaded.
  running = await startDirectory()
  await Bun.sleep(IDLE * 1000)
  line(`restarted with the catalog, ${IDLE} s idle`, statusMiB(running.proc.pid, 'VmRSS'))
  line(
    'restarted: peak while starting and idle',
    Math.max(...running.samples.map((s) => s.mib).filter(Number.isFinite)),
  )
} finally {
  await running?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
