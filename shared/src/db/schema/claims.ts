import { sql } from 'drizzle-orm'
import { bigserial, boolean, index, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core'
import { outboxTable } from './outbox'

/** The claim-verifier's own schema: verified claims, their re-checks and its outbox. No other service writes here. */
export const claimsSchema = pgSchema('claims')

/**
 * One row per successful claim: what was proven and how, and the state of its periodic re-check. No proof value
 * or secret is stored: proofs are recomputed from the listing, the claimant and SERVER_SECRET.
 */
export const claims = claimsSchema.table(
  'claims',
  {
    id: text('id').primaryKey(),
    listingId: text('listing_id').notNull(),
    /** `agent:<agent id>` or `claim-url:<SHA-256 of the claim secret>` (the hash only, as the submission service keeps it). */
    claimant: text('claimant').notNull(),
    method: text('method').notNull(),
    websiteUrl: text('website_url'),
    /** What was found, where (the `checks` of the verification). */
    evidence: jsonb('evidence').notNull(),
    reciprocalReadme: boolean('reciprocal_readme').notNull().default(false),
    reciprocalSite: boolean('reciprocal_site').notNull().default(false),
    /** `verified`, `failing` (re-check failed, inside the grace period) or `revoked`. */
    state: text('state').notNull().default('verified'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }).notNull(),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('claims_listing_idx').on(t.listingId),
    index('claims_due_idx').on(t.nextCheckAt).where(sql`state <> 'revoked'`),
  ],
)

/** Every re-check of a claim: proof and reciprocal badges, each place recorded separately. */
export const claimChecks = claimsSchema.table(
  'checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: text('claim_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    proofOk: boolean('proof_ok').notNull(),
    reciprocalReadme: boolean('reciprocal_readme').notNull(),
    reciprocalSite: boolean('reciprocal_site').notNull(),
    details: jsonb('details').notNull(),
  },
  (t) => [index('checks_claim_idx').on(t.claimId, t.id)],
)

/** Claim events waiting to be published (transactional outbox). */
export const claimsOutbox = outboxTable(claimsSchema)
