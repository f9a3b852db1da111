import type { EventBus } from '@mcp-directory/shared/bus'
import { catalogClient, type CatalogHandler } from '@mcp-directory/shared/catalog-client'
import type { Config } from '@mcp-directory/shared/config'
import type { Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { INSTANCE_ID, serviceApp } from '@mcp-directory/shared/service'
import { configuredProber } from './probe/from-config'
import { subscribeProberEvents } from './events'
import { Pacer, PROBES_PER_SECOND } from './limits'
import type { ProbeQueue } from './queue'
import { proberQueues } from './queue/from-config'
import { configuredPace } from './sandbox-pace'
import { roundScheduler } from './scheduler'
import { statusRoutes } from './status/routes'

/** What the prober needs from its host process. */
export interface ProberDeps {
  config: Config
  database: Database
  bus: EventBus
  log: Logger
  /** The catalog's internal API (HTTP to its replicas in the stack, in-process in all-in-one). */
  catalog: CatalogHandler
  /** The work queue; default: JetStream when NATS_URL is set, else in-process. */
  queue?: ProbeQueue
  /** Name of the durable event consumer and of the queue's consumer; replicas share them. */
  consumerName?: string
  /** Start the round scheduler (default true; tests start rounds by hand). */
  schedule?: boolean
  /** The fetch used for remote endpoints (default: the outbound-safety fetcher built from config). */
  outboundFetch?: typeof fetch
  /** The fetch used for the GitHub API (default: global fetch). */
  githubFetch?: typeof fetch
  /**
   * The sandbox's work queue: default JetStream when NATS_URL is set (the sandbox service consumes it), else none
   * unless given (all-in-one gives its in-process one when bubblewrap is there). SANDBOX=off: none.
   */
  sandboxQueue?: ProbeQueue | null
}

/** Builds the prober: the event consumer, the work-queue consumer, the round scheduler and a small status API. */
export function createProberApp(deps: ProberDeps) {
  const { config, database, log } = deps
  const limits = config.probe
  // Probing off (PROBE=off or PROBE_INTERVAL_MINUTES=0): nothing is queued, consumed or fetched.
  const enabled = limits.enabled
  const intervalMs = Math.max(1, limits.intervalMinutes) * 60_000
  const consumer = deps.consumerName ?? 'prober'
  const { queue, sandboxQueue } = proberQueues(config, log, consumer, deps)
  const catalog = catalogClient(deps.catalog)
  const probe = configuredProber(config, { ...deps, catalog })
  const scheduler = roundScheduler({
    database,
    catalog,
    queue,
    intervalMs,
    budget: limits.roundBudget,
    log,
    instance: `prober/${INSTANCE_ID}`,
  })
  const pace = sandboxQueue ? configuredPace(config, { database, catalog, queue: sandboxQueue, log }) : null
  let probed = 0
  // Probes start at a bounded pace, whatever the queue holds (a large import queues every listing at once).
  // A probe's garbage (answers read, facts written, the events they fan out into) is given back by the process's
  // memory trim (shared/src/runtime/memory-trim.ts), as every burst's is.
  const pacer = new Pacer(PROBES_PER_SECOND)

  const off = async () => async () => {}
  const subscribed = enabled
    ? subscribeProberEvents(deps.bus, `${consumer}-events`, { queue, database, currentRound: scheduler.currentRound })
    : off()
  const consuming = enabled
    ? queue.consume(async (job, progress) => {
        await pacer.wait()
        const outcome = await probe(job, progress)
        if (outcome === 'done') probed++
        return outcome
      }, limits.concurrency)
    : off()
  if (enabled && deps.schedule !== false) {
    scheduler.start()
    pace?.start()
  }
  if (!enabled) log.info('probing is off (PROBE=off or PROBE_INTERVAL_MINUTES=0): listings keep the facts they have')

  const app = serviceApp('prober', config.publicBaseUrl, log).use(
    statusRoutes(database, log, {
      probing: enabled,
      queue: queue.kind,
      pending: () => queue.pending(),
      probedByThisReplica: () => probed,
      round: () => scheduler.currentRound(),
      sandboxPace: pace ? pace.status : null,
    }),
  )

  return {
    app,
    /** Starts the current round now (when no replica has yet); resolves with what it queued. */
    startRound: (round?: number) => scheduler.startRound(round),
    /** Queues one tick of sandbox starts now (null: no sandbox queue); resolves with what it queued. */
    paceSandbox: (tick?: number) => pace?.tick(tick) ?? null,
    /** The current round number. */
    currentRound: () => scheduler.currentRound(),
    /** Jobs this replica finished. */
    probedCount: () => probed,
    /** Jobs waiting or in flight in the queue. */
    pending: () => queue.pending(),
    /** Resolves once the event consumer and the queue consumer are running. */
    ready: async () => {
      await subscribed
      await consuming
    },
    close: async () => {
      await scheduler.stop()
      await pace?.stop()
      await (await subscribed)()
      await (await consuming)()
      await queue.close()
      // A queue given by the host is the host's to close.
      if (sandboxQueue && !deps.sandboxQueue) await sandboxQueue.close()
    },
  }
}

/** The prober service as built by its factory. */
export type ProberService = ReturnType<typeof createProberApp>
