// Registration (a code by e-mail) and confirmation (the code for a token): the agent token lifecycle of
// directory-api §3, with the limits of §8 that the document leaves open (see the README).
import { hashAgentToken, mintAgentToken, randomBase62, type AgentScope } from '@mcp-directory/shared/agent-tokens'
import { agentAuthOutbox, type Database } from '@mcp-directory/shared/db'
import { InvalidCode, RateLimited, Unavailable } from '@mcp-directory/shared/errors'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { canonicalEmail, type MailAdmission } from '@mcp-directory/shared/mail'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { CODE_TTL_MS, clientHmac, codeHmac, generateCode, MAX_LIVE_CODES } from '../codes/code'
import {
  type CodeRow,
  deleteCodesOf,
  deleteUnusableCodes,
  insertCode,
  insertToken,
  liveCodeExpiries,
  lockAddress,
  takeUsableCode,
  upsertAgent,
} from './repository'
import type { RegisterInput } from './rules'

/** How long a minted token is valid: 90 days (documented in the README and /auth.md). */
export const TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000

/** What registration and confirmation need. */
export interface RegistrationDeps {
  database: Database
  kv: KeyValueStore
  log: Logger
  secret: string
  now?: () => Date
  /** Called when the address's wrong tries reach its daily cap (once per window): the owner is told by mail. */
  onLock?: (email: string, until: Date) => void
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

/** The whole seconds to wait for `ms` to pass, at least one. */
export const retryAfter = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

/**
 * Stores a new code for the address beside its live ones (at most MAX_LIVE_CODES per canonical address) and
 * its event, in one transaction. `admitMail` asks the per-recipient mail cap: a code whose mail may not go is
 * never stored. Registrations of one canonical address are serialised by an advisory lock, so two at once
 * cannot both take the last free place.
 */
export async function issueCode(
  deps: RegistrationDeps,
  input: RegisterInput,
  admitMail: () => Promise<MailAdmission>,
  client = 'local',
): Promise<IssuedCode> {
  const now = deps.now?.() ?? new Date()
  const canonical = canonicalEmail(input.email)
  const code = generateCode()
  const id = randomBase62(22)
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS)
  await deps.database.db.transaction(async (tx) => {
    await lockAddress(tx, canonical)
    // Expired and dead codes can never match again: dropped here so the table holds only what may.
    await deleteUnusableCodes(tx, canonical, now)
    const live = await liveCodeExpiries(tx, canonical)
    if (live.length >= MAX_LIVE_CODES) {
      const wait = retryAfter(live[0].getTime() - now.getTime())
      const message = `This address already has ${MAX_LIVE_CODES} live codes; use one of them or retry in ${wait} s`
      throw new RateLimited(message, wait)
    }
    const mail = await admitMail()
    if (!mail.allowed) {
      const wait = mail.retryAfterSeconds
      const message = `Too many messages to this address this hour; retry in ${wait} s`
      throw new RateLimited(message, wait)
    }
    await insertCode(tx, {
      id,
      email: input.email,
      canonicalEmail: canonical,
      codeHmac: codeHmac(deps.secret, id, input.email, code),
      agentName: input.agentName,
      scopes: input.scopes,
      attempts: 0,
      clientKey: clientHmac(deps.secret, client),
      expiresAt,
      createdAt: now,
    })
    await enqueueEvent(tx, agentAuthOutbox, 'agent.registered', { email: input.email, at: now.toISOString() })
  })
  return { email: input.email, scopes: input.scopes, expiresAt, code }
}

// Each live code's tries in the shared store, counted before any comparison; the store fails closed.
export async function storeTryCounts(deps: RegistrationDeps, live: { id: string }[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  try {
    for (const r of live) counts.set(r.id, (await deps.kv.hit(`agent-auth:tries:${r.id}`, CODE_TTL_MS + 60_000)).count)
  } catch (err) {
    deps.log.error({ err: String(err) }, 'confirmation attempt counter unavailable; refusing confirmations')
    throw new Unavailable('Confirmation is temporarily unavailable; try again shortly', 5)
  }
  return counts
}

// Mints the token of the matching code (used once).
export async function mintToken(deps: RegistrationDeps, reg: CodeRow, now: Date): Promise<MintedToken> {
  const token = mintAgentToken()
  const tokenId = `tok_${randomBase62(16)}`
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS)
  const scopes = reg.scopes as AgentScope[]
  const agentId = await useCodeAndMint(deps.database, reg, { token, tokenId, scopes, expiresAt }, now)
  if (agentId === null) throw new InvalidCode('missing', 'This code was already used; register again for a new one')
  return { token, tokenId, agentId, scopes, expiresAt }
}

/**
 * Uses code `reg` and stores the token, the agent (one per address) and `token.minted`, in one transaction; the
 * agent's id, or null when the code was already used. The other codes of the address go too: they were sent to the
 * same mailbox and are no longer needed.
 */
async function useCodeAndMint(
  database: Database,
  reg: CodeRow,
  t: Omit<MintedToken, 'agentId'>,
  now: Date,
): Promise<string | null> {
  return database.db.transaction(async (tx) => {
    if (!(await takeUsableCode(tx, reg.id, now))) return null
    await deleteCodesOf(tx, reg.email)
    const agentId = await upsertAgent(tx, `agt_${randomBase62(16)}`, reg.email, reg.agentName, now)
    await insertToken(tx, {
      id: t.tokenId,
      tokenHash: hashAgentToken(t.token),
      agentId,
      scopes: t.scopes,
      createdAt: now,
      expiresAt: t.expiresAt,
    })
    await enqueueEvent(tx, agentAuthOutbox, 'token.minted', {
      tokenId: t.tokenId,
      agentId,
      scopes: t.scopes,
      expiresAt: t.expiresAt.toISOString(),
      at: now.toISOString(),
    })
    return agentId
  })
}
