import { index, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'
import { outboxTable } from './outbox'

/** The agent-auth service's own schema: pending codes, agents, tokens and its outbox. No other service writes here. */
export const agentAuthSchema = pgSchema('agent_auth')

/**
 * Superseded by `codes` (several live codes per address); no longer written, kept because schema changes are
 * additive. The code itself was never stored: only HMAC-SHA256(SERVER_SECRET, …) of it.
 */
export const agentRegistrations = agentAuthSchema.table('registrations', {
  /** Normalised (lower-cased) e-mail address. */
  email: text('email').primaryKey(),
  /** Random per registration: a new registration starts a new attempt counter. */
  id: text('id').notNull().unique(),
  codeHmac: text('code_hmac').notNull(),
  agentName: text('agent_name'),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  /** Confirmation tries so far; past the limit the code is dead even when right. */
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Live confirmation codes: one row per registration, several per address (a registration never destroys another
 * one's code). The code itself is never stored: only HMAC-SHA256(SERVER_SECRET, …) of it, compared in constant time.
 */
export const agentCodes = agentAuthSchema.table(
  'codes',
  {
    /** Random per registration; part of the HMAC, so a code never matches another registration's row. */
    id: text('id').primaryKey(),
    /** The address as typed (lower-cased): where the code was sent and whose agent it confirms. */
    email: text('email').notNull(),
    /** The canonical address (no +tag, no Gmail dots): what live codes are counted under. */
    canonicalEmail: text('canonical_email').notNull(),
    codeHmac: text('code_hmac').notNull(),
    agentName: text('agent_name'),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** Confirmation tries against this code from the client that asked for it; past the limit it is dead even when right. */
    attempts: integer('attempts').notNull().default(0),
    /** HMAC of the client that registered the code: only that client's wrong tries count toward killing it. */
    clientKey: text('client_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('codes_email_idx').on(t.email), index('codes_canonical_idx').on(t.canonicalEmail)],
)

/**
 * Confirmation tries per canonical address across all its registrations, in a 24-hour window, and the lock
 * that too many wrong ones start. Keyed by an HMAC of the canonical address.
 */
export const agentAddressAttempts = agentAuthSchema.table('address_attempts', {
  addressKey: text('address_key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  /** Tries counted before each comparison; a right one is given back. */
  attempts: integer('attempts').notNull().default(0),
  /** Confirmations and registrations are refused until then. */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
})

/** An agent: one per confirmed e-mail address, so claims stay bound to it across token renewals. */
export const agents = agentAuthSchema.table('agents', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Bearer tokens, stored only as the SHA-256 of the token (hex); the token itself is shown once. */
export const agentTokens = agentAuthSchema.table(
  'tokens',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('tokens_agent_idx').on(t.agentId)],
)

/** agent-auth events waiting to be published (transactional outbox). */
export const agentAuthOutbox = outboxTable(agentAuthSchema)
