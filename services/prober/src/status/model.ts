import { Type as t } from '@sinclair/typebox'

/** A stored row as JSON writes it (its columns by name; dates as strings). */
const StoredRow = t.Record(t.String(), t.Unknown())

/** What the prober last saw of a listing: its state and its recent probes, newest first. */
export const ProbeStateAnswer = t.Object({ state: StoredRow, history: t.Array(StoredRow) })

/** `GET /internal/status`: what this replica is doing. */
export const ProberStatusAnswer = t.Object({
  probing: t.Boolean(),
  queue: t.String(),
  /** Jobs waiting in the queue (null: the queue could not say). */
  pending: t.Union([t.Number(), t.Null()]),
  probedByThisReplica: t.Number(),
  round: t.Number(),
  /**
   * The sandbox's pace: starts queued per hour at most (SANDBOX_STARTS_PER_HOUR) and by every replica in the last
   * hour (null: this replica queues none, or its database could not say).
   */
  sandboxPace: t.Union([t.Object({ startsPerHour: t.Number(), queuedLastHour: t.Number() }), t.Null()]),
})
