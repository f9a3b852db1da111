import { t } from '../../models'
import { ACTIONS, QUEUE_STATUSES } from './view'

const ListingId = t.String({ minLength: 1, maxLength: 200 })
const Action = t.Union((Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]).map((a) => t.Literal(a)))

/** A queue the page shows; anything else shows the pending queue. */
export const QueueStatus = t.Union(QUEUE_STATUSES.map((s) => t.Literal(s)))

/** What the redirect after a moderation tells the queue page: which verb was done to which listing. */
export const DoneNotice = t.Object({ done: Action, id: t.String({ minLength: 1 }) })

/** The sign-in form (the token trimmed). */
export const LoginForm = t.Object({ token: t.String({ minLength: 1, maxLength: 500 }) })

/** A moderation form, past its CSRF check: the verb and the listing (the reason and queue are optional). */
export const ModerateForm = t.Object({
  action: Action,
  id: ListingId,
  // The tool list the queue showed: a clearance holds for that list only.
  toolsHash: t.Optional(t.String({ pattern: '^[0-9a-f]{64}$' })),
})

/** An import conflict's id as the operator API numbers them. */
const ConflictId = t.String({ pattern: '^[1-9][0-9]{0,15}$' })
const ConflictAction = t.Union([t.Literal('accept'), t.Literal('dismiss')])

/** A conflict form, past its CSRF check: accept (as a replacement, or a new listing) or dismiss one conflict. */
export const ConflictForm = t.Object({ action: ConflictAction, id: ConflictId })

/** The trust form of one upstream: its base URL and the origins it may replace (comma or space separated). */
export const TrustForm = t.Object({
  upstream: t.String({ minLength: 1, maxLength: 2048 }),
  trusts: t.String({ maxLength: 4000 }),
})

/** What the redirect after a decision tells the conflicts page. */
export const ConflictNotice = t.Object({
  done: t.Union([ConflictAction, t.Literal('trust')]),
  id: t.Optional(ConflictId),
  listing: t.Optional(ListingId),
})
