// Which queues a prober uses, from its configuration: JetStream when NATS_URL is set, else in-process.
import type { Config } from '@mcp-directory/shared/config'
import type { Logger } from '@mcp-directory/shared/log'
import { createJetStreamQueue } from './jetstream'
import { createMemoryQueue } from './memory'
import type { ProbeQueue } from '.'

/** What the host may give instead of the configured queues (null sandbox queue: no sandbox starts). */
export interface GivenQueues {
  queue?: ProbeQueue
  sandboxQueue?: ProbeQueue | null
}

/** The probe queue, and the sandbox queue the prober feeds (undefined: no sandbox starts are queued). */
export function proberQueues(config: Config, log: Logger, consumer: string, given: GivenQueues) {
  const limits = config.probe
  const at = { stream: config.natsStream, subjectPrefix: config.eventSubjectPrefix, log }
  const roundMs = Math.max(1, limits.intervalMinutes) * 60_000
  const queue =
    given.queue ??
    (config.natsUrl
      ? createJetStreamQueue({
          ...at,
          url: config.natsUrl,
          consumer,
          roundMs,
          ackWaitMs: Math.max(60_000, 6 * limits.timeoutMs),
        })
      : createMemoryQueue())
  // The sandbox service consumes the sandbox queue; without NATS only a host that runs one in-process gives it.
  const sandboxQueue =
    !limits.sandbox || given.sandboxQueue === null
      ? undefined
      : (given.sandboxQueue ??
        (config.natsUrl
          ? createJetStreamQueue({ ...at, url: config.natsUrl, consumer: 'sandbox', roundMs, name: 'sandbox' })
          : undefined))
  return { queue, sandboxQueue }
}
