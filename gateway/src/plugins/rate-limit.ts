import { clientKey } from '@mcp-directory/shared/http'
import type { KeyValueStore, WindowAdd } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'

/** A limit class: how many requests per window. */
export interface LimitClass {
  name: string
  limit: number
  windowMs: number
}

/** The outcome of counting one request. */
export interface RateDecision {
  allowed: boolean
  limit: number
  remaining: number
  /** Seconds until the window resets (delta-seconds). */
  resetSeconds: number
}

/** Options of the rate limiter. */
export interface RateLimiterOptions {
  /** How often hits counted here are added to the shared store, in one round trip for every client (default 100 ms). */
  syncIntervalMs?: number
}

/** How often local counts reach the shared store unless a test asks otherwise. */
export const RATE_LIMIT_SYNC_MS = 100

// Local counts of one client in one limit class: what the shared store last said, and this gateway's hits since.
interface Window {
  cls: LimitClass
  /** The shared count at the last answer from the store (every replica's hits, ours included). */
  shared: number
  /** Hits counted here and not yet sent. */
  pending: number
  /** Hits sent and not yet acknowledged. */
  sending: number
  /** When the window ends (the store's TTL once it answered). */
  resetAt: number
}

/** The client's window of a class, a new one when there is none or it ended. */
function windowIn(windows: Map<string, Window>, key: string, cls: LimitClass, now: number): Window {
  let w = windows.get(key)
  if (!w || w.resetAt <= now) {
    w = { cls, shared: 0, pending: 0, sending: 0, resetAt: now + cls.windowMs }
    windows.set(key, w)
  }
  return w
}

/** Every hit of a window this process knows of: the store's count, what is on its way, what is not sent yet. */
const counted = (w: Window) => w.shared + w.sending + w.pending

const decision = (w: Window, count: number, now: number): RateDecision => ({
  allowed: count <= w.cls.limit,
  limit: w.cls.limit,
  remaining: Math.max(0, w.cls.limit - counted(w)),
  resetSeconds: Math.max(1, Math.ceil((w.resetAt - now) / 1000)),
})

/**
 * The store key of a client's count in a limit class: an IPv6 client is counted as its /64 (`clientKey`), as the
 * operator lockout and agent-auth count it, since a host picks any address in its /64 at will.
 */
const keyOf = (cls: LimitClass, client: string) => `rl:${cls.name}:${clientKey(client)}`

/**
 * Whether a count is decided by this process: the store is not asked (none is shared, or it is down), the count is
 * far from the limit, or the store already said the limit is spent.
 */
const decidedHere = (w: Window, count: number, storeAsked: boolean) =>
  !storeAsked || count * 2 <= w.cls.limit || w.shared > w.cls.limit

/**
 * Sends these windows' pending hits in one round trip and takes the store's counts; when the store fails the hits
 * stay pending and the failure is thrown.
 */
async function sendBatch(store: KeyValueStore, batch: [string, Window][]): Promise<void> {
  const items: WindowAdd[] = []
  const sent: number[] = []
  for (const [key, w] of batch) {
    items.push({ key, windowMs: w.cls.windowMs, count: w.pending })
    sent.push(w.pending)
    w.sending += w.pending
    w.pending = 0
  }
  try {
    const answers = await store.hitMany(items)
    const now = Date.now()
    batch.forEach(([, w], i) => {
      w.sending -= sent[i]!
      // Answers on one connection arrive in order, so a later answer never counts less; max() keeps it so anyway.
      w.shared = Math.max(w.shared, answers[i]!.count)
      w.resetAt = now + answers[i]!.resetMs
    })
  } catch (err) {
    batch.forEach(([, w], i) => {
      w.sending -= sent[i]!
      w.pending += sent[i]!
    })
    throw err
  }
}

/** Every window with hits not yet sent (or hits taken back: a negative count); ended windows are forgotten. */
function pendingBatch(windows: Map<string, Window>, now: number): [string, Window][] {
  const batch: [string, Window][] = []
  for (const [key, w] of windows) {
    if (w.resetAt <= now) {
      if (w.sending === 0) windows.delete(key)
    } else if (w.pending !== 0) batch.push([key, w])
  }
  return batch
}

/** A client's count in a class without counting: `allowed` says whether one more request would be within. */
function peekIn(windows: Map<string, Window>, cls: LimitClass, client: string): RateDecision {
  const now = Date.now()
  const w = windows.get(keyOf(cls, client))
  if (!w || w.resetAt <= now) return decision(windowIn(new Map(), '', cls, now), 1, now)
  return decision(w, counted(w) + 1, now)
}

/**
 * Takes back a hit counted in the client's current window (a write that failed counts as a failure instead); the
 * store gets it with the next batch, as a negative count. Nothing when that window has ended.
 */
