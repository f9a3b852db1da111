// Limits of a box as a whole: every process of one start together, in a cgroup of its own (memory and process
// count), where the service can make one — a cgroup v2 directory delegated to it (SANDBOX_CGROUP, or its own
// cgroup when memory and pids are enabled for its children), or the v1 memory and pids hierarchies. Where it
// cannot, the honest fallback is per process (prlimit) plus size-bounded tmpfs, and the status says so.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** How boxes are bounded on this machine. */
export type BoxLimitMode =
  | { kind: 'cgroup2'; parent: string }
  | { kind: 'cgroup1'; memory: string; pids: string }
  | { kind: 'per-process'; why: string }

const CGROUP_ROOT = '/sys/fs/cgroup'

/** The service's own cgroup paths, by controller ('' for the unified hierarchy). */
function ownCgroups(): Map<string, string> {
  const paths = new Map<string, string>()
  const text = existsSync('/proc/self/cgroup') ? readFileSync('/proc/self/cgroup', 'utf8') : ''
  for (const line of text.split('\n')) {
    const [, controllers, path] = line.split(':')
    if (path === undefined) continue
    for (const c of controllers!.split(',')) paths.set(c, path)
  }
  return paths
}

/** Whether a child can be made (and removed) under `dir`. */
function canMakeChild(dir: string): boolean {
  const probe = join(dir, `mcp-sandbox-probe-${process.pid}`)
  try {
    mkdirSync(probe)
    rmdirSync(probe)
    return true
  } catch {
    return false
  }
}

const controllersOf = (dir: string, file: string) => {
  try {
    return readFileSync(join(dir, file), 'utf8').trim().split(/\s+/)
  } catch {
    return []
  }
}

/** Finds how this machine lets the service bound a box as a whole. */
export function detectBoxLimits(env: NodeJS.ProcessEnv = process.env): BoxLimitMode {
  const own = ownCgroups()
  const unified = existsSync(join(CGROUP_ROOT, 'cgroup.controllers')) ? CGROUP_ROOT : null
  const candidates = [env.SANDBOX_CGROUP, unified && own.has('') ? join(unified, own.get('')!) : undefined]
  for (const dir of candidates) {
    if (!dir || !existsSync(dir)) continue
    const enabled = controllersOf(dir, 'cgroup.subtree_control')
    if (enabled.includes('memory') && enabled.includes('pids') && canMakeChild(dir))
      return { kind: 'cgroup2', parent: dir }
  }
  if (env.SANDBOX_CGROUP) return { kind: 'per-process', why: `SANDBOX_CGROUP ${env.SANDBOX_CGROUP} is not usable` }
  const memory = own.has('memory') ? join(CGROUP_ROOT, 'memory', own.get('memory')!) : null
  const pids = own.has('pids') ? join(CGROUP_ROOT, 'pids', own.get('pids')!) : null
  if (memory && pids && canMakeChild(memory) && canMakeChild(pids)) return { kind: 'cgroup1', memory, pids }
  return {
    kind: 'per-process',
    why: 'no cgroup with the memory and pids controllers can be made (see services/sandbox/README.md)',
  }
}

/** One box's cgroup: how its command joins it, whether the kernel killed for memory in it, and its removal. */
export interface BoxCgroup {
  /** `argv` prefixed with a shell that moves itself into the cgroup, then becomes `argv`. */
  wrap(argv: string[]): string[]
  oomKilled(): boolean
  destroy(): void
}

let made = 0

/** Makes a box's cgroup with its memory and process bounds; null in per-process mode. */
export function boxCgroup(mode: BoxLimitMode, memoryBytes: number, processes: number): BoxCgroup | null {
  if (mode.kind === 'per-process') return null
  const name = `mcp-sandbox-${process.pid}-${++made}`
  const dirs = mode.kind === 'cgroup2' ? [join(mode.parent, name)] : [join(mode.memory, name), join(mode.pids, name)]
  for (const d of dirs) mkdirSync(d)
  const [mem, pids] = mode.kind === 'cgroup2' ? [dirs[0]!, dirs[0]!] : [dirs[0]!, dirs[1]!]
  if (mode.kind === 'cgroup2') {
    writeFileSync(join(mem, 'memory.max'), String(memoryBytes))
    if (existsSync(join(mem, 'memory.swap.max'))) writeFileSync(join(mem, 'memory.swap.max'), '0')
  } else {
    writeFileSync(join(mem, 'memory.limit_in_bytes'), String(memoryBytes))
    if (existsSync(join(mem, 'memory.memsw.limit_in_bytes')))
      writeFileSync(join(mem, 'memory.memsw.limit_in_bytes'), String(memoryBytes))
  }
  writeFileSync(join(pids, 'pids.max'), String(processes))
  const oomFile = mode.kind === 'cgroup2' ? join(mem, 'memory.events') : join(mem, 'memory.oom_control')
  return {
    wrap: (argv) => ['sh', '-c', JOIN, 'sh', String(dirs.length), ...dirs, ...argv],
    oomKilled: () => {
      const m = /oom_kill (\d+)/.exec(readFileSync(oomFile, 'utf8'))
      return !!m && Number(m[1]) > 0
    },
    destroy: () => {
      for (const d of dirs) {
        for (const pid of readProcs(d)) killQuietly(pid)
        for (let i = 0; i < 20; i++) {
          try {
            rmdirSync(d)
            break
          } catch {
            Bun.sleepSync(25)
          }
        }
      }
    },
  }
}

// `sh -c JOIN sh <n> <dir>… <argv>…`: the shell moves itself into each of the n cgroups, then becomes argv (its
// children, the whole box, are born inside). 125: it could not join, and nothing started.
const JOIN =
  'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1/cgroup.procs" || exit 125; shift; n=$((n-1)); done; exec "$@"'

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Removes the box cgroups a killed service left: `mcp-sandbox-<pid>-<n>` of a pid no longer running, once empty
 * (its box died with it: bubblewrap's --die-with-parent).
 */
export function sweepCgroups(mode: BoxLimitMode): number {
  if (mode.kind === 'per-process') return 0
  let removed = 0
  for (const parent of mode.kind === 'cgroup2' ? [mode.parent] : [mode.memory, mode.pids]) {
    let names: string[] = []
    try {
      names = readdirSync(parent)
    } catch {
      continue
    }
    for (const name of names) {
      const pid = Number(/^mcp-sandbox-(\d+)-\d+$/.exec(name)?.[1])
      // Only empty ones: a replica in another pid namespace may share the parent, and its boxes are not ours.
      if (!pid || alive(pid) || readProcs(join(parent, name)).length) continue
      try {
        rmdirSync(join(parent, name))
        removed++
      } catch {
        // gone meanwhile
      }
    }
  }
  return removed
}

function readProcs(dir: string): number[] {
  try {
    return readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number)
  } catch {
    return []
  }
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // gone
  }
}
