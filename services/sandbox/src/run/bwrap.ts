// The bubblewrap command line a package runs under: every namespace unshared (no network: only a loopback of
// its own), a read-only root holding nothing but the system's programs and libraries, a private /tmp and home,
// the installed package read-only, a clean environment, and resource limits set by prlimit inside.
import { existsSync, realpathSync } from 'node:fs'

/** Limits of one start. */
export interface SandboxLimits {
  /** Wall-clock time of the whole start (install excluded), milliseconds. */
  timeMs: number
  /** CPU seconds (RLIMIT_CPU). */
  cpuSeconds: number
  /** Address space in bytes (RLIMIT_AS); a JavaScript runtime needs about 1 GB of it to start. */
  memoryBytes: number
  /** Processes of the sandbox user (RLIMIT_NPROC). */
  processes: number
  /** Bytes read from stdout before the server is cut off. */
  outputBytes: number
  /** Largest file it may write (RLIMIT_FSIZE), in its private /tmp and home. */
  fileBytes: number
  /** Size of each of its private tmpfs, /tmp and home. */
  tmpfsBytes: number
  /** Memory of the whole box, every process together (a cgroup's limit, where one can be made). */
  boxMemoryBytes: number
}

/** Defaults; SANDBOX_* variables override them (services/sandbox/README.md). */
export const DEFAULT_LIMITS: SandboxLimits = {
  timeMs: 30_000,
  cpuSeconds: 20,
  memoryBytes: 1536 * 1024 * 1024,
  processes: 64,
  outputBytes: 4 * 1024 * 1024,
  fileBytes: 64 * 1024 * 1024,
  tmpfsBytes: 256 * 1024 * 1024,
  boxMemoryBytes: 1536 * 1024 * 1024,
}

// System programs, libraries and the runtimes in them only: never /usr/local (a global npmrc, other tools),
// /etc, /home, /root, /var, /srv or the service's own files.
// Debian's nodejs and npm keep their modules in /usr/share/nodejs; the CA certificates /etc/ssl links to and the
// time zones servers read live in /usr/share too. Nothing else of /usr/share.
const SYSTEM_DIRS = [
  '/usr/bin',
  '/usr/lib',
  '/usr/lib64',
  '/usr/lib32',
  '/usr/libexec',
  '/usr/share/nodejs',
  '/usr/share/ca-certificates',
  '/usr/share/zoneinfo',
]
const MERGED = ['/bin', '/lib', '/lib64', '/lib32']

/** Read-only binds of the system directories; a merged-/usr root's /bin and /lib* are symlinks into them. */
export function systemBinds(): string[] {
  const args: string[] = []
  for (const d of SYSTEM_DIRS) if (existsSync(d)) args.push('--ro-bind', d, d)
  for (const d of MERGED) {
    if (!existsSync(d)) continue
    const target = realpathSync(d)
    if (target === `/usr${d}`) args.push('--symlink', `usr${d}`, d)
    else args.push('--ro-bind', d, d)
  }
  return args
}

/** The user a start runs as when the service itself runs as root (nobody): process limits then bind. */
export const SANDBOX_UID = 65534

/** Where the package is seen inside, and where its private home is. */
export const INSIDE = { pkg: '/pkg', home: '/home/sandbox', tmp: '/tmp' } as const

/**
 * The argv of one start: `bwrap … -- prlimit … -- <command>`. `pkgDir` is bound read-only at /pkg; `extraRo`
 * are further read-only binds (host path → inside path), e.g. a runtime outside /usr.
 */
export function bwrapArgs(opts: {
  pkgDir: string
  command: string[]
  env: Record<string, string>
  limits: SandboxLimits
  extraRo?: [string, string][]
}): string[] {
  const { limits } = opts
  const args: string[] = []
  args.push('bwrap', '--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL')
  args.push(...systemBinds())
  // Private /tmp and home, each a tmpfs of bounded size (they count against the host's memory).
  const size = String(limits.tmpfsBytes)
  args.push('--proc', '/proc', '--dev', '/dev', '--size', size, '--tmpfs', INSIDE.tmp)
  args.push('--size', size, '--tmpfs', '/home', '--dir', INSIDE.home)
  args.push('--ro-bind', opts.pkgDir, INSIDE.pkg)
  for (const [from, to] of opts.extraRo ?? []) args.push('--ro-bind', from, to)
  // Everything above is mounted: the root itself becomes read-only.
  args.push('--remount-ro', '/', '--chdir', INSIDE.home, '--clearenv')
  const env: Record<string, string> = {
    PATH: '/usr/bin:/bin',
    HOME: INSIDE.home,
    TMPDIR: INSIDE.tmp,
    LANG: 'C.UTF-8',
    NODE_ENV: 'production',
    ...opts.env,
  }
  for (const [k, v] of Object.entries(env)) args.push('--setenv', k, v)
  args.push(
    '--',
    'prlimit',
    `--cpu=${limits.cpuSeconds}`,
    `--as=${limits.memoryBytes}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileBytes}`,
    '--nofile=256',
    '--core=0',
    '--',
    ...opts.command,
  )
  return args
}
