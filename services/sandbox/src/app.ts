// The sandbox service: takes start jobs from the prober's sandbox queue, starts the listing's package (install,
// bubblewrap, MCP over stdio), and reports the verdict, tools and step timings to the catalog's facts API.
import type { Config } from '@mcp-directory/shared/config'
import { json } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { serviceApp } from '@mcp-directory/shared/service'
import { catalogClient, type CatalogHandler } from '@mcp-directory/shared/catalog-client'
import {
  createJetStreamQueue,
  createMemoryQueue,
  sandboxTarget,
  type ProbeJob,
  type ProbeQueue,
} from '@mcp-directory/prober'
import { DEFAULT_LIMITS, type SandboxLimits } from './run/bwrap'
import type { Registries } from './run/install'
import { abandonStarts, startPackage, sweepLeftovers } from './run/start'

/** What the sandbox service needs from its host process. */
export interface SandboxDeps {
  config: Config
  log: Logger
  /** The catalog's internal API. */
  catalog: CatalogHandler
  /** The sandbox queue; default: JetStream when NATS_URL is set, else in-process. */
  queue?: ProbeQueue
  /** Overrides of the registries (tests: a lockfile's node_modules) and limits. */
  registries?: Partial<Registries>
  limits?: Partial<SandboxLimits>
}

// Starts counted for the per-minute rate: timestamps of the last hour.
const RATE_WINDOW_MS = 3_600_000

/** Builds the sandbox worker and its small status API. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the start job handler and the status counters it updates share one closure
export function createSandboxApp(deps: SandboxDeps) {
  const { config, log } = deps
  const p = config.probe
  const queue =
    deps.queue ??
    (config.natsUrl
      ? createJetStreamQueue({
          url: config.natsUrl,
          stream: config.natsStream,
          subjectPrefix: config.eventSubjectPrefix,
          consumer: 'sandbox',
          roundMs: p.intervalMinutes * 60_000,
          ackWaitMs: 10 * 60_000,
          log,
          name: 'sandbox',
        })
      : createMemoryQueue())
  const catalog = catalogClient(deps.catalog)
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, timeMs: p.sandboxTimeMs, ...deps.limits }
  const registries: Registries = { npmUrl: config.npmRegistryUrl, pypiUrl: config.pypiUrl, ...deps.registries }
  const asNobody = process.getuid?.() === 0
  const starts: number[] = []
  const verdicts = new Map<string, number>()

  async function handle(job: ProbeJob, progress: () => void): Promise<'done' | 'retry'> {
    const listing = await catalog.listing(job.listingId)
    if (listing?.status !== 'active') return 'done'
    const target = sandboxTarget(listing)
    if (!target) return 'done'
    const keepAlive = setInterval(progress, 20_000)
    try {
      const r = await startPackage(target, { registries, limits, installTimeoutMs: INSTALL_TIMEOUT_MS, asNobody })
      starts.push(Date.now())
      while (starts.length && starts[0]! < Date.now() - RATE_WINDOW_MS) starts.shift()
      verdicts.set(r.verdict, (verdicts.get(r.verdict) ?? 0) + 1)
      log.info(
        { id: listing.id, package: `${target.registryType}:${target.identifier}`, verdict: r.verdict, steps: r.steps },
        'sandbox start',
      )
      await catalog.putFacts(listing.id, {
        checkedAt: new Date().toISOString(),
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
          ...(r.promptCount !== undefined ? { promptCount: r.promptCount } : {}),
          ...(r.resourceCount !== undefined ? { resourceCount: r.resourceCount } : {}),
        },
      })
      return 'done'
    } finally {
      clearInterval(keepAlive)
    }
  }

  // What a killed predecessor left: directories older than any start can last (install + run, with room).
  const INSTALL_TIMEOUT_MS = 120_000
  const swept = sweepLeftovers(2 * (INSTALL_TIMEOUT_MS + limits.timeMs) + 60_000)
  if (swept) log.info({ removed: swept }, 'sandbox: removed work directories a stopped process left')
  const consuming = queue.consume(handle, p.sandboxConcurrency)
  /** Starts in the last minute. */
  const startsPerMinute = () => starts.filter((t) => t >= Date.now() - 60_000).length

  const app = serviceApp('sandbox', config.publicBaseUrl, log)
    .get('/api/v1/health', () => json({ status: 'ok', timestamp: new Date().toISOString() }))
    .get('/internal/status', async () =>
      json({
        queue: queue.kind,
        pending: await queue.pending().catch(() => null),
        startsLastMinute: startsPerMinute(),
        startsLastHour: starts.length,
        verdicts: Object.fromEntries(verdicts),
        limits,
      }),
    )

  return {
    app,
    queue,
    startsPerMinute,
    ready: async () => void (await consuming),
    close: async () => {
      await (await consuming)()
      // Starts still running after the queue's grace period are killed and their directories removed.
      abandonStarts()
      if (!deps.queue) await queue.close()
    },
  }
}

/** The sandbox service as built by its factory. */
export type SandboxService = ReturnType<typeof createSandboxApp>
