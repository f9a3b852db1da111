// A token's own life: introspection (for the gateway and `me`) and revocation by the token itself (of itself, or of
// every live token of its agent), with their events.
import { hashAgentToken, isWellFormedAgentToken } from '@mcp-directory/shared/agent-tokens'
import { agentAuthOutbox, type Database } from '@mcp-directory/shared/db'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import type { Introspection } from './model'
import { markAgentRevoked, markRevoked, tokenByHash } from './repository'

/** Looks a token up by its SHA-256; malformed tokens (shape or checksum) are refused without a query. */
export async function introspect(database: Database, token: string, now = new Date()): Promise<Introspection> {
  if (!isWellFormedAgentToken(token)) return { active: false }
  const row = await tokenByHash(database, hashAgentToken(token))
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
    const own = await markRevoked(tx, hashAgentToken(token), now)
    if (own) await enqueueEvent(tx, agentAuthOutbox, 'token.revoked', { tokenId: own.id, at: now.toISOString() })
    return own?.id ?? null
  })
}

/**
 * Revokes every live token of the agent a valid token belongs to, this one included, each with its event; their ids,
 * or null when the token was not valid.
 */
export async function revokeAll(database: Database, token: string, now = new Date()): Promise<string[] | null> {
  if (!isWellFormedAgentToken(token)) return null
  return database.db.transaction(async (tx) => {
    // The token is judged live and revoked in one statement of this transaction: a token revoked a moment before
    // (by its agent, or by a revoke-all of another token) cannot go on to revoke its agent's other tokens.
    const own = await markRevoked(tx, hashAgentToken(token), now)
    if (!own) return null
    const ids = [own.id, ...(await markAgentRevoked(tx, own.agentId, now))]
    for (const id of ids)
      await enqueueEvent(tx, agentAuthOutbox, 'token.revoked', { tokenId: id, at: now.toISOString() })
    return ids
  })
}
