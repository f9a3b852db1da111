import { bigserial, index, pgSchema, text, timestamp, integer } from 'drizzle-orm/pg-core'
import { outboxTable } from './outbox'

/** The submission service's own schema: submissions, moderation transitions, queued mail and its outbox. No other service writes here. */
export const submissionSchema = pgSchema('submission')

/**
 * One row per accepted submission (the listing itself lives in the catalog). The claim secret is never stored:
 * only its SHA-256, so a database leak gives no claim link.
 */
export const submissions = submissionSchema.table(
  'submissions',
  {
    /** The catalog listing id assigned to the submission. */
    listingId: text('listing_id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    /** Contact address (never shown publicly). */
    email: text('email').notNull(),
    /** SHA-256 (hex) of the claim secret carried by `claim_url`. */
    claimTokenHash: text('claim_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submissions_created_idx').on(t.createdAt)],
)

/** Every status change of a listing made through this service: who, when, why, from and to. */
export const transitions = submissionSchema.table(
  'transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: text('listing_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transitions_listing_idx').on(t.listingId, t.id)],
)

/**
 * Mail waiting to be sent (a mail outbox): written in the submission's transaction, sent with retries and
 * back-off until it goes, never dropped. The message is sealed with AES-256-GCM under a key derived from
 * SERVER_SECRET, because it carries the claim secret.
 */
export const mailOutbox = submissionSchema.table(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** base64url of iv ‖ ciphertext ‖ tag. */
    sealed: text('sealed').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt)],
)

/** submission events waiting to be published (transactional outbox). */
export const submissionOutbox = outboxTable(submissionSchema)
