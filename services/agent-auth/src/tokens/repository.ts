// Token rows: one looked up by its hash, one revoked, or every live one of an agent revoked.
import { agentTokens, and, eq, isNull, type Database, type Tx } from '@mcp-directory/shared/db'
import { gt } from 'drizzle-orm'

/** The token stored under this SHA-256, or null. */
export async function tokenByHash(database: Database, hash: string) {
  const [row] = await database.db.select().from(agentTokens).where(eq(agentTokens.tokenHash, hash))
  return row ?? null
}

/**
 * Marks the token under this hash revoked if it is neither revoked nor expired at `now`; its id and agent, or null.
 * One statement: of two revocations at once, one finds it live.
 */
export async function markRevoked(tx: Tx, hash: string, now: Date): Promise<{ id: string; agentId: string } | null> {
  const [row] = await tx
    .update(agentTokens)
    .set({ revokedAt: now })
    .where(and(eq(agentTokens.tokenHash, hash), isNull(agentTokens.revokedAt), gt(agentTokens.expiresAt, now)))
    .returning({ id: agentTokens.id, agentId: agentTokens.agentId })
  return row ?? null
}

/** Marks every live token of an agent revoked at `now`; their ids. */
export async function markAgentRevoked(tx: Tx, agentId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .update(agentTokens)
    .set({ revokedAt: now })
    .where(and(eq(agentTokens.agentId, agentId), isNull(agentTokens.revokedAt), gt(agentTokens.expiresAt, now)))
    .returning({ id: agentTokens.id })
  return rows.map((r) => r.id)
}
