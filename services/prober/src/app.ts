import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config } from '@mcp-directory/shared/config'
import type { Database } from '@mcp-directory/shared/db'
import { notFound } from '@mcp-directory/shared/errors'
import type { EventEnvelope, ListingEvent } from '@mcp-directory/shared/events'
import { json } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { addressResolver, createOutboundFetcher, OUTBOUND_USER_AGENT } from '@mcp-directory/shared/outbound'
import { healthHandler, INSTANCE_ID, serviceApp } from '@mcp-directory/shared/service'
import { catalogClient, type CatalogHandler } from './catalog/client'
import { HostLimiter } from './limits'
import { githubReader } from './probe/github'
import { listingProber } from './probe/listing'
import { registryReader } from './probe/registry'
import { createJetStreamQueue, createMemoryQueue, type ProbeQueue } from './queue'
import { roundScheduler } from './scheduler'
import { readHistory, readState } from './state/repository'

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

/** The listing events that queue a probe at once (a new or changed active listing). */
export const PROBER_EVENTS = ['listing.approved', 'listing.imported'] as const

/** Builds the prober: the event consumer, the work-queue consumer, the round scheduler and a small status API. */
export function createProberApp(deps: ProberDeps) {
  const { config, database, log } = deps
  const limits = config.probe
  // Probing off (PROBE=off or PROBE_INTERVAL_MINUTES=0): nothing is queued, consumed or fetched.
  const enabled = limits.enabled
  const intervalMs = Math.max(1, limits.intervalMinutes) * 60_000
  const consumer = deps.consumerName ?? 'prober'
  const queue =
    deps.queue ??
    (config.natsUrl
      ? createJetStreamQueue({
          url: config.natsUrl,
          stream: config.natsStream,
          subjectPrefix: config.eventSubjectPrefix,
          consumer,
          roundMs: intervalMs,
          ackWaitMs: Math.max(60_000, 6 * limits.timeoutMs),
          log,
        })
      : createMemoryQueue())
  const sandboxQueue =
    !limits.sandbox || deps.sandboxQueue === null
      ? undefined
      : (deps.sandboxQueue ??
        (config.natsUrl
          ? createJetStreamQueue({
              url: config.natsUrl,
              stream: config.natsStream,
              subjectPrefix: config.eventSubjectPrefix,
              consumer: 'sandbox',
              roundMs: intervalMs,
              log,
              name: 'sandbox',
            })
          : undefined))
  const outbound = createOutboundFetcher({
    allowPrivate: config.outboundAllowPrivate,
    resolve: addressResolver(config.dnsServers),
    timeoutMs: limits.timeoutMs,
  })
  const catalog = catalogClient(deps.catalog)
  const probe = listingProber({
    database,
    catalog,
    github: githubReader({
      apiUrl: config.githubApiUrl,
      token: config.githubToken,
      timeoutMs: limits.timeoutMs,
      fetch: deps.githubFetch,
      userAgent: OUTBOUND_USER_AGENT,
    }),
    registry: registryReader({
      npmUrl: config.npmRegistryUrl,
      pypiUrl: config.pypiUrl,
      timeoutMs: limits.timeoutMs,
      userAgent: OUTBOUND_USER_AGENT,
    }),
    outboundFetch: deps.outboundFetch ?? outbound.fetch,
    hosts: new HostLimiter(limits.perHost),
    timeoutMs: limits.timeoutMs,
    log,
    sandboxQueue,
    sandboxIntervalMs: limits.sandboxIntervalHours * 3_600_000,
  })
  const scheduler = roundScheduler({
    database,
    catalog,
    queue,
    intervalMs,
    budget: limits.roundBudget,
    log,
    instance: `prober/${INSTANCE_ID}`,
  })
  let probed = 0

  // Queuing is idempotent (one job id per listing and round), so a redelivered event queues nothing new.
  const onEvent = async (e: EventEnvelope) => {
    const p = e.payload as ListingEvent
    if (typeof p?.id !== 'string' || p.status !== 'active') return
    await queue.enqueue([{ listingId: p.id, round: scheduler.currentRound(), reason: 'event' }])
  }
  const off = async () => async () => {}
  const subscribed = enabled ? deps.bus.subscribe(`${consumer}-events`, [...PROBER_EVENTS], onEvent) : off()
  const consuming = enabled
    ? queue.consume(async (job, progress) => {
        const outcome = await probe(job, progress)
        if (outcome === 'done') probed++
        return outcome
      }, limits.concurrency)
    : off()
  if (enabled && deps.schedule !== false) scheduler.start()
  if (!enabled) log.info('probing is off (PROBE=off or PROBE_INTERVAL_MINUTES=0): listings keep the facts they have')

  const app = serviceApp('prober', config.publicBaseUrl, log)
    // For process supervisors (the stack runner probes this path); never in the gateway's public route table.
    .get('/api/v1/health', healthHandler(database, log))
    // Operators: what the prober last saw of a listing, and its bounded history.
    .get('/internal/probes/:id', async ({ params }) => {
      const state = await readState(database, params.id)
      if (!state) throw notFound('Probe state')
      const history = await readHistory(database, params.id)
      return json({ state, history })
    })
    .get('/internal/status', async () =>
      json({
        probing: enabled,
        queue: queue.kind,
        pending: await queue.pending().catch(() => null),
        probedByThisReplica: probed,
        round: scheduler.currentRound(),
      }),
    )

  return {
    app,
    /** Starts the current round now (when no replica has yet); resolves with what it queued. */
    startRound: (round?: number) => scheduler.startRound(round),
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
