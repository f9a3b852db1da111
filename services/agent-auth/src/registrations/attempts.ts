// Confirmation tries counted in Postgres (one atomic upsert per try, so parallel tries are all counted), each under
// an HMAC key: per canonical address across all its registrations and clients, and per address and client. A
// 24-hour window each, and the hold (`lockedUntil`) that too many wrong ones start.
import { agentAddressAttempts, eq, sql, type Database } from '@mcp-directory/shared/db'
import { ATTEMPT_WINDOW_MS, LOCK_MS } from '../codes/code'

/** The address's count after counting one more try. */
export interface CountedTry {
  attempts: number
  lockedUntil: Date | null
}

// Timestamps go into raw SQL as ISO text with a cast: both drivers (postgres.js, PGlite) take that the same way.
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`
const asDate = (v: unknown): Date | null =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v))

/** Until when the address is locked, or null. */
export async function lockedUntil(database: Database, addressKey: string, now: Date): Promise<Date | null> {
  const t = agentAddressAttempts
  const [row] = await database.db.select({ lockedUntil: t.lockedUntil }).from(t).where(eq(t.addressKey, addressKey))
  return row?.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null
}

/**
 * Counts one try before its comparison. A window older than 24 hours starts again at 1, unless a lock is still
 * running. Every SET of the upsert reads the row as it was, so the three columns change together.
 */
export async function countTry(database: Database, addressKey: string, now: Date): Promise<CountedTry> {
  const t = agentAddressAttempts
  const windowOver = sql`${t.windowStartedAt} <= ${ts(new Date(now.getTime() - ATTEMPT_WINDOW_MS))}`
  const stale = sql`(${windowOver} and (${t.lockedUntil} is null or ${t.lockedUntil} <= ${ts(now)}))`
  const [row] = await database.db
    .insert(t)
    .values({ addressKey, windowStartedAt: now, attempts: 1 })
    .onConflictDoUpdate({
      target: t.addressKey,
      set: {
        attempts: sql`case when ${stale} then 1 else ${t.attempts} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${ts(now)} else ${t.windowStartedAt} end`,
        lockedUntil: sql`case when ${stale} then null else ${t.lockedUntil} end`,
      },
    })
    .returning({ attempts: t.attempts, lockedUntil: t.lockedUntil })
  return { attempts: row.attempts, lockedUntil: asDate(row.lockedUntil) }
}

/** Gives back the try of a right code, so an owner who confirms often is never locked by their own successes. */
export async function refundTry(database: Database, addressKey: string): Promise<void> {
  const t = agentAddressAttempts
  await database.db
    .update(t)
    .set({ attempts: sql`greatest(${t.attempts} - 1, 0)` })
    .where(eq(t.addressKey, addressKey))
}

/** Starts the lock unless one is running; returns its end only to the one caller that started it (it sends the mail). */
export async function startLock(database: Database, addressKey: string, now: Date): Promise<Date | null> {
  const t = agentAddressAttempts
  const until = new Date(now.getTime() + LOCK_MS)
  const [row] = await database.db
    .update(t)
    .set({ lockedUntil: until })
    .where(sql`${t.addressKey} = ${addressKey} and (${t.lockedUntil} is null or ${t.lockedUntil} <= ${ts(now)})`)
    .returning({ lockedUntil: t.lockedUntil })
  return row ? until : null
}

/** A count as it stands (null: no try yet); a window that is over, with no lock running, counts as empty. */
export async function readTries(database: Database, key: string, now: Date): Promise<CountedTry> {
  const t = agentAddressAttempts
  const [row] = await database.db
    .select({ attempts: t.attempts, windowStartedAt: t.windowStartedAt, lockedUntil: t.lockedUntil })
    .from(t)
    .where(eq(t.addressKey, key))
  if (!row) return { attempts: 0, lockedUntil: null }
  const locked = row.lockedUntil && row.lockedUntil.getTime() > now.getTime() ? row.lockedUntil : null
  const windowOver = row.windowStartedAt.getTime() <= now.getTime() - ATTEMPT_WINDOW_MS
  return windowOver && !locked ? { attempts: 0, lockedUntil: null } : { attempts: row.attempts, lockedUntil: locked }
}

/** Holds a count's key until `until` (a throttled client's next try, or its refusal), whatever was set before. */
export async function holdUntil(database: Database, key: string, until: Date): Promise<void> {
  const t = agentAddressAttempts
  await database.db.update(t).set({ lockedUntil: until }).where(eq(t.addressKey, key))
}
