// Install counting: at most one install per client per listing per 24 hours. Which pairs were already counted is
// kept in the shared store with that TTL (Redis, so every catalog replica agrees; in-process in all-in-one), and
// the counts that pass are written in batches like views.
import { startBatchedCounter } from '@mcp-directory/shared/counter'
import type { Database } from '@mcp-directory/shared/db'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { isIPv4, isIPv6 } from 'node:net'
import { addInstalls } from './repository'

/** How long one client's install of one listing keeps its later installs from counting. */
export const INSTALL_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * The part of a client's address that names the client. An IPv6 host usually holds a whole /64 and can pick any
 * address in it, so an IPv6 client is its /64; an IPv4-mapped IPv6 address is its IPv4 address.
 */
export function installClientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!
  if (!isIPv6(address)) return address
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16)).join(':')}::/64`
}

/** Counts installs once per client per listing per INSTALL_WINDOW_MS, writing them in batches. */
export function startInstallCounter(opts: { database: Database; kv: KeyValueStore; flushMs: number; log: Logger }) {
  const { kv, log } = opts
  const batch = startBatchedCounter((counts) => addInstalls(opts.database, counts), opts.flushMs, log, 'install counts')
  let storeFailing = false
  return {
    /** Counts an install of `listingId` by `client` unless that client's install of it was counted already; true when counted. */
    async count(listingId: string, client: string): Promise<boolean> {
      let first: boolean
      try {
        first = (await kv.hit(`installs:seen:${listingId}:${installClientKey(client)}`, INSTALL_WINDOW_MS)).count === 1
        storeFailing = false
      } catch (err) {
        // Without the store nobody can tell a repeat from a first install: an install lost is better than a count
        // anyone can inflate.
        if (!storeFailing) log.warn({ err: String(err) }, 'install counts: store failed; installs are not counted until it answers')
        storeFailing = true
        return false
      }
      if (first) batch.count(listingId)
      return first
    },
    flush: () => batch.flush(),
    stop: () => batch.stop(),
  }
}
