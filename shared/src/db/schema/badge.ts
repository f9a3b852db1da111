import { bigint, date, index, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** The badge service's own schema. No other service writes here. */
export const badgeSchema = pgSchema('badge')

/**
 * Badge impressions per listing per UTC day, written in batches. Kept apart from the catalog's page views:
 * an image shown in a README is not a visit to the listing.
 */
export const badgeImpressions = badgeSchema.table(
  'impressions',
  {
    listingId: text('listing_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] }), index('impressions_day_idx').on(t.day)],
)
