// Registration (a code by e-mail) and confirmation (the code for a token): the agent token lifecycle of
// directory-api §3, with the limits of §8 that the document leaves open (see the README).
import { mintAgentToken, randomBase62, type AgentScope } from '@mcp-directory/shared/agent-tokens'
import { agentAuthOutbox, agentCodes, and, asc, eq, sql, type Database } from '@mcp-directory/shared/db'
import { AppError } from '@mcp-directory/shared/errors'
import { safeEqual } from '@mcp-directory/shared/http'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { canonicalEmail, type MailAdmission } from '@mcp-directory/shared/mail'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import {
  addressKey,
  CODE_TTL_MS,
  codeHmac,
  generateCode,
  MAX_CONFIRM_ATTEMPTS,
  MAX_LIVE_CODES,
  MAX_WRONG_PER_DAY,
} from '../codes/code'
import { countTry, lockedUntil, refundTry, startLock } from './attempts'
import { type CodeRow, codesOf, countCodeTries, useCodeAndMint } from './repository'
import type { ConfirmInput, RegisterInput } from './rules'

/** How long a minted token is valid: 90 days (documented in the README and /auth.md). */
export const TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000

/** What registration and confirmation need. */
export interface RegistrationDeps {
  database: Database
  kv: KeyValueStore
  log: Logger
  secret: string
  now?: () => Date
  /** Called when too many wrong tries lock an address (once per lock): the owner is told by mail. */
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

const codeError = (reason: 'missing' | 'expired' | 'incorrect', message: string, extra: Record<string, unknown> = {}) =>
  new AppError(400, 'invalid_code', message, [{ field: 'code', reason, ...extra }])

const retryAfter = (ms: number) => String(Math.max(1, Math.ceil(ms / 1000)))

/** The refusal of a locked address: 400 on confirm (directory-api §7), 429 with Retry-After on register. */
export function lockedError(until: Date, now: Date, on: 'confirm' | 'register'): AppError {
  const message = `Too many wrong codes for this address: it is locked until ${until.toISOString()}`
  const details = [{ field: 'email', reason: 'address_locked', lockedUntil: until.toISOString() }]
  if (on === 'confirm')
    return new AppError(400, 'too_many_attempts', `${message}; no code is accepted before then`, details)
  const headers = { 'retry-after': retryAfter(until.getTime() - now.getTime()) }
  return new AppError(429, 'rate_limited', `${message}; no new code is sent before then`, details, headers)
}

/** Until when an address (any spelling of it) is locked, or null. */
export function addressLock(deps: RegistrationDeps, email: string): Promise<Date | null> {
  return lockedUntil(deps.database, addressKey(deps.secret, canonicalEmail(email)), deps.now?.() ?? new Date())
}

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
): Promise<IssuedCode> {
  const now = deps.now?.() ?? new Date()
  const canonical = canonicalEmail(input.email)
  const code = generateCode()
  const id = randomBase62(22)
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS)
  await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`agent-code:${canonical}`}, 0))`)
    // Expired and dead codes can never match again: dropped here so the table holds only what may.
    const unusable = sql`(${agentCodes.expiresAt} <= ${now.toISOString()}::timestamptz or ${agentCodes.attempts} >= ${MAX_CONFIRM_ATTEMPTS})`
    await tx.delete(agentCodes).where(and(eq(agentCodes.canonicalEmail, canonical), unusable))
    const live = await tx
      .select({ expiresAt: agentCodes.expiresAt })
      .from(agentCodes)
      .where(eq(agentCodes.canonicalEmail, canonical))
      .orderBy(asc(agentCodes.expiresAt))
    if (live.length >= MAX_LIVE_CODES) {
      const wait = retryAfter(live[0].expiresAt.getTime() - now.getTime())
      const message = `This address already has ${MAX_LIVE_CODES} live codes; use one of them or retry in ${wait} s`
      throw new AppError(429, 'rate_limited', message, undefined, { 'retry-after': wait })
    }
    const mail = await admitMail()
    if (!mail.allowed) {
      const wait = String(mail.retryAfterSeconds)
      const message = `Too many messages to this address this hour; retry in ${wait} s`
      throw new AppError(429, 'rate_limited', message, undefined, { 'retry-after': wait })
    }
    await tx.insert(agentCodes).values({
      id,
      email: input.email,
      canonicalEmail: canonical,
      codeHmac: codeHmac(deps.secret, id, input.email, code),
      agentName: input.agentName,
      scopes: input.scopes,
      attempts: 0,
      expiresAt,
      createdAt: now,
    })
    await enqueueEvent(tx, agentAuthOutbox, 'agent.registered', { email: input.email, at: now.toISOString() })
  })
  return { email: input.email, scopes: input.scopes, expiresAt, code }
}

/**
 * Checks a code against every live code of the address and, when one matches, mints a token. Each try is
 * counted before the comparison three ways: per code in the shared store (which fails closed: 503 when it is
 * down, never unlimited tries) and in the code's row, and per canonical address across registrations (24-hour
 * window, then a 24-hour lock). A right code gives its address try back.
 */
export async function confirmCode(deps: RegistrationDeps, input: ConfirmInput): Promise<MintedToken> {
  const now = deps.now?.() ?? new Date()
  const key = addressKey(deps.secret, canonicalEmail(input.email))
  const locked = await lockedUntil(deps.database, key, now)
  if (locked) throw lockedError(locked, now, 'confirm')

  const rows = await codesOf(deps.database, input.email)
  const live = rows.filter((r) => r.expiresAt.getTime() > now.getTime())
  if (!live.length) {
    if (rows.length) throw codeError('expired', 'The code has expired; register again for a new one')
    throw codeError('missing', 'No pending code for this address; register first')
  }

  const storeCounts = await storeTryCounts(deps, live)
  const address = await countTry(deps.database, key, now)
  const lockIfDue = async () => {
    if (address.attempts < MAX_WRONG_PER_DAY) return
    const until = await startLock(deps.database, key, now)
    if (until) {
      deps.log.warn({ lockedUntil: until.toISOString() }, 'agent confirmation: too many wrong codes; address locked')
      deps.onLock?.(input.email, until)
    }
  }
  if (address.lockedUntil && address.lockedUntil.getTime() > now.getTime())
    throw lockedError(address.lockedUntil, now, 'confirm')
  if (address.attempts > MAX_WRONG_PER_DAY) {
    await lockIfDue()
    throw lockedError((await lockedUntil(deps.database, key, now)) ?? now, now, 'confirm')
  }

  const counted = await countCodeTries(
    deps.database,
    live.map((r) => r.id),
  )
  // A code whose row vanished meanwhile (used or replaced) counts as dead.
  const rowTries = (id: string) => counted.find((c) => c.id === id)?.attempts ?? Number.POSITIVE_INFINITY
  const usable = live
    .map((r) => ({ row: r, tries: Math.max(storeCounts.get(r.id) ?? 0, rowTries(r.id)) }))
    .filter((c) => c.tries <= MAX_CONFIRM_ATTEMPTS)
  if (!usable.length) {
    await lockIfDue()
    const message = 'Too many wrong codes: the codes of this address no longer work; register again for a new one'
    throw new AppError(400, 'too_many_attempts', message, [{ field: 'code', reason: 'too_many_attempts' }])
  }
  // Every usable code is compared (no early exit), each in constant time.
  const matches = usable.map((c) => safeEqual(codeHmac(deps.secret, c.row.id, c.row.email, input.code), c.row.codeHmac))
  const hit = usable[matches.indexOf(true)]
  if (!hit) {
    await lockIfDue()
    // What is left is the smaller of the address's daily allowance and the best code's own.
    const codeLeft = Math.max(...usable.map((c) => MAX_CONFIRM_ATTEMPTS - c.tries))
    const remaining = Math.max(0, Math.min(MAX_WRONG_PER_DAY - address.attempts, codeLeft))
    const message =
      remaining > 0
        ? `Incorrect code; ${remaining} ${remaining === 1 ? 'try' : 'tries'} left`
        : address.attempts >= MAX_WRONG_PER_DAY
          ? 'Incorrect code; too many wrong codes for this address: it is locked for 24 hours'
          : 'Incorrect code; no tries left, register again for a new one'
    throw codeError('incorrect', message, { attemptsRemaining: remaining })
  }

  const minted = await mintToken(deps, hit.row, now)
  await refundTry(deps.database, key)
  return minted
}

// Each live code's tries in the shared store, counted before any comparison; the store fails closed.
async function storeTryCounts(deps: RegistrationDeps, live: { id: string }[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  try {
    for (const r of live) counts.set(r.id, (await deps.kv.hit(`agent-auth:tries:${r.id}`, CODE_TTL_MS + 60_000)).count)
  } catch (err) {
    deps.log.error({ err: String(err) }, 'confirmation attempt counter unavailable; refusing confirmations')
    throw new AppError(
      503,
      'service_unavailable',
      'Confirmation is temporarily unavailable; try again shortly',
      undefined,
      { 'retry-after': '5' },
    )
  }
  return counts
}

// Mints the token of the matching code (used once).
async function mintToken(deps: RegistrationDeps, reg: CodeRow, now: Date): Promise<MintedToken> {
  const token = mintAgentToken()
  const tokenId = `tok_${randomBase62(16)}`
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS)
  const scopes = reg.scopes as AgentScope[]
  const agentId = await useCodeAndMint(deps.database, reg, { token, tokenId, scopes, expiresAt }, now)
  if (agentId === null) throw codeError('missing', 'This code was already used; register again for a new one')
  return { token, tokenId, agentId, scopes, expiresAt }
}
