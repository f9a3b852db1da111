import { SandboxCoverage } from '@mcp-directory/shared/contracts/catalog-internal'
import { Type as t } from '@sinclair/typebox'

/** `GET /internal/status`: how this replica bounds its boxes, its queue, its starts and their verdicts. */
export const SandboxStatusAnswer = t.Object({
  boxes: t.Unknown({
    description: 'How boxes are bounded (cgroup2, cgroup1 or per-process), or `{ refused }`: why not',
  }),
  queue: t.String(),
  /** Jobs waiting in the queue (null: the queue could not say). */
  pending: t.Union([t.Number(), t.Null()]),
  startsLastMinute: t.Number(),
  startsLastHour: t.Number(),
  verdicts: t.Record(t.String(), t.Number()),
  limits: t.Unknown({ description: 'The limits of each box' }),
  /** The catalog's runnable listings (an npm/PyPI package) and their last starts (null: the catalog could not say). */
  catalog: t.Union([SandboxCoverage, t.Null()]),
})
