// Rendered badges in the key-value store (Redis; in-process in all-in-one), keyed by what they show: the
// listing and the style, metric and theme. Listing events drop a listing's every variant.
import { BADGE_METRICS, BADGE_STYLES, BADGE_THEMES } from '@mcp-directory/shared/badges'
import { cacheLookup } from '@mcp-directory/shared/metrics'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { RENDER_VERSION, type BadgeOptions } from '../render'

/** A rendered badge and its strong ETag. */
export interface CachedBadge {
  etag: string
  svg: string
}

// Events drop entries at once; the TTL only bounds how long a render could outlive a lost event.
const TTL_SECONDS = 600
// A request that read the listing just before an event can store its render just after the drop; a second drop
// this much later removes such a render, so a change shows within seconds, not at the TTL.
const SECOND_DROP_MS = 1500

// An id the catalog does not list is remembered briefly, so repeated requests for it do not each reach the
// catalog; an approval or import of that id drops the mark like any cached badge.
const MISSING_TTL_SECONDS = 30

const keyOf = (id: string, o: BadgeOptions) => `badge:v${RENDER_VERSION}:${id}:${o.style}:${o.metric}:${o.theme}`
const missingKey = (id: string) => `badge:missing:${id}`

/** Every cache key of a listing (4 styles × 4 metrics × 2 themes, and its not-listed mark). */
export function badgeKeys(id: string): string[] {
  const keys: string[] = [missingKey(id)]
  for (const style of BADGE_STYLES)
    for (const metric of BADGE_METRICS) for (const theme of BADGE_THEMES) keys.push(keyOf(id, { style, metric, theme }))
  return keys
}

/** The badge cache over a key-value store; a store failure is a miss, never a failed request. */
export function createBadgeCache(kv: KeyValueStore, log: Logger) {
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const drop = async (ids: string[]) => {
    const keys = ids.flatMap(badgeKeys)
    if (keys.length) await kv.del(...keys)
  }
  return {
    get: async (id: string, o: BadgeOptions): Promise<CachedBadge | null> => {
      try {
        const v = await kv.get(keyOf(id, o))
        const nl = v ? v.indexOf('\n') : -1
        cacheLookup('badge', nl > 0)
        return v && nl > 0 ? { etag: v.slice(0, nl), svg: v.slice(nl + 1) } : null
      } catch {
        cacheLookup('badge', false)
        return null
      }
    },
    set: async (id: string, o: BadgeOptions, b: CachedBadge): Promise<void> => {
      try {
        await kv.set(keyOf(id, o), `${b.etag}\n${b.svg}`, TTL_SECONDS)
      } catch (err) {
        log.debug({ err: String(err) }, 'badge cache write failed')
      }
    },
    /** Whether the id was recently found not listed. */
    isMissing: async (id: string): Promise<boolean> => {
      try {
        return (await kv.get(missingKey(id))) !== null
      } catch {
        return false
      }
    },
    /** Remembers for a short while that the id is not listed. */
    markMissing: async (id: string): Promise<void> => {
      try {
        await kv.set(missingKey(id), '1', MISSING_TTL_SECONDS)
      } catch (err) {
        log.debug({ err: String(err) }, 'badge cache write failed')
      }
    },
    /** Drops every cached variant of these listings now and once more shortly after. */
    invalidate: async (ids: string[]): Promise<void> => {
      await drop(ids)
      const t = setTimeout(() => {
        timers.delete(t)
        drop(ids).catch((err) => log.warn({ err: String(err) }, 'badge cache second drop failed'))
      }, SECOND_DROP_MS)
      t.unref?.()
      timers.add(t)
    },
    close: () => {
      for (const t of timers) clearTimeout(t)
      timers.clear()
    },
  }
}

/** The badge cache as built by its factory. */
export type BadgeCache = ReturnType<typeof createBadgeCache>
