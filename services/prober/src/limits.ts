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
