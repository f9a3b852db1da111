// The sandbox's start jobs: the handler the queue calls for each (the listing's package started, its verdict
// reported to the catalog's facts API) and the counters the status API shows.
import type { CatalogClient } from '@mcp-directory/shared/catalog-client'
import { probeBasisOf } from '@mcp-directory/shared/contracts/catalog-internal'
import type { Logger } from '@mcp-directory/shared/log'
import { sandboxDue, sandboxTarget, type ProbeJob, type ProbeQueue, type SandboxTarget } from '@mcp-directory/prober'
import type { BoxLimitMode } from './run/boxlimits'
import type { SandboxLimits } from './run/bwrap'
import type { Registries } from './run/install'
import type { InstallNetwork } from './run/netconfig'
import { startPackage, type StartOutcome } from './run/start'

// Starts counted for the per-minute rate: timestamps of the last hour.
const RATE_WINDOW_MS = 3_600_000
/** How long one install may take. */
export const INSTALL_TIMEOUT_MS = 120_000

/** What a start job needs: where facts go, and how packages are installed and run. */
export interface StartJobDeps {
  catalog: CatalogClient
  log: Logger
  registries: Registries
  limits: SandboxLimits
  asNobody: boolean
  /** How a box as a whole is bounded on this machine. */
  boxLimits: BoxLimitMode
  /** The operator's network configuration, for installs. */
  net: InstallNetwork
  /** A listing started this recently is not started again (SANDBOX_INTERVAL_HOURS), unless its package changed. */
  intervalMs: number
}

/** Starts of the last hour and verdicts so far, as the status API shows them. */
export class StartCounters {
  readonly starts: number[] = []
  readonly verdicts = new Map<string, number>()

  record(verdict: StartOutcome['verdict']): void {
    this.starts.push(Date.now())
    while (this.starts.length && this.starts[0]! < Date.now() - RATE_WINDOW_MS) this.starts.shift()
    this.verdicts.set(verdict, (this.verdicts.get(verdict) ?? 0) + 1)
  }

  /** Starts in the last minute. */
  perMinute(): number {
    return this.starts.filter((t) => t >= Date.now() - 60_000).length
  }
}

/** The facts a start reports for its listing. */
function sandboxFacts(target: SandboxTarget, r: StartOutcome, basis: string) {
  return {
    checkedAt: new Date().toISOString(),
    // Written only while the listing still declares what was started (else 409: the job is tried again).
    basis,
    sandbox: {
      verdict: r.verdict,
      registryType: target.registryType,
      identifier: target.identifier,
      version: target.version,
      guessed: target.guessed,
      steps: r.steps,
      detail: r.detail,
      ...(r.variable ? { variable: r.variable } : {}),
      ...(r.tools ? { tools: r.tools } : {}),
      ...(r.toolsDefect ? { toolsDefect: r.toolsDefect } : {}),
      ...(r.tools && r.skills ? { skills: r.skills } : {}),
      ...(r.server ? { server: r.server } : {}),
      ...(r.promptCount !== undefined ? { promptCount: r.promptCount } : {}),
      ...(r.resourceCount !== undefined ? { resourceCount: r.resourceCount } : {}),
      ...(r.protocol ? { protocol: r.protocol } : {}),
    },
  }
}

/** The queue's handler of start jobs: a listing no longer active, or with nothing to start, is done at once. */
export function startJobHandler(deps: StartJobDeps, counters: StartCounters) {
  const { catalog, log, registries, limits, asNobody, boxLimits, net, intervalMs } = deps
  return async (job: ProbeJob, progress: () => void): Promise<'done' | 'retry'> => {
    const listing = await catalog.listing(job.listingId)
    if (listing?.status !== 'active') return 'done'
    const target = sandboxTarget(listing)
    // Started within its interval already (a job queued twice, a redelivery): not started again.
    if (!target || !sandboxDue(listing, target, Date.now(), intervalMs)) return 'done'
    const keepAlive = setInterval(progress, 20_000)
    try {
      const r = await startPackage(target, {
        registries,
        limits,
        installTimeoutMs: INSTALL_TIMEOUT_MS,
        asNobody,
        boxLimits,
        net,
      })
      counters.record(r.verdict)
      log.info(
        { id: listing.id, package: `${target.registryType}:${target.identifier}`, verdict: r.verdict, steps: r.steps },
        'sandbox start',
      )
      // Facts the catalog refuses (too large, invalid) are recorded as refused: the listing stops looking current.
      await catalog.putFactsOrRecordRefusal(listing.id, sandboxFacts(target, r, probeBasisOf(listing)))
      return 'done'
    } finally {
      clearInterval(keepAlive)
    }
  }
}

/**
 * The status API's answer: the queue, the start counters, the limits starts run under, and how far the catalog's
 * runnable listings were covered (null when the catalog could not say).
 */
export async function sandboxStatus(
  catalog: CatalogClient,
  queue: ProbeQueue,
  counters: StartCounters,
  limits: SandboxLimits,
  boxes: { limits: BoxLimitMode; refused: string | null },
) {
  return {
    boxes: boxes.refused ? { refused: boxes.refused } : boxes.limits,
    queue: queue.kind,
    pending: await queue.pending().catch(() => null),
    startsLastMinute: counters.perMinute(),
    startsLastHour: counters.starts.length,
    verdicts: Object.fromEntries(counters.verdicts),
    limits,
    catalog: await catalog.sandboxCoverage().catch(() => null),
  }
}
