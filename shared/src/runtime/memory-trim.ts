// Gives the memory a process freed back to the system. A collection frees objects, but the runtime's allocator keeps
// the pages they lived on for reuse, so a process stays at the size of its highest heap: after an import of the
// 5,047 listings of the real list, 280 MiB where a restart on the same data sits at 240, and a full collection alone
// does not move it. Bun.shrink() has JavaScriptCore collect and release its free pages the next time it is idle
// (deprecated in Bun's types, with nothing in its place; a test checks it is still there).

/** How often the resident memory is read, and how much it may grow between two trims. */
const TRIM_CHECK_MS = 5_000
const TRIM_GROWTH_BYTES = 4 * 1024 * 1024
// A trim stops the process for tens of milliseconds (hundreds at 50k listings), so it waits while the process serves
// more than this many requests between two checks (20 a second): a pause under load lands on every request in
// flight, and the runtime's own collections bound the heap meanwhile. An import (one request) and a quiet directory
// pass it; health, readiness and metrics requests are not counted.
const BUSY_REQUESTS = 100

/** One trim: a full collection, then the free pages released once the runtime is idle. */
function releaseFreeMemory(): void {
  Bun.gc(true)
  ;(Bun as { shrink?: () => void }).shrink?.()
}

/** What a trimmer reads and does; tests give their own. */
export interface MemoryTrimOptions {
  checkMs?: number
  growthBytes?: number
  rss?: () => number
  release?: () => void
  /** How many requests the process has answered so far (none: never busy). */
  requests?: () => number
  busyRequests?: number
}

/**
 * One check of a trimmer: trims when the resident memory grew `growthBytes` since the last trim settled, and reads
 * where a trim settled at the check after it (the release happens when the runtime is next idle); does nothing
 * while more than `busyRequests` requests were answered since the check before.
 */
export function trimCheck(opts: MemoryTrimOptions = {}): () => void {
  const growthBytes = opts.growthBytes ?? TRIM_GROWTH_BYTES
  const readRss = opts.rss ?? (() => process.memoryUsage.rss())
  const release = opts.release ?? releaseFreeMemory
  const requests = opts.requests ?? (() => 0)
  const busyRequests = opts.busyRequests ?? BUSY_REQUESTS
  let base = readRss()
  let trimmed = false
  let answered = requests()
  return () => {
    const count = requests()
    const busy = count - answered > busyRequests
    answered = count
    if (busy) return
    const rss = readRss()
    if (trimmed || rss < base) {
      trimmed = false
      base = rss
      return
    }
    if (rss - base < growthBytes) return
    release()
    trimmed = true
  }
}

/**
 * Checks every `checkMs` (trimCheck): at most one full collection per check (tens of milliseconds at this
 * directory's heap), none while the size holds. Returns its stop.
 */
export function startMemoryTrim(opts: MemoryTrimOptions = {}): () => void {
  const timer = setInterval(trimCheck(opts), opts.checkMs ?? TRIM_CHECK_MS)
  timer.unref?.()
  return () => clearInterval(timer)
}
