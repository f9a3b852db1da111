import { createMemoryStore, type KeyValueStore } from '@mcp-directory/shared/kv'
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

/**
 * Counts requests per client in fixed windows in the shared store (an atomic Redis script), so every gateway
 * replica enforces one limit. When the store fails, a local in-process limiter takes over at once (never
 * waiting on Redis) and the switch is logged; the shared store is used again as soon as it answers.
 */
export function createRateLimiter(store: KeyValueStore, log: Logger) {
  const local = createMemoryStore()
  let degraded = false
  return {
    async check(cls: LimitClass, client: string): Promise<RateDecision> {
      const key = `rl:${cls.name}:${client}`
      let hit
      if (store.kind === 'memory') hit = await store.hit(key, cls.windowMs)
      else {
        try {
          hit = await store.hit(key, cls.windowMs)
          if (degraded) log.info('rate limiter: shared store is back')
          degraded = false
        } catch (err) {
          if (!degraded) log.warn({ err: String(err) }, 'rate limiter: shared store failed; using the local limiter')
          degraded = true
          hit = await local.hit(key, cls.windowMs)
        }
      }
      return {
        allowed: hit.count <= cls.limit,
        limit: cls.limit,
        remaining: Math.max(0, cls.limit - hit.count),
        resetSeconds: Math.max(1, Math.ceil(hit.resetMs / 1000)),
      }
    },
    get degraded() {
      return degraded
    },
    close: () => local.close(),
  }
}

/** The rate limiter the gateway uses. */
export type RateLimiter = ReturnType<typeof createRateLimiter>
