/**
 * `bun run start` is a wrapper process around the directory: killed outright (SIGKILL, a closed terminal), it
 * would leave the directory running as an orphan, still holding its port, DATA_DIR and sandbox children. Under
 * that wrapper the directory asks Linux for SIGTERM when its parent dies (prctl PR_SET_PDEATHSIG), so it stops
 * the way Ctrl-C stops it. Started any other way (a shell, a container, systemd) nothing changes: a directory
 * started in the background by a shell that then exits keeps running.
 */
import { dlopen, FFIType } from 'bun:ffi'

const PR_SET_PDEATHSIG = 1
const SIGTERM = 15

/** Whether this process was started by `bun run start` (its wrapper runs nothing else). */
export function startedByRunScript(env: Record<string, string | undefined> = process.env): boolean {
  return env.npm_lifecycle_event === 'start' && /all-in-one\.ts\b/.test(env.npm_lifecycle_script ?? '')
}

/** Asks for SIGTERM when the parent process dies; false where that cannot be asked (not Linux, no libc). */
export function stopWithParent(): boolean {
  if (process.platform !== 'linux') return false
  const parent = process.ppid
  try {
    const libc = dlopen('libc.so.6', {
      prctl: { args: [FFIType.i32, FFIType.u64, FFIType.u64, FFIType.u64, FFIType.u64], returns: FFIType.i32 },
    })
    const ok = libc.symbols.prctl(PR_SET_PDEATHSIG, SIGTERM, 0, 0, 0) === 0
    // The parent may have died before the request: then no signal will come, so stop now.
    if (ok && process.ppid !== parent) process.kill(process.pid, 'SIGTERM')
    return ok
  } catch {
    return false
  }
}
