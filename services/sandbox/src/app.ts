// The sandbox service: takes start jobs from the prober's sandbox queue, starts the listing's package (install,
// bubblewrap, MCP over stdio), and reports the verdict, tools and step timings to the catalog's facts API.
import type { Config } from '@mcp-directory/shared/config'
import type { Logger } from '@mcp-directory/shared/log'
import { healthRoute, mount, serviceApp } from '@mcp-directory/shared/service'
import { catalogClient, type CatalogHandler } from '@mcp-directory/shared/catalog-client'
import { createJetStreamQueue, createMemoryQueue, type ProbeQueue } from '@mcp-directory/prober'
import { type BoxLimitMode, detectBoxLimits, sweepCgroups } from './run/boxlimits'
import { DEFAULT_LIMITS, type SandboxLimits } from './run/bwrap'
import type { Registries } from './run/install'
import { installNetwork } from './run/netconfig'
import { abandonStarts, sweepLeftovers } from './run/start'
import { INSTALL_TIMEOUT_MS, sandboxStatus, StartCounters, startJobHandler } from './start-jobs'
import { readSandboxStatus } from './status/contract'

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
  /** The service's environment (SANDBOX_CGROUP, SANDBOX_BOX_LIMITS, the install's network variables). */
  env?: NodeJS.ProcessEnv
}

/**
 * Why boxes cannot get the limits the service promises (null: they can): a size-bounded tmpfs and prlimit
 * always, and a cgroup when SANDBOX_BOX_LIMITS=cgroup.
 */
export function boxRefusal(mode: BoxLimitMode, env: NodeJS.ProcessEnv): string | null {
  if (!Bun.which('prlimit')) return 'prlimit is not installed (util-linux)'
  // Without bwrap the spawn below would throw (ENOENT) rather than report: the service then starts refusing.
  if (!Bun.which('bwrap')) return 'bubblewrap is not installed (bwrap)'
  const tmpfs = Bun.spawnSync(
    ['bwrap', '--unshare-all', '--ro-bind', '/', '/', '--size', '1048576', '--tmpfs', '/tmp', 'true'],
    {
      stdout: 'ignore',
      stderr: 'ignore',
    },
  )
  if (tmpfs.exitCode !== 0) return 'bubblewrap cannot mount a size-bounded tmpfs (bubblewrap 0.7 or later is needed)'
  if (env.SANDBOX_BOX_LIMITS === 'cgroup' && mode.kind === 'per-process')
    return `SANDBOX_BOX_LIMITS=cgroup, but ${mode.why}`
  return null
}

/** The queue a deployment gives the sandbox: JetStream when NATS_URL is set, else in-process. */
function defaultQueue(config: Config, log: Logger): ProbeQueue {
  if (!config.natsUrl) return createMemoryQueue()
  return createJetStreamQueue({
    url: config.natsUrl,
    stream: config.natsStream,
    subjectPrefix: config.eventSubjectPrefix,
    consumer: 'sandbox',
    roundMs: config.probe.intervalMinutes * 60_000,
    ackWaitMs: 10 * 60_000,
    log,
    name: 'sandbox',
  })
}

/** Builds the sandbox worker and its small status API. */
export function createSandboxApp(deps: SandboxDeps) {
  const { config, log } = deps
  const p = config.probe
  const queue = deps.queue ?? defaultQueue(config, log)
  const catalog = catalogClient(deps.catalog)
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, timeMs: p.sandboxTimeMs, ...deps.limits }
  const registries: Registries = { npmUrl: config.npmRegistryUrl, pypiUrl: config.pypiUrl, ...deps.registries }
  const counters = new StartCounters()
  const env = deps.env ?? process.env
  const boxLimits = detectBoxLimits(env)
  const refused = boxRefusal(boxLimits, env)
  const asNobody = process.getuid?.() === 0
  const handle = startJobHandler(
    {
      catalog,
      log,
      registries,
      limits,
      asNobody,
      boxLimits,
      net: installNetwork(env),
      intervalMs: p.sandboxIntervalHours * 3_600_000,
    },
    counters,
  )
  if (refused) log.error({ why: refused }, 'sandbox: boxes cannot get their limits; no package is started')
  else if (boxLimits.kind === 'per-process')
    log.warn({ why: boxLimits.why }, 'sandbox: limits per process only (prlimit, bounded tmpfs), not per box')

  // What a killed predecessor left: directories older than any start can last (install + run, with room).
  const sweptCgroups = sweepCgroups(boxLimits)
  if (sweptCgroups) log.info({ removed: sweptCgroups }, 'sandbox: removed box cgroups a stopped process left')
  const swept = sweepLeftovers(2 * (INSTALL_TIMEOUT_MS + limits.timeMs) + 60_000)
  if (swept) log.info({ removed: swept }, 'sandbox: removed work directories a stopped process left')
  // Refused: the queue is not read at all, so its jobs wait for a replica that can bound its boxes.
  const consuming = refused ? Promise.resolve(async () => {}) : queue.consume(handle, p.sandboxConcurrency)

  const app = serviceApp('sandbox', config.publicBaseUrl, log)
    .use(healthRoute('sandbox'))
    .use(
      mount(readSandboxStatus, () => sandboxStatus(catalog, queue, counters, limits, { limits: boxLimits, refused })),
    )

  return {
    app,
    queue,
    startsPerMinute: () => counters.perMinute(),
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
