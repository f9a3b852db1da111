// The per-recipient mail cap: at most N messages an hour to one canonical address, whichever service sends them
// (agent codes, lock notices, submission mail). Counted in the shared store so every sender and replica draws on
// one allowance; every sender asks `admit` before it accepts work that sends mail.
import { createHmac } from 'node:crypto'
import { createMemoryStore, type KeyValueStore } from '../kv'
import type { Logger } from '../log'
import { canonicalEmail } from './address'

/** Messages per canonical recipient per hour unless a caller says otherwise. */
export const MAIL_PER_RECIPIENT_PER_HOUR = 5
const HOUR_MS = 3_600_000

/** Whether one more message may go to a recipient now. */
export type MailAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** The cap as senders use it. */
export interface RecipientCap {
  /** Counts one message to `to` and says whether it may be sent; a refused message must not be sent. */
  admit(to: string): Promise<MailAdmission>
  close(): Promise<void>
}

/** Options of the cap. */
export interface RecipientCapOptions {
  /** The shared store (Redis in stack mode); every service must use the same one for the counts to be shared. */
  kv: KeyValueStore
  /** SERVER_SECRET: store keys are an HMAC of the address, so the store never holds addresses. */
  secret: string
  log: Logger
  perHour?: number
}

/** The store key of a recipient's count: HMAC of its canonical address (the same in every service). */
export function recipientKey(secret: string, to: string): string {
  return `mail:rcpt:${createHmac('sha256', secret)
    .update(`mail-recipient\0${canonicalEmail(to)}`)
    .digest('hex')
    .slice(0, 32)}`
}

/**
 * Builds the cap. When the shared store fails it counts per process (logged once), as the gateway's limits do:
 * an outage then loosens the cap to one allowance per process instead of stopping all mail.
 */
export function createRecipientCap(opts: RecipientCapOptions): RecipientCap {
  const perHour = opts.perHour ?? MAIL_PER_RECIPIENT_PER_HOUR
  const local = createMemoryStore()
  let degraded = false
  const count = async (key: string) => {
    try {
      const hit = await opts.kv.hit(key, HOUR_MS)
      if (degraded) opts.log.info('mail cap: shared store is back')
      degraded = false
      return hit
    } catch (err) {
      if (!degraded) opts.log.warn({ err: String(err) }, 'mail cap: shared store failed; counting per process')
      degraded = true
      return local.hit(key, HOUR_MS)
    }
  }
  return {
    admit: async (to) => {
      const hit = await count(recipientKey(opts.secret, to))
      if (hit.count <= perHour) return { allowed: true }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(hit.resetMs / 1000)) }
    },
    close: () => local.close(),
  }
}
