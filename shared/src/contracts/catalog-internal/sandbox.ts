// The sandbox's pace and coverage, read from the catalog: which runnable listings to start next (most viewed first),
// and how many of them were started, with what verdict.
import { type Static, t } from 'elysia'

/** Most listings one `GET /internal/sandbox-targets` answers. */
export const MAX_SANDBOX_TARGETS = 1000

/** `GET /internal/sandbox-targets`: the runnable listings due a start, most viewed first. */
export const SandboxTargetsQuery = t.Object({
  /** A listing last started at or after this instant is not due. */
  startedBefore: t.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?Z$',
    error: 'must be an instant in UTC (2026-01-01T00:00:00.000Z)',
  }),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: MAX_SANDBOX_TARGETS })),
})

/** The listings due a start, in the order to start them: views (most first), then newest, then id. */
export const SandboxTargets = t.Object({ ids: t.Array(t.String()) })
export type SandboxTargets = Static<typeof SandboxTargets>

/** What the sandbox made of the runnable listings of one registry. */
const RegistryCoverage = t.Object({
  /** Active listings whose package (declared, else found in the README) is on this registry. */
  runnable: t.Number(),
  /** Never started (or their last start was of a package they no longer name). */
  notStarted: t.Number(),
  /** Listed at least one tool. */
  toolsSeen: t.Number(),
  /** toolsSeen / runnable (0 when none is runnable). */
  share: t.Number(),
  /** Last start per verdict; `ran` without a tool is counted as `no_tools`. */
  verdicts: t.Record(t.String(), t.Number()),
})

/**
 * How far the sandbox got through the catalog's runnable listings (active, with an npm/PyPI package): `started`
 * listed tools, `needsSetting` stopped naming a declared variable or argument, `failed` per reason (a verdict, or
 * `no_tools`), `notStarted` waits for its turn; and per registry.
 */
export const SandboxCoverage = t.Object({
  runnable: t.Number(),
  started: t.Number(),
  needsSetting: t.Number(),
  failed: t.Record(t.String(), t.Number()),
  notStarted: t.Number(),
  npm: RegistryCoverage,
  pypi: RegistryCoverage,
})
export type SandboxCoverage = Static<typeof SandboxCoverage>
