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
export const ModerateForm = t.Object({ action: Action, id: ListingId })
