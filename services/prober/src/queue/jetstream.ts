// The JetStream probe queue: a work-queue stream (a message is removed once acked), a message id per job so the
// server drops a repeat within the round, and one durable pull consumer that every replica shares, so each job
// goes to exactly one of them; acks are explicit and come after the facts reached the catalog.
import {
  AckPolicy,
  connect,
  DeliverPolicy,
  JSONCodec,
  RetentionPolicy,
  StorageType,
  type JsMsg,
  type NatsConnection,
} from 'nats'
import type { Logger } from '@mcp-directory/shared/log'
import { Semaphore } from '../limits'
import { jobId, type JobHandler, type ProbeJob, type ProbeQueue } from './index'

/** Where the queue lives and how long its messages and ids are kept. */
export interface JetStreamQueueOptions {
  url: string
  /** The deployment's stream name (NATS_STREAM); the queue's stream is `<stream>_PROBES`. */
  stream: string
  /** The deployment's subject prefix (EVENT_SUBJECT_PREFIX); jobs go to `<prefix>_probes.job`. */
  subjectPrefix: string
  /** Name of the durable consumer every replica shares. */
  consumer?: string
  /** The round length: message ids are remembered this long, so a job is queued once per round. */
  roundMs: number
  /** How long one job may take before the server hands it to another replica (progress resets it). */
  ackWaitMs?: number
  log: Logger
  /** Which queue: `probes` (default) or `sandbox` (sandbox starts the prober schedules). */
  name?: 'probes' | 'sandbox'
}

const codec = JSONCodec<ProbeJob>()
const NS = 1_000_000
// A job that keeps failing (catalog down) is retried this many times, then left to the next round.
const MAX_DELIVER = 5
// How long a stop waits for probes in flight.
const STOP_GRACE_MS = 2000
const RETRY_DELAY_MS = 10_000

/** Names of the queue's stream and subject for a deployment. */
export function probeQueueNames(stream: string, subjectPrefix: string, name: 'probes' | 'sandbox' = 'probes') {
  return { stream: `${stream}_${name.toUpperCase()}`, subject: `${subjectPrefix}_${name}.job` }
}

/** Connects (retrying in the background) and declares the stream; jobs can be queued and consumed once it is up. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one closure over the NATS connection that the queue methods share
export function createJetStreamQueue(opts: JetStreamQueueOptions): ProbeQueue {
  const names = probeQueueNames(opts.stream, opts.subjectPrefix, opts.name)
  const durable = opts.consumer ?? 'prober'
  const ackWaitMs = opts.ackWaitMs ?? 60_000
  let closed = false
  let nc: NatsConnection | null = null
  const stops: (() => Promise<void>)[] = []

  const ready: Promise<NatsConnection> = (async () => {
    for (let attempt = 0; !closed; attempt++) {
      try {
        const conn = await connect({
          servers: opts.url,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 500,
          timeout: 2000,
          name: 'mcp-directory-prober',
        })
        const jsm = await conn.jetstreamManager()
        // Jobs older than two rounds are stale (the next round queues the listing again); ids live one round.
        const config = {
          name: names.stream,
          subjects: [names.subject],
          retention: RetentionPolicy.Workqueue,
          storage: StorageType.File,
          max_age: 2 * opts.roundMs * NS,
          duplicate_window: opts.roundMs * NS,
        }
        try {
          await jsm.streams.info(names.stream)
          await jsm.streams.update(names.stream, config)
        } catch {
          await jsm.streams.add(config)
        }
        nc = conn
        return conn
      } catch (err) {
        if (attempt % 10 === 0) opts.log.warn({ err: String(err) }, 'probe queue: NATS not reachable yet; retrying')
        await Bun.sleep(Math.min(250 * 2 ** attempt, 2000))
      }
    }
    throw new Error('queue closed')
  })()
  ready.catch(() => {})

  return {
    kind: 'jetstream',
    async enqueue(jobs) {
      const conn = await ready
      const js = conn.jetstream()
      let queued = 0
      let duplicates = 0
      // In slices, so a round of 100k jobs neither floods the connection nor waits on one ack at a time.
      for (let i = 0; i < jobs.length; i += 256) {
        const acks = await Promise.all(
          jobs
            .slice(i, i + 256)
            .map((j) => js.publish(names.subject, codec.encode(j), { msgID: jobId(j), timeout: 5000 })),
        )
        for (const a of acks) a.duplicate ? duplicates++ : queued++
      }
      return { queued, duplicates }
    },
    async consume(handler: JobHandler, concurrency: number) {
      let stopped = false
      let current: { close(): Promise<unknown> } | null = null
      const slots = new Semaphore(concurrency)
      const inFlight = new Set<Promise<void>>()
      const handle = async (m: JsMsg) => {
        let job: ProbeJob
        try {
          job = codec.decode(m.data)
          if (typeof job?.listingId !== 'string' || !Number.isSafeInteger(job.round)) throw new Error('bad job')
        } catch {
          try {
            m.term() // can never succeed
          } catch {}
          return
        }
        let outcome: 'done' | 'retry' = 'retry'
        try {
          outcome = await handler(job, () => m.working())
        } catch (err) {
          opts.log.warn({ err: String(err), job }, 'probe job failed; will retry')
        }
        // After a stop the connection may be gone: the server then redelivers the job after ack_wait.
        try {
          if (outcome === 'done') m.ack()
          else m.nak(RETRY_DELAY_MS)
        } catch {}
      }
      // The consume loop re-creates itself after a failure (server restart, consumer deleted).
      const loop = async () => {
        while (!stopped && !closed) {
          try {
            const conn = await ready
            const jsm = await conn.jetstreamManager()
            const settings = {
              ack_wait: ackWaitMs * NS,
              max_deliver: MAX_DELIVER,
              // Every replica pulls from this one consumer: enough outstanding jobs for all of them.
              max_ack_pending: 10_000,
            }
            try {
              await jsm.consumers.add(names.stream, {
                durable_name: durable,
                ack_policy: AckPolicy.Explicit,
                deliver_policy: DeliverPolicy.All,
                filter_subject: names.subject,
                ...settings,
              })
            } catch {
              // It exists with other settings (another version, another PROBE_TIMEOUT_MS): bring them in line.
              await jsm.consumers.update(names.stream, durable, settings)
            }
            const consumer = await conn.jetstream().consumers.get(names.stream, durable)
            const messages = await consumer.consume({ max_messages: concurrency })
            current = messages
            for await (const m of messages) {
              await slots.acquire()
              if (stopped) {
                slots.release()
                m.nak()
                break
              }
              const p = handle(m).finally(() => {
                slots.release()
                inFlight.delete(p)
              })
              inFlight.add(p)
            }
          } catch (err) {
            if (!stopped && !closed) opts.log.warn({ err: String(err) }, 'probe consumer failed; restarting')
          }
          if (!stopped && !closed) await Bun.sleep(1000)
        }
      }
      void loop()
      const stop = async () => {
        stopped = true
        await current?.close()
        // In-flight probes get a moment to finish; one still running is simply redelivered (or queued) later.
        await Promise.race([Promise.allSettled([...inFlight]), Bun.sleep(STOP_GRACE_MS)])
      }
      stops.push(stop)
      return stop
    },
    async pending() {
      const conn = await ready
      const info = await (await conn.jetstreamManager()).streams.info(names.stream)
      return info.state.messages
    },
    async close() {
      closed = true
      for (const s of stops) await s().catch(() => {})
      if (nc) await nc.drain().catch(() => {})
    },
  }
}
