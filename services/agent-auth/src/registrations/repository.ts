// The code rows of registration and confirmation, and the agent and token a right code mints. Writes take the
// transaction their service opened.
import {
  agentCodes,
  agents,
  agentTokens,
  and,
  asc,
  eq,
  inArray,
  sql,
  type Database,
  type Tx,
} from '@mcp-directory/shared/db'
import { gt } from 'drizzle-orm'
import { MAX_CONFIRM_ATTEMPTS } from '../codes/code'

/** One stored code. */
export type CodeRow = typeof agentCodes.$inferSelect

/** Every stored code of an address as typed (live or not). */
export function codesOf(database: Database, email: string): Promise<CodeRow[]> {
  return database.db.select().from(agentCodes).where(eq(agentCodes.email, email))
}

/** Counts one more try on each of these codes; their new counts (a vanished row is missing). */
export function countCodeTries(database: Database, ids: string[]): Promise<{ id: string; attempts: number }[]> {
  return database.db
    .update(agentCodes)
    .set({ attempts: sql`${agentCodes.attempts} + 1` })
    .where(inArray(agentCodes.id, ids))
    .returning({ id: agentCodes.id, attempts: agentCodes.attempts })
}

/** Serialises the registrations of one canonical address until the transaction ends. */
export async function lockAddress(tx: Tx, canonical: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`agent-code:${canonical}`}, 0))`)
}

/** Deletes the codes of a canonical address that can never match again: expired, or out of tries. */
export async function deleteUnusableCodes(tx: Tx, canonical: string, now: Date) {
  const unusable = sql`(${agentCodes.expiresAt} <= ${now.toISOString()}::timestamptz or ${agentCodes.attempts} >= ${MAX_CONFIRM_ATTEMPTS})`
  await tx.delete(agentCodes).where(and(eq(agentCodes.canonicalEmail, canonical), unusable))
}

/** When each code of a canonical address expires, soonest first. */
export async function liveCodeExpiries(tx: Tx, canonical: string): Promise<Date[]> {
  const rows = await tx
    .select({ expiresAt: agentCodes.expiresAt })
    .from(agentCodes)
    .where(eq(agentCodes.canonicalEmail, canonical))
    .orderBy(asc(agentCodes.expiresAt))
  return rows.map((r) => r.expiresAt)
}

/** Stores a code (only its HMAC). */
export async function insertCode(tx: Tx, row: typeof agentCodes.$inferInsert) {
  await tx.insert(agentCodes).values(row)
}

/**
 * Deletes code `id` if it is still usable (not over its tries, not expired); false when it was not. Only the
 * request that deletes the row may use it: a concurrent duplicate finds nothing.
 */
export async function takeUsableCode(tx: Tx, id: string, now: Date): Promise<boolean> {
  const used = await tx
    .delete(agentCodes)
    .where(
      and(eq(agentCodes.id, id), sql`${agentCodes.attempts} <= ${MAX_CONFIRM_ATTEMPTS}`, gt(agentCodes.expiresAt, now)),
    )
    .returning({ id: agentCodes.id })
  return used.length > 0
}

/** Deletes every code of an address as typed. */
export async function deleteCodesOf(tx: Tx, email: string) {
  await tx.delete(agentCodes).where(eq(agentCodes.email, email))
}

/** The agent of an address, created with `newId` when it has none (a name given replaces the one kept); its id. */
export async function upsertAgent(tx: Tx, newId: string, email: string, name: string | null, now: Date) {
  const [agent] = await tx
    .insert(agents)
    .values({ id: newId, email, name })
    .onConflictDoUpdate({
      target: agents.email,
      set: { name: sql`coalesce(excluded.name, ${agents.name})`, updatedAt: now },
    })
    .returning({ id: agents.id })
  return agent.id
}

/** Stores a token (only its hash). */
export async function insertToken(tx: Tx, row: typeof agentTokens.$inferInsert) {
  await tx.insert(agentTokens).values(row)
}
