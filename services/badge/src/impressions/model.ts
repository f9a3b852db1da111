// Badges the gateway answered from its micro-cache, per listing (internal only).
import { Type } from '@sinclair/typebox'
import { t, type Static } from 'elysia'

// TypeBox's own integer: Elysia's would take a numeric string.
const PositiveCount = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

/** Body of `POST /internal/impressions`: `{ counts: { <listing id>: <positive integer> } }`, bounded. */
export const ImpressionCounts = t.Object({
  counts: t.Record(t.String(), PositiveCount, { maxProperties: 100_000 }),
})
export type ImpressionCounts = Static<typeof ImpressionCounts>

/** Its answer: how many listings were counted. */
export const Counted = t.Object({ counted: t.Integer() })
