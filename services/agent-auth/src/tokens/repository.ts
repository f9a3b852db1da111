// Token look-ups: introspection for the gateway, and revocation by the token itself.
import { hashAgentToken, isWellFormedAgentToken } from '@mcp-directory/shared/agent-tokens'
import { agentAuthOutbox, agentTokens, and, eq, isNull, type Database } from '@mcp-directory/shared/db'
import { gt } from 'drizzle-orm'
import { enqueueEvent } from '@mcp-directory/shared/outbox'

import type { Introspection } from './model'

/** Looks a token up by its SHA-256; malformed tokens (shape or checksum) are refused without a query. */
export async function introspect(database: Database, token: string, now = new Date()): Promise<Introspection> {
  if (!isWellFormedAgentToken(token)) return { active: false }
  const [row] = await database.db
    .select()
    .from(agentTokens)
    .where(eq(agentTokens.tokenHash, hashAgentToken(token)))
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return { active: false }
  return {
    active: true,
    tokenId: row.id,
    agentId: row.agentId,
    scopes: row.scopes,
    expiresAt: row.expiresAt.toISOString(),
  }
}

/** Revokes a valid, unrevoked, unexpired token and writes its event; returns its id, or null when it was not valid. */
export async function revoke(database: Database, token: string, now = new Date()): Promise<string | null> {
  if (!isWellFormedAgentToken(token)) return null
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(agentTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(agentTokens.tokenHash, hashAgentToken(token)),
          isNull(agentTokens.revokedAt),
          gt(agentTokens.expiresAt, now),
        ),
      )
      .returning({ id: agentTokens.id })
    if (!row) return null
    await enqueueEvent(tx, agentAuthOutbox, 'token.revoked', { tokenId: row.id, at: now.toISOString() })
    return row.id
  })
}
