// What `sandbox:coverage` projects from a run of some minutes: the starts per hour measured, and the share of npm
// listings whose tools would be seen after one day at that pace, if the listings started next fare as those started.
import type { SandboxCoverage } from '@mcp-directory/shared/catalog-client'

/** The measured figures of a run and the one-day projection. */
export interface Projection {
  /** Starts finished (listings with a verdict). */
  starts: number
  startsPerHour: number
  npmStarted: number
  /** Of the npm listings started, the part that listed tools. */
  npmToolsRate: number
  npmVerdicts: Record<string, number>
  /** Starts in 24 hours at the measured rate, never above the pace. */
  dayStarts: number
  dayNpmStarted: number
  dayNpmShare: number
}

/** Projects a run of `hours` (pace `perHour`) to one day. */
export function projectDay(c: SandboxCoverage, hours: number, perHour: number): Projection {
  const startedOf = (r: SandboxCoverage['npm']) => r.runnable - r.notStarted
  const npmStarted = startedOf(c.npm)
  const starts = npmStarted + startedOf(c.pypi)
  const startsPerHour = hours > 0 ? starts / hours : 0
  const runnable = c.npm.runnable + c.pypi.runnable
  const dayStarts = Math.min(startsPerHour, perHour) * 24
  // npm's part of the starts as measured (the order mixes registries, by views then age), else of the runnable.
  const npmPart = starts ? npmStarted / starts : runnable ? c.npm.runnable / runnable : 0
  const dayNpmStarted =
    dayStarts >= runnable ? c.npm.runnable : Math.min(c.npm.runnable, Math.round(dayStarts * npmPart))
  const npmToolsRate = npmStarted ? (c.npm.verdicts.ran ?? 0) / npmStarted : 0
  return {
    starts,
    startsPerHour,
    npmStarted,
    npmToolsRate,
    npmVerdicts: c.npm.verdicts,
    dayStarts,
    dayNpmStarted,
    dayNpmShare: c.npm.runnable ? (dayNpmStarted * npmToolsRate) / c.npm.runnable : 0,
  }
}
