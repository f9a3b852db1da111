import { Type as t } from '@sinclair/typebox'

/** The runnable listings of one registry, and the share whose tools were seen. */
const RegistryShare = t.Object({ runnable: t.Number(), toolsSeen: t.Number(), share: t.Number() })

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
  catalog: t.Union([
    t.Object({
      runnable: t.Number(),
      /** Listed at least one tool. */
      started: t.Number(),
      /** Stopped asking for a declared variable or argument. */
      needsSetting: t.Number(),
      /** Per verdict: install_failed, package_missing, install_refused, timeout, crashed, no_tools, … */
      failed: t.Record(t.String(), t.Number()),
      notStarted: t.Number(),
      npm: RegistryShare,
      pypi: RegistryShare,
    }),
    t.Null(),
  ]),
})
