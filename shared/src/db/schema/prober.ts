import { bigint, bigserial, index, integer, jsonb, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import type { ToolInfo } from '../../contracts/listing'

/**
 * The prober service's own schema: what it saw, when, and how politely to go on. No other service writes here;
 * the facts it finds reach the catalog through the catalog's internal API.
 */
export const proberSchema = pgSchema('prober')

/** The last known state of each probed listing (one row per listing). */
export const probeStates = proberSchema.table(
  'listing_states',
  {
    listingId: text('listing_id').primaryKey(),
    /** active | degraded | down | unknown */
    health: text('health').notNull().default('unknown'),
    /** Failed remote probes in a row (0 after a success). */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastProbedAt: timestamp('last_probed_at', { withTimezone: true }),
    lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
    /** The scheduler round of the last probe (a listing is probed at most once per round). */
    lastRound: bigint('last_round', { mode: 'number' }),
    tools: jsonb('tools').$type<ToolInfo[]>(),
    /** Transport the tools list came through (streamable-http | sse). */
    toolsSource: text('tools_source'),
    toolsSeenAt: timestamp('tools_seen_at', { withTimezone: true }),
  },
  (t) => [index('listing_states_last_probed_idx').on(t.lastProbedAt)],
)

/** Every probe's outcome, newest kept: a bounded history per listing (PROBE_HISTORY rows). */
export const probeResults = proberSchema.table(
  'results',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: text('listing_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** remote | github */
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    /** ok | auth_required | not_mcp | timeout | unreachable | refused | http_error | not_modified | skipped */
    outcome: text('outcome').notNull(),
    health: text('health'),
    toolCount: integer('tool_count'),
    latencyMs: integer('latency_ms'),
    detail: text('detail'),
  },
  (t) => [index('results_listing_idx').on(t.listingId, t.id)],
)

/** Validators of conditional requests (ETag) per listing and address, so an unchanged answer costs a 304. */
export const httpCache = proberSchema.table(
  'http_cache',
  {
    listingId: text('listing_id').notNull(),
    url: text('url').notNull(),
    etag: text('etag').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.url] })],
)

/** Hosts that failed recently, shared by every replica: not contacted again before `retryAt`. */
export const hostBackoff = proberSchema.table('host_backoff', {
  host: text('host').primaryKey(),
  failures: integer('failures').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }).notNull(),
  lastError: text('last_error'),
})

/** Scheduler rounds: the replica that inserts a round's row is the one that enqueues it. */
export const probeRounds = proberSchema.table('rounds', {
  round: bigint('round', { mode: 'number' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  enqueued: integer('enqueued').notNull().default(0),
  startedBy: text('started_by').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>(),
})

/**
 * The sandbox pace's ticks (one a minute): the replica that inserts a tick's row queues that tick's share of
 * SANDBOX_STARTS_PER_HOUR, so every replica together queues no more than that per hour.
 */
export const sandboxTicks = proberSchema.table('sandbox_ticks', {
  tick: bigint('tick', { mode: 'number' }).primaryKey(),
  claimedBy: text('claimed_by').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  queued: integer('queued').notNull().default(0),
})

/** When the pace last queued each listing's start: not queued again while it may still be waiting or running. */
export const sandboxQueued = proberSchema.table(
  'sandbox_queued',
  {
    listingId: text('listing_id').primaryKey(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_queued_at_idx').on(t.queuedAt)],
)
