// What an operator took down (a malicious listing), kept apart from the listing so that its name, look-alike names
// and repository stay refused to imports, followed upstreams, submissions and publishes after it left.
import { index, text, timestamp } from 'drizzle-orm/pg-core'
import { catalogSchema } from './catalog'

/** One listing taken down by an operator: what it was known by, and why (the reason is the operator's, never shown). */
export const takedowns = catalogSchema.table(
  'takedowns',
  {
    listingId: text('listing_id').primaryKey(),
    /** The listing's name when it was taken down. */
    name: text('name').notNull(),
    /** Its name's skeleton (`shared/src/identity`): a look-alike name is refused too. */
    nameSkeleton: text('name_skeleton').notNull(),
    repositoryKey: text('repository_key'),
    urlKey: text('url_key'),
    /** The operator's reason: operators read it, the public is told only "taken down by the operator". */
    reason: text('reason').notNull(),
    /** Who took it down (`operator`). */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('takedowns_skeleton_idx').on(t.nameSkeleton),
    index('takedowns_repository_idx').on(t.repositoryKey),
    index('takedowns_url_idx').on(t.urlKey),
  ],
)
