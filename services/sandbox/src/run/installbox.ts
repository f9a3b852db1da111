// The box an install runs in: bubblewrap with the network (it needs the registry) but none of the host's files —
// only the system's programs (npm, pip, their runtimes), the DNS and CA configuration, the operator's install
// configuration read-only, and the install's own work directory. It runs unprivileged (nobody when the service is
// root), with its files' size bounded by RLIMIT_FSIZE and, as a whole, by a quota checked while it extracts.
import { existsSync, lstatSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { systemBinds } from './bwrap'
import { diesWithThisProcess } from './parent-death'
import type { InstallNetwork } from './netconfig'

/** Where the install's work directory is seen inside its box. */
export const INSTALL_DIR = '/box'

/** Bounds of one install. */
export interface InstallLimits {
  /** Bytes on disk of everything it writes (packages, cache). */
  bytes: number
  /** Files and directories it writes. */
  files: number
}

export const DEFAULT_INSTALL_LIMITS: InstallLimits = { bytes: 512 * 1024 * 1024, files: 100_000 }

// Name resolution and the system's CAs; nothing else of /etc.
const ETC = ['/etc/resolv.conf', '/etc/hosts', '/etc/nsswitch.conf', '/etc/ssl', '/etc/ca-certificates']

/** The argv of an install: `bwrap … -- prlimit … -- <command>` (started through `diesWithThisProcess`). */
export function installBoxArgs(opts: {
  workDir: string
  command: string[]
  env: Record<string, string>
  net: InstallNetwork
  limits: InstallLimits
}): string[] {
  const args: string[] = []
  args.push('bwrap', '--unshare-all', '--share-net', '--die-with-parent', '--new-session', '--cap-drop', 'ALL')
  args.push(...systemBinds())
  for (const f of ETC) if (existsSync(f)) args.push('--ro-bind', f, f)
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(64 * 1024 * 1024), '--tmpfs', '/tmp')
  // After /tmp: an npmrc's cafile is bound where the npmrc names it, which may be under /tmp.
  for (const [from, to] of opts.net.binds) args.push('--ro-bind', from, to)
  args.push('--bind', opts.workDir, INSTALL_DIR, '--chdir', INSTALL_DIR, '--clearenv')
  const env: Record<string, string> = {
    PATH: '/usr/bin:/bin',
    HOME: `${INSTALL_DIR}/home`,
    TMPDIR: '/tmp',
    LANG: 'C.UTF-8',
    ...opts.net.env,
    ...opts.env,
  }
  for (const [k, v] of Object.entries(env)) args.push('--setenv', k, v)
  args.push('--', 'prlimit', `--fsize=${opts.limits.bytes}`, '--nofile=1024', '--core=0', '--', ...opts.command)
  return args
}

/** Bytes on disk and entries under `dir`, counting no further than the bounds (a walk never runs away). */
export function diskUse(dir: string, limits: InstallLimits): { bytes: number; files: number } {
  let bytes = 0
  let files = 0
  const stack = [dir]
  while (stack.length && bytes <= limits.bytes && files <= limits.files) {
    const d = stack.pop()!
    let names: string[]
    try {
      names = readdirSync(d)
    } catch {
      continue
    }
    for (const n of names) {
      const p = join(d, n)
      try {
        const st = lstatSync(p)
        files++
        bytes += st.blocks * 512
        if (st.isDirectory()) stack.push(p)
      } catch {
        // removed meanwhile
      }
    }
  }
  return { bytes, files }
}

/**
 * Checks the work directory every `everyMs` while an install runs and calls `exceeded` once it passes a bound;
 * `peak` is the largest size seen (what the host's disk held at most, give or take one interval's writing).
 */
export function watchQuota(dir: string, limits: InstallLimits, exceeded: (why: string) => void, everyMs = 200) {
  let peak = 0
  let over = false
  const check = () => {
    // Counted past the bounds (up to four times them), so the peak reported is what the disk really held.
    const use = diskUse(dir, { bytes: limits.bytes * 4, files: limits.files * 4 })
    peak = Math.max(peak, use.bytes)
    if (over) return
    if (use.bytes > limits.bytes) {
      over = true
      exceeded(`it wrote more than ${Math.round(limits.bytes / 1048576)} MiB`)
    } else if (use.files > limits.files) {
      over = true
      exceeded(`it wrote more than ${limits.files} files`)
    }
  }
  const timer = setInterval(check, everyMs)
  return {
    stop: () => {
      clearInterval(timer)
      check()
      return { peak, over }
    },
  }
}

/** What a boxed install command runs with: its work directory, network configuration, bounds and user. */
export interface BoxedInstall {
  dir: string
  net: InstallNetwork
  limits: InstallLimits
  asNobody: boolean
  timeoutMs: number
  signal?: AbortSignal
}

// The last bytes of an install's output are kept, for the reason of a failure.
const INSTALL_OUTPUT = 64 * 1024

/** One boxed install command's end: its exit code (null: killed), output, and the quota's verdict. */
export interface BoxedRun {
  code: number | null
  output: string
  overQuota: string | null
  peakBytes: number
}

/** Runs one install command in its box, bounded by the quota, the time limit and the caller's signal. */
export async function runBoxed(ctx: BoxedInstall, command: string[], env: Record<string, string>): Promise<BoxedRun> {
  const argv = installBoxArgs({
    workDir: ctx.dir,
    command,
    env,
    net: ctx.net,
    limits: ctx.limits,
  })
  // The install dies with this process, however it ends: bwrap's --die-with-parent takes the box, and the
  // parent-death signal asked for before bwrap starts takes bwrap itself.
  const proc = Bun.spawn(diesWithThisProcess(argv, ctx.asNobody), {
    env: {},
    stdout: 'pipe',
    stderr: 'pipe',
    stdin: 'ignore',
  })
  let overQuota: string | null = null
  const quota = watchQuota(ctx.dir, ctx.limits, (why) => {
    overQuota = why
    proc.kill('SIGKILL')
  })
  const timer = setTimeout(() => proc.kill('SIGKILL'), ctx.timeoutMs)
  ctx.signal?.addEventListener('abort', () => proc.kill('SIGKILL'), { once: true })
  const read = async (s: ReadableStream<Uint8Array>) => (await new Response(s).text()).slice(-INSTALL_OUTPUT)
  const [out, err, code] = await Promise.all([read(proc.stdout), read(proc.stderr), proc.exited])
  clearTimeout(timer)
  const { peak } = quota.stop()
  return { code: proc.signalCode ? null : code, output: `${out}\n${err}`, overQuota, peakBytes: peak }
}
