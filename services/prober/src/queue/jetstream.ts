// The JetStream probe queue: a work-queue stream (a message is removed once acked), a message id per job so the
// server drops a repeat within the round, and one durable pull consumer that every replica shares, so each job
// goes to exactly one of them; acks are explicit and come after the facts reached the catalog.
import { natsClient } from '@mcp-directory/shared/bus'
import type { Codec, JetStreamManager, JsMsg, NatsConnection } from 'nats'
import type { Logger } from '@mcp-directory/shared/log'
import { Semaphore } from '../limits'
import { jobId, type JobHandler, type ProbeJob, type ProbeQueue } from './job'

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

// The client is loaded on first use (natsClient): the in-process queue never pays for it.
let jobCodec: Codec<ProbeJob> | undefined
const codec = () => (jobCodec ??= natsClient().JSONCodec<ProbeJob>())
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

// The queue's state, shared by its methods and every consumer of it.
interface JetStreamState {
  opts: JetStreamQueueOptions
  names: { stream: string; subject: string }
  durable: string
  ackWaitMs: number
  closed: boolean
  nc: NatsConnection | null
  /** The stop function of every consumer. */
  stops: (() => Promise<void>)[]
}

// One consumer: its handler, its slots, the jobs it is running and the message stream it pulls.
interface Consumer {
  handler: JobHandler
  concurrency: number
  stopped: boolean
  current: { close(): Promise<unknown> } | null
  slots: Semaphore
  inFlight: Set<Promise<void>>
}

/** Connects (retrying in the background) and declares the stream; jobs can be queued and consumed once it is up. */
export function createJetStreamQueue(opts: JetStreamQueueOptions): ProbeQueue {
  const state: JetStreamState = {
    opts,
    names: probeQueueNames(opts.stream, opts.subjectPrefix, opts.name),
    durable: opts.consumer ?? 'prober',
    ackWaitMs: opts.ackWaitMs ?? 60_000,
    closed: false,
    nc: null,
    stops: [],
  }
  const ready = connectQueue(state)
  ready.catch(() => {})

  return {
    kind: 'jetstream',
    enqueue: async (jobs) => publishJobs(state, await ready, jobs),
    async consume(handler: JobHandler, concurrency: number) {
      const c: Consumer = {
        handler,
        concurrency,
        stopped: false,
        current: null,
        slots: new Semaphore(concurrency),
        inFlight: new Set(),
      }
      void consumeLoop(state, ready, c)
      const stop = async () => {
        c.stopped = true
        await c.current?.close()
        // In-flight probes get a moment to finish; one still running is simply redelivered (or queued) later.
        await Promise.race([Promise.allSettled([...c.inFlight]), Bun.sleep(STOP_GRACE_MS)])
      }
      state.stops.push(stop)
      return stop
    },
    async pending() {
      const conn = await ready
      const info = await (await conn.jetstreamManager()).streams.info(state.names.stream)
      return info.state.messages
    },
    async close() {
      state.closed = true
      for (const s of state.stops) await s().catch(() => {})
      if (state.nc) await state.nc.drain().catch(() => {})
    },
  }
}

/** Connects and declares the stream, retrying until it is up or the queue is closed. */
async function connectQueue(state: JetStreamState): Promise<NatsConnection> {
  for (let attempt = 0; !state.closed; attempt++) {
    try {
      const conn = await natsClient().connect({
        servers: state.opts.url,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        timeout: 2000,
        name: 'mcp-directory-prober',
      })
      await declareStream(conn, state.names, state.opts.roundMs)
      state.nc = conn
      return conn
    } catch (err) {
      if (attempt % 10 === 0) state.opts.log.warn({ err: String(err) }, 'probe queue: NATS not reachable yet; retrying')
      await Bun.sleep(Math.min(250 * 2 ** attempt, 2000))
    }
  }
  throw new Error('queue closed')
}

/** Creates the stream, or brings an existing one's settings in line. */
async function declareStream(conn: NatsConnection, names: JetStreamState['names'], roundMs: number): Promise<void> {
  const { RetentionPolicy, StorageType } = natsClient()
  const jsm = await conn.jetstreamManager()
  // Jobs older than two rounds are stale (the next round queues the listing again); ids live one round.
  const config = {
    name: names.stream,
    subjects: [names.subject],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    max_age: 2 * roundMs * NS,
    duplicate_window: roundMs * NS,
  }
  try {
    await jsm.streams.info(names.stream)
    await jsm.streams.update(names.stream, config)
  } catch {
    await jsm.streams.add(config)
  }
}

/** Publishes jobs with their id as message id, so the server drops one already queued this round. */
async function publishJobs(state: JetStreamState, conn: NatsConnection, jobs: ProbeJob[]) {
  const js = conn.jetstream()
  let queued = 0
  let duplicates = 0
  // In slices, so a round of 100k jobs neither floods the connection nor waits on one ack at a time.
  for (let i = 0; i < jobs.length; i += 256) {
    const acks = await Promise.all(
      jobs
        .slice(i, i + 256)
        .map((j) => js.publish(state.names.subject, codec().encode(j), { msgID: jobId(j), timeout: 5000 })),
    )
    for (const a of acks) a.duplicate ? duplicates++ : queued++
  }
  return { queued, duplicates }
}

// The consume loop re-creates itself after a failure (server restart, consumer deleted).
async function consumeLoop(state: JetStreamState, ready: Promise<NatsConnection>, c: Consumer): Promise<void> {
  while (!c.stopped && !state.closed) {
    try {
      await pullMessages(state, await ready, c)
    } catch (err) {
      if (!c.stopped && !state.closed) state.opts.log.warn({ err: String(err) }, 'probe consumer failed; restarting')
    }
    if (!c.stopped && !state.closed) await Bun.sleep(1000)
  }
}

/** Declares the shared durable consumer and handles its messages, each once a slot is free, until stopped. */
async function pullMessages(state: JetStreamState, conn: NatsConnection, c: Consumer): Promise<void> {
  const { names, durable } = state
  await declareConsumer(state, await conn.jetstreamManager())
  const consumer = await conn.jetstream().consumers.get(names.stream, durable)
  const messages = await consumer.consume({ max_messages: c.concurrency })
  c.current = messages
  for await (const m of messages) {
    await c.slots.acquire()
    if (c.stopped) {
      c.slots.release()
      m.nak()
      break
    }
    const p = handleMessage(state, c.handler, m).finally(() => {
      c.slots.release()
      c.inFlight.delete(p)
    })
    c.inFlight.add(p)
  }
}

/** Creates the durable consumer every replica shares, or brings its settings in line. */
async function declareConsumer(state: JetStreamState, jsm: JetStreamManager): Promise<void> {
  const { names, durable } = state
  const { AckPolicy, DeliverPolicy } = natsClient()
  const settings = {
    ack_wait: state.ackWaitMs * NS,
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
}

/** Handles one message: a job that cannot be read is dropped for good; acked when done, else redelivered later. */
async function handleMessage(state: JetStreamState, handler: JobHandler, m: JsMsg): Promise<void> {
  let job: ProbeJob
  try {
    job = codec().decode(m.data)
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
    state.opts.log.warn({ err: String(err), job }, 'probe job failed; will retry')
  }
  // After a stop the connection may be gone: the server then redelivers the job after ack_wait.
  try {
    if (outcome === 'done') m.ack()
    else m.nak(RETRY_DELAY_MS)
  } catch {}
}
