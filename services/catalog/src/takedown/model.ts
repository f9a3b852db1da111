/** Models of the operator's takedown (`POST /api/v1/admin/listings/:id/takedown`). */
import { t } from 'elysia'

/** Why the listing is taken down: required, kept for operators only (the public is told "taken down by the operator"). */
export const TakedownBody = t.Object({
  reason: t.String({
    minLength: 1,
    maxLength: 1000,
    pattern: '\\S',
    error: 'must say why, in at most 1000 characters',
    description:
      "Why it is taken down: kept for operators, never shown (the public reads 'taken down by the operator')",
  }),
})

/** What was taken down, and when; `changed` false when it already was (the first takedown's reason and time). */
export const TakedownAnswer = t.Object({
  success: t.Boolean(),
  message: t.String(),
  id: t.String(),
  name: t.String(),
  reason: t.String(),
  /** The status the listing had before (`rejected` now). */
  from: t.String(),
  takenDownAt: t.String({ format: 'date-time' }),
  /** How many served `/v0.1` versions became `deleted` with it. */
  versionsDeleted: t.Integer({ minimum: 0 }),
  changed: t.Boolean(),
})