function refundIn(windows: Map<string, Window>, cls: LimitClass, client: string): void {
  const w = windows.get(keyOf(cls, client))
  if (w && w.resetAt > Date.now() && counted(w) > 0) w.pending--
}

/**
 * Counts requests per client in fixed windows, locally, and adds the counts to the shared store (Redis) in
 * batches every `syncIntervalMs`, so a request costs no round trip and every replica still enforces one limit:
 *
 * - While a client's count (the shared count last seen plus this gateway's hits since) is at most half its limit,
 *   requests are decided here and the hits travel with the next batch.
 * - Past half the limit, each request adds its hits to the store at once and is decided on the store's answer,
 *   so the edge of the limit is decided on the global count; once the store says the limit is spent, refusals
 *   are decided here again until the window ends (a fixed window's count only grows).
 *
 * What the store has not yet seen are the hits other replicas counted since their last batch, so the overshoot
 * is at most `(replicas − 1) × min(rate × (syncIntervalMs + round trip), limit / 2)`, `rate` being the client's
 * requests per second at one replica; one replica never overshoots. When the store fails, the local counts
 * decide alone (each replica its own limit) and the switch is logged; batches resume as soon as it answers.
 * An in-process store (all-in-one) is this process's own count: everything is decided here.
 */
export function createRateLimiter(store: KeyValueStore, log: Logger, opts: RateLimiterOptions = {}) {
  const windows = new Map<string, Window>()
  const shared = store.kind !== 'memory'
  let degraded = false
  let syncing: Promise<void> | null = null

  const markDegraded = (err: unknown) => {
    if (!degraded) log.warn({ err: String(err) }, 'rate limiter: shared store failed; using the local limiter')
    degraded = true
  }
  const markHealthy = () => {
    if (degraded) log.info('rate limiter: shared store is back')
    degraded = false
  }

  const windowOf = (key: string, cls: LimitClass, now: number) => windowIn(windows, key, cls, now)
  /** Sends these windows' pending hits in one round trip; the limiter's health follows the answer. */
  async function send(batch: [string, Window][]): Promise<boolean> {
    try {
      await sendBatch(store, batch)
      markHealthy()
      return true
    } catch (err) {
      markDegraded(err)
      return false
    }
  }

  /** One batch: every window with hits not yet sent; ended windows are forgotten. */
  function sync(): Promise<void> {
    syncing ??= (async () => {
      const batch = pendingBatch(windows, Date.now())
      // A few thousand keys per script call keeps one call short on the Redis side.
      for (let i = 0; i < batch.length; i += 2000) if (!(await send(batch.slice(i, i + 2000)))) break
    })().finally(() => {
      syncing = null
    })
    return syncing
  }

  const timer = setInterval(
    () => {
      if (shared) void sync()
      else {
        // Forget ended windows, so memory follows the clients of the current window only.
        const now = Date.now()
        for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key)
      }
    },
    shared ? (opts.syncIntervalMs ?? RATE_LIMIT_SYNC_MS) : 10_000,
  )
  timer.unref?.()

  return {
    async check(cls: LimitClass, client: string): Promise<RateDecision> {
      const key = keyOf(cls, client)
      const now = Date.now()
      const w = windowOf(key, cls, now)
      w.pending++
      const count = counted(w)
      if (decidedHere(w, count, shared && !degraded)) return decision(w, count, now)
      // Near the limit: this client's hits go to the store now, and the store's count decides.
      if (!(await send([[key, w]]))) return decision(w, counted(w), Date.now())
      return decision(w, w.shared + w.sending + w.pending, Date.now())
    },
    /**
     * As `check`, without waiting: counts and admits the request when that is decided here and it is within the
     * limit; otherwise counts nothing and returns null, and `check` decides it (near the limit, or a refusal).
     */
    checkNow(cls: LimitClass, client: string): RateDecision | null {
      const now = Date.now()
      const w = windowOf(keyOf(cls, client), cls, now)
      const count = counted(w) + 1
      if (count > cls.limit || !decidedHere(w, count, shared && !degraded)) return null
      w.pending++
      return decision(w, count, now)
    },
    peek: (cls: LimitClass, client: string) => peekIn(windows, cls, client),
    refund: (cls: LimitClass, client: string) => refundIn(windows, cls, client),
    /** Sends every pending count now (tests, shutdown). */
    flush: () => (shared ? sync() : Promise.resolve()),
    get degraded() {
      return degraded
    },
    close: async () => {
      clearInterval(timer)
      if (shared && !degraded) await sync().catch(() => {})
    },
  }
}

/** The rate limiter the gateway uses. */
export type RateLimiter = ReturnType<typeof createRateLimiter>
