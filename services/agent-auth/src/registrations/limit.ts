// Registrations per address per hour. The limit protects mailboxes; when the shared store fails it is kept per
// process (and logged), as the gateway does with its limits. Only the attempt counter fails closed.
import { createMemoryStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { canonicalEmail } from '@mcp-directory/shared/mail'
import { addressKey } from '../codes/code'

const HOUR_MS = 3_600_000

/** A counter of registrations per canonical address and hour, over `kv` with a per-process fallback. */
export function registrationCounter(kv: KeyValueStore, secret: string, log: Logger) {
  const local = createMemoryStore()
  let degraded = false
  return {
    hit: async (email: string) => {
      const key = `agent-auth:reg:${addressKey(secret, canonicalEmail(email))}`
      try {
        const hit = await kv.hit(key, HOUR_MS)
        if (degraded) log.info('agent-auth: shared store is back for the per-address limit')
        degraded = false
        return hit
      } catch (err) {
        if (!degraded)
          log.warn({ err: String(err) }, 'agent-auth: shared store failed; limiting registrations per process')
        degraded = true
        return local.hit(key, HOUR_MS)
      }
    },
    close: () => local.close(),
  }
}

/** The counter as built. */
export type RegistrationCounter = ReturnType<typeof registrationCounter>
