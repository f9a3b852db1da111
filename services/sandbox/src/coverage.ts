// How far the sandbox has got through the catalog, from the catalog's counts of runnable listings and their last
// starts: started (tools listed), stopped asking for a setting, failed (by reason), not started yet, and per
// registry the share of runnable listings whose tools were seen.
import type { SandboxCoverage } from '@mcp-directory/shared/catalog-client'

/** Stopped naming a declared variable or argument: it runs once given a setting. */
const NEEDS_SETTING = new Set(['asked_for_keys', 'asked_for_config'])

/** One registry's share of runnable listings whose tools were seen. */
export interface RegistryShare {
  runnable: number
  toolsSeen: number
  /** toolsSeen / runnable (0 when none is runnable). */
  share: number
}

/** The summary the status API and `sandbox:coverage` show. */
export interface CoverageSummary {
  runnable: number
  /** Answered tools/list with at least one tool. */
  started: number
  needsSetting: number
  /** Per reason (a verdict; `no_tools`: it answered with no tool). */
  failed: Record<string, number>
  notStarted: number
  npm: RegistryShare
  pypi: RegistryShare
}

const shareOf = (runnable: number, toolsSeen: number): RegistryShare => ({
  runnable,
  toolsSeen,
  share: runnable ? toolsSeen / runnable : 0,
})

/** Sums the catalog's per-registry counts into the operator's view. */
export function coverageSummary(c: SandboxCoverage): CoverageSummary {
  const failed: Record<string, number> = {}
  let started = 0
  let needsSetting = 0
  for (const r of [c.npm, c.pypi])
    for (const [verdict, n] of Object.entries(r.verdicts)) {
      if (verdict === 'ran') started += n
      else if (NEEDS_SETTING.has(verdict)) needsSetting += n
      else failed[verdict] = (failed[verdict] ?? 0) + n
    }
  return {
    runnable: c.npm.runnable + c.pypi.runnable,
    started,
    needsSetting,
    failed,
    notStarted: c.npm.notStarted + c.pypi.notStarted,
    npm: shareOf(c.npm.runnable, c.npm.verdicts.ran ?? 0),
    pypi: shareOf(c.pypi.runnable, c.pypi.verdicts.ran ?? 0),
  }
}
