import { sql } from 'drizzle-orm'
import { bigserial, index, jsonb, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core'

/** Builds a service's transactional outbox table inside that service's own Postgres schema. */
export function outboxTable(schema: PgSchema<string>) {
  return schema.table(
    'outbox',
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      subject: text('subject').notNull(),
      payload: jsonb('payload').notNull(),
      /** The request that caused the event, carried to consumers as a message header. */
      requestId: text('request_id'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true }),
    },
    (t) => [index('outbox_unpublished_idx').on(t.id).where(sql`published_at is null`)],
  )
}
