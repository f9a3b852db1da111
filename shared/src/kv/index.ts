/** Key-value store: Redis (ioredis, fails fast when Redis is down) or an in-process store. */
import type RedisClient from 'ioredis'

/** Result of counting one hit in a fixed rate-limit window. */
export interface WindowHit {
  count: number
  /** Milliseconds until the window resets. */
  resetMs: number
}

/** Hits to add to one key's window (`hitMany`). */
export interface WindowAdd {
  key: string
  windowMs: number
  count: number
}

/** What services need from a key-value store. */
export interface KeyValueStore {
  readonly kind: 'redis' | 'memory'
  get(key: string): Promise<string | null>
  set(key: string, value: string, ttlSeconds?: number): Promise<void>
  del(...keys: string[]): Promise<void>
  /** Counts a hit in the fixed window `windowMs` for `key`, atomically. */
  hit(key: string, windowMs: number): Promise<WindowHit>
  /** Adds `count` hits to each key's fixed window in one round trip (batched counting); answers in the same order. */
  hitMany(items: WindowAdd[]): Promise<WindowHit[]>
  ping(): Promise<void>
  close(): Promise<void>
}

/** An in-process store for the all-in-one mode and as the fallback when Redis is down. */
export function createMemoryStore(): KeyValueStore {
  const data = new Map<string, { value: string; expiresAt: number }>()
  const live = (key: string) => {
    const e = data.get(key)
    if (!e) return undefined
    if (e.expiresAt <= Date.now()) {
      data.delete(key)
      return undefined
    }
    return e
  }
  // Expired entries are dropped lazily on read and by this sweep, so memory stays bounded.
  const sweep = setInterval(() => {
    const now = Date.now()
    for (const [k, e] of data) if (e.expiresAt <= now) data.delete(k)
  }, 30_000)
  sweep.unref?.()
  const add = (key: string, windowMs: number, n: number): WindowHit => {
    const now = Date.now()
    const e = live(key)
    if (!e) {
      data.set(key, { value: String(n), expiresAt: now + windowMs })
      return { count: n, resetMs: windowMs }
    }
    e.value = String(Number(e.value) + n)
    return { count: Number(e.value), resetMs: e.expiresAt - now }
  }
  return {
    kind: 'memory',
    get: async (key) => live(key)?.value ?? null,
    set: async (key, value, ttl) => {
      data.set(key, { value, expiresAt: ttl ? Date.now() + ttl * 1000 : Number.POSITIVE_INFINITY })
    },
    del: async (...keys) => {
      for (const k of keys) data.delete(k)
    },
    hit: async (key, windowMs) => add(key, windowMs, 1),
    hitMany: async (items) => items.map((i) => add(i.key, i.windowMs, i.count)),
    ping: async () => {},
    close: async () => clearInterval(sweep),
  }
}

// INCR and PEXPIRE in one script so a window can never be left without an expiry.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) end
return {c, t}`

// The same for many keys at once: KEYS[i] gains ARGV[2i] hits in a window of ARGV[2i-1] ms; answers {count, ttl} pairs.
const HIT_MANY_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local w = tonumber(ARGV[2 * i - 1])
  local n = tonumber(ARGV[2 * i])
  local c = redis.call('INCRBY', key, n)
  if c == n then redis.call('PEXPIRE', key, w) end
  local t = redis.call('PTTL', key)
  if t < 0 then redis.call('PEXPIRE', key, w); t = w end
  out[2 * i - 1] = c
  out[2 * i] = t
end
return out`

/** Options of the Redis store. */
export interface RedisStoreOptions {
  url: string
  keyPrefix?: string
  /** A command that takes longer fails instead of hanging the request. */
  commandTimeoutMs?: number
}

/** A Redis-backed store; with no offline queue and a command timeout, an outage fails fast. */
export function createRedisStore(opts: RedisStoreOptions): KeyValueStore {
  // Loaded here, not at the top: a process on the in-process store never pays for the client's modules.
  const Redis: typeof RedisClient = import.meta.require('ioredis')
  const redis = new Redis(opts.url, {
    keyPrefix: opts.keyPrefix,
    enableOfflineQueue: false,
    commandTimeout: opts.commandTimeoutMs ?? 500,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    lazyConnect: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  redis.on('error', () => {}) // reported by the failing command; the client reconnects by itself
  redis.defineCommand('directoryHit', { numberOfKeys: 1, lua: HIT_SCRIPT })
  // No fixed key count: the first argument says how many keys follow (ioredis still prefixes each key).
  redis.defineCommand('directoryHitMany', { lua: HIT_MANY_SCRIPT })
  return {
    kind: 'redis',
    get: (key) => redis.get(key),
    set: async (key, value, ttl) => {
      if (ttl) await redis.set(key, value, 'EX', ttl)
      else await redis.set(key, value)
    },
    del: async (...keys) => {
      if (keys.length) await redis.del(...keys)
    },
    hit: async (key, windowMs) => {
      const [count, ttl] = await (
        redis as unknown as { directoryHit(k: string, w: number): Promise<[number, number]> }
      ).directoryHit(key, windowMs)
      return { count, resetMs: ttl }
    },
    hitMany: async (items) => {
      if (items.length === 0) return []
      const args = items.flatMap((i) => [i.windowMs, i.count])
      const flat = await (
        redis as unknown as { directoryHitMany(n: number, ...a: (string | number)[]): Promise<number[]> }
      ).directoryHitMany(items.length, ...items.map((i) => i.key), ...args)
      return items.map((_, i) => ({ count: flat[2 * i]!, resetMs: flat[2 * i + 1]! }))
    },
    ping: async () => {
      await redis.ping()
    },
    close: async () => {
      redis.disconnect()
    },
  }
}

/** Waits until a Redis store answers (or gives up after `timeoutMs`). */
export async function waitForStore(store: KeyValueStore, timeoutMs = 3000): Promise<boolean> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      await store.ping()
      return true
    } catch {
      await Bun.sleep(100)
    }
  }
  return false
}
