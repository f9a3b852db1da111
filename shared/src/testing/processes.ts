// A process's place in the tree, read from Linux's /proc: for tests that check nothing outlives its parent, and for
// figures that count a process with everything it started (`bun run footprint`).
import { readdirSync, readFileSync } from 'node:fs'

/** Parent pid of a process, or null once it is gone. */
export function parentOf(pid: number): number | null {
  try {
    return Number(
      readFileSync(`/proc/${pid}/stat`, 'utf8')
        .replace(/^.*\) /s, '')
        .split(' ')[1],
    )
  } catch {
    return null
  }
}

/** Every live process below `pid`. */
export function descendants(pid: number): number[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
  const below = new Set([pid])
  for (let grew = true; grew; ) {
    grew = false
    for (const p of all)
      if (!below.has(p) && below.has(parentOf(p) ?? -1)) {
        below.add(p)
        grew = true
      }
  }
  below.delete(pid)
  return [...below]
}

/** A process's command line, its arguments joined by spaces ('' once it is gone). */
export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}
