// Registration (a code by e-mail) and confirmation (the code for a token): the agent token lifecycle of
// directory-api §3, with the limits of §8 that the document leaves open (see the README).
import { hashAgentToken, mintAgentToken, randomBase62, type AgentScope } from '@mcp-directory/shared/agent-tokens'
import { agentAuthOutbox, agentRegistrations, agents, agentTokens, and, eq, sql, type Database } from '@mcp-directory/shared/db'
import { AppError } from '@mcp-directory/shared/errors'
import { safeEqual } from '@mcp-directory/shared/http'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { CODE_TTL_MS, codeHmac, generateCode, MAX_CONFIRM_ATTEMPTS } from '../codes/code'
import type { ConfirmInput, RegisterInput } from './model'

/** How long a minted token is valid: 90 days (documented in the README and /auth.md). */
export const TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000

/** What registration and confirmation need. */
export interface RegistrationDeps {
  database: Database
  kv: KeyValueStore
  log: Logger
  secret: string
  now?: () => Date
}

/** A registration that was stored; the code goes out by mail and is never returned or logged. */
export interface IssuedCode {
  email: string
  scopes: AgentScope[]
  expiresAt: Date
  code: string
}

/** A minted token: the only time the token exists in clear. */
export interface MintedToken {
  token: string
  tokenId: string
  agentId: string
  scopes: AgentScope[]
  expiresAt: Date
}

const codeError = (reason: 'missing' | 'expired' | 'incorrect', message: string, remaining?: number) =>
  new AppError(400, 'invalid_code', message, [{ field: 'code', reason, ...(remaining !== undefined ? { attemptsRemaining: remaining } : {}) }])

/** Stores a fresh code for the address (replacing any live one) and its event, in one transaction. */
export async function issueCode(deps: RegistrationDeps, input: RegisterInput): Promise<IssuedCode> {
  const now = deps.now?.() ?? new Date()
  const code = generateCode()
  const id = randomBase62(22)
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS)
  const values = { email: input.email, id, codeHmac: codeHmac(deps.secret, id, input.email, code), agentName: input.agentName, scopes: input.scopes, attempts: 0, expiresAt, createdAt: now }
  await deps.database.db.transaction(async (tx) => {
    // One live code per address: a new registration replaces the old row, its code and its attempt count.
    await tx.insert(agentRegistrations).values(values).onConflictDoUpdate({ target: agentRegistrations.email, set: values })
    await enqueueEvent(tx, agentAuthOutbox, 'agent.registered', { email: input.email, at: now.toISOString() })
  })
  return { email: input.email, scopes: input.scopes, expiresAt, code }
}

/**
 * Checks a code and, when right, mints a token. Every try is counted before the comparison, in the shared
 * store (which fails closed: 503 when it is down, never unlimited tries) and in the row itself, so a store that
 * lost its data cannot reset the count either. After MAX_CONFIRM_ATTEMPTS tries the code is dead.
 */
export async function confirmCode(deps: RegistrationDeps, input: ConfirmInput): Promise<MintedToken> {
  const { db } = deps.database
  const now = deps.now?.() ?? new Date()
  const [reg] = await db.select().from(agentRegistrations).where(eq(agentRegistrations.email, input.email))
  if (!reg) throw codeError('missing', 'No pending code for this address; register first')

  let storeCount: number
  try {
    storeCount = (await deps.kv.hit(`agent-auth:tries:${reg.id}`, CODE_TTL_MS + 60_000)).count
  } catch (err) {
    deps.log.error({ err: String(err) }, 'confirmation attempt counter unavailable; refusing confirmations')
    throw new AppError(503, 'service_unavailable', 'Confirmation is temporarily unavailable; try again shortly', undefined, { 'retry-after': '5' })
  }
  const [row] = await db
    .update(agentRegistrations)
    .set({ attempts: sql`${agentRegistrations.attempts} + 1` })
    .where(eq(agentRegistrations.id, reg.id))
    .returning({ attempts: agentRegistrations.attempts })
  if (!row) throw codeError('missing', 'No pending code for this address; register first')
  const tries = Math.max(storeCount, row.attempts)
  if (tries > MAX_CONFIRM_ATTEMPTS) {
    throw new AppError(400, 'too_many_attempts', 'Too many wrong codes: this code no longer works; register again for a new one', [{ field: 'code', reason: 'too_many_attempts' }])
  }
  if (reg.expiresAt.getTime() <= now.getTime()) throw codeError('expired', 'The code has expired; register again for a new one')
  if (!safeEqual(codeHmac(deps.secret, reg.id, reg.email, input.code), reg.codeHmac)) {
    const remaining = MAX_CONFIRM_ATTEMPTS - tries
    throw codeError('incorrect', remaining > 0 ? `Incorrect code; ${remaining} ${remaining === 1 ? 'try' : 'tries'} left` : 'Incorrect code; no tries left, register again for a new one', remaining)
  }

  const token = mintAgentToken()
  const tokenId = `tok_${randomBase62(16)}`
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS)
  const scopes = reg.scopes as AgentScope[]
  const agentId = await db.transaction(async (tx) => {
    // Single use: only the request that deletes the row mints; a concurrent duplicate finds nothing.
    const used = await tx
      .delete(agentRegistrations)
      .where(and(eq(agentRegistrations.id, reg.id), sql`${agentRegistrations.attempts} <= ${MAX_CONFIRM_ATTEMPTS}`))
      .returning({ id: agentRegistrations.id })
    if (!used.length) throw codeError('missing', 'This code was already used; register again for a new one')
    const [agent] = await tx
      .insert(agents)
      .values({ id: `agt_${randomBase62(16)}`, email: reg.email, name: reg.agentName })
      .onConflictDoUpdate({ target: agents.email, set: { name: sql`coalesce(excluded.name, ${agents.name})`, updatedAt: now } })
      .returning({ id: agents.id })
    await tx.insert(agentTokens).values({ id: tokenId, tokenHash: hashAgentToken(token), agentId: agent.id, scopes, createdAt: now, expiresAt })
    await enqueueEvent(tx, agentAuthOutbox, 'token.minted', { tokenId, agentId: agent.id, scopes, expiresAt: expiresAt.toISOString(), at: now.toISOString() })
    return agent.id
  })
  return { token, tokenId, agentId, scopes, expiresAt }
}
