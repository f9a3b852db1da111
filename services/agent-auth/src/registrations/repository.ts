// The code rows of confirmation and the token a right code mints. (Issuing a code keeps its transaction in
// `service.ts`: the limits are decided inside it, under the address's advisory lock.)
import { hashAgentToken } from '@mcp-directory/shared/agent-tokens'
import {
  agentAuthOutbox,
  agentCodes,
  agents,
  agentTokens,
  and,
  eq,
  inArray,
  sql,
  type Database,
} from '@mcp-directory/shared/db'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { gt } from 'drizzle-orm'
import { randomBase62 } from '@mcp-directory/shared/agent-tokens'
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

/** A token about to be stored (only its hash is). */
export interface NewToken {
  token: string
  tokenId: string
  scopes: string[]
  expiresAt: Date
}

/**
 * Uses code `reg` and stores the token, the agent (one per address) and `token.minted`, in one transaction; the
 * agent's id, or null when the code was already used. Single use: only the request that deletes the row mints;
 * a concurrent duplicate finds nothing. The other codes of the address go too: they were sent to the same mailbox
 * and are no longer needed.
 */
export async function useCodeAndMint(database: Database, reg: CodeRow, t: NewToken, now: Date): Promise<string | null> {
  return database.db.transaction(async (tx) => {
    const used = await tx
      .delete(agentCodes)
      .where(
        and(
          eq(agentCodes.id, reg.id),
          sql`${agentCodes.attempts} <= ${MAX_CONFIRM_ATTEMPTS}`,
          gt(agentCodes.expiresAt, now),
        ),
      )
      .returning({ id: agentCodes.id })
    if (!used.length) return null
    await tx.delete(agentCodes).where(eq(agentCodes.email, reg.email))
    const [agent] = await tx
      .insert(agents)
      .values({ id: `agt_${randomBase62(16)}`, email: reg.email, name: reg.agentName })
      .onConflictDoUpdate({
        target: agents.email,
        set: { name: sql`coalesce(excluded.name, ${agents.name})`, updatedAt: now },
      })
      .returning({ id: agents.id })
    await tx.insert(agentTokens).values({
      id: t.tokenId,
      tokenHash: hashAgentToken(t.token),
      agentId: agent.id,
      scopes: t.scopes,
      createdAt: now,
      expiresAt: t.expiresAt,
    })
    await enqueueEvent(tx, agentAuthOutbox, 'token.minted', {
      tokenId: t.tokenId,
      agentId: agent.id,
      scopes: t.scopes,
      expiresAt: t.expiresAt.toISOString(),
      at: now.toISOString(),
    })
    return agent.id
  })
}
