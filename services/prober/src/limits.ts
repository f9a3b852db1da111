// Politeness in one process: a global limit on probes at once, and a smaller one per host.

/** A counting semaphore: `run` waits for a free slot, holds it while `fn` runs. */
export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []
  constructor(private readonly size: number) {}

  async acquire(): Promise<void> {
    if (this.active < this.size) {
      this.active++
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }

  release(): void {
    const next = this.waiting.shift()
    // The slot passes straight to the next waiter, so `active` is unchanged.
    if (next) next()
    else this.active--
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.acquire()
    try {
      return await fn()
    } finally {
      this.release()
    }
  }

  /** Slots in use. */
  get inUse(): number {
    return this.active
  }
}

/** One semaphore per host, made on first use and dropped when idle (so the map stays small). */
export class HostLimiter {
  private readonly hosts = new Map<string, { sem: Semaphore; users: number }>()
  constructor(private readonly perHost: number) {}

  async run<T>(host: string, fn: () => Promise<T>): Promise<T> {
    const key = host.toLowerCase()
    let entry = this.hosts.get(key)
    if (!entry) {
      entry = { sem: new Semaphore(this.perHost), users: 0 }
      this.hosts.set(key, entry)
    }
    entry.users++
    try {
      return await entry.sem.run(fn)
    } finally {
      if (--entry.users === 0) this.hosts.delete(key)
    }
  }
}

/**
 * Probes started per second per process. A large import queues every new listing at once; at this pace its probes
 * (and the facts writes, events, index updates and cache invalidations each one fans out into) are spread over
 * minutes instead of piling up in one process: 5,047 listings take about 21 minutes, and a round of 20,000 (the
 * default budget) about 83 of its 720. Each probe of a listing with a repository makes two GitHub requests, so this
 * is also about the pace GitHub's per-host limit allowed before.
 */
export const PROBES_PER_SECOND = 4

/**
 * Spaces the starts of work out: `wait` resolves at most `perSecond` times a second, and always through a timer,
 * so the timers and I/O of the whole process (the outbox relay, the index's event batches, requests) run between
 * two starts even when every await of a job resolves at once (embedded PostgreSQL answers without I/O).
 */
export class Pacer {
  private next = 0
  constructor(private readonly perSecond: number) {}

  async wait(): Promise<void> {
    const now = performance.now()
    const at = Math.max(now, this.next)
    this.next = at + 1000 / this.perSecond
    await new Promise<void>((resolve) => setTimeout(resolve, at - now))
  }
}
