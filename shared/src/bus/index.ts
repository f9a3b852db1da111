/** Event bus: NATS JetStream (one stream, durable consumers, msgID de-duplication) or an in-process bus. */
import type { Codec, JsMsg, NatsConnection } from 'nats'
import type { Logger } from 'pino'
import type { EventEnvelope, EventMap, EventSubject } from '../events'
import { consumerLag } from '../metrics'

/** Handles one delivered event of the subjects it subscribed to; throwing asks for a redelivery later. */
export type EventHandler<S extends EventSubject = EventSubject> = (event: EventEnvelope<S>) => Promise<void>

/** How a consumer starts and ends. */
export interface SubscribeOptions {
  /**
   * A consumer of one process (a per-replica cache): it receives only events published after it starts, and the
   * server forgets it this long after the process is gone, so restarts leave no consumers behind.
   */
  perProcessForgetAfterMs?: number
}

/** What services need from the bus. */
export interface EventBus {
  readonly kind: 'nats' | 'memory'
  /** Publishes once per msgId: the server (or the in-process bus) drops a repeat. */
  publish<S extends EventSubject>(subject: S, payload: EventMap[S], msgId: string, requestId?: string): Promise<void>
  /** Starts a durable consumer of `subjects`; the handler receives their payload types. Returns its stop. */
  subscribe<S extends EventSubject>(
    durable: string,
    subjects: readonly S[],
    handler: EventHandler<S>,
    options?: SubscribeOptions,
  ): Promise<() => Promise<void>>
  close(): Promise<void>
}

// Ids remembered to drop repeats: the newest this many (JetStream keeps two minutes of them), so a long-running
// process does not keep every id it ever saw.
const MEMORY_BUS_IDS = 20_000

/** Adds an id to an insertion-ordered set, forgetting the oldest beyond MEMORY_BUS_IDS. */
function remember(ids: Set<string>, id: string): void {
  ids.add(id)
  if (ids.size > MEMORY_BUS_IDS)
    for (const oldest of ids) {
      ids.delete(oldest)
      if (ids.size <= MEMORY_BUS_IDS) break
    }
}

/** An in-process bus for the all-in-one mode: each durable name gets every event once. */
export function createMemoryBus(): EventBus {
  const consumers = new Map<string, { subjects: Set<string>; handler: EventHandler; seen: Set<string> }>()
  const seenPublished = new Set<string>()
  const deliver = async (
    c: { handler: EventHandler; seen: Set<string> },
    event: EventEnvelope,
    attempt = 0,
  ): Promise<void> => {
    if (c.seen.has(event.msgId)) return
    try {
      await c.handler(event)
      remember(c.seen, event.msgId)
    } catch {
      // Passing failures are retried with back-off, as JetStream would redeliver after a nak.
      if (attempt < 5) setTimeout(() => void deliver(c, event, attempt + 1), 200 * 2 ** attempt)
    }
  }
  return {
    kind: 'memory',
    publish: async (subject, payload, msgId, requestId) => {
      if (seenPublished.has(msgId)) return
      remember(seenPublished, msgId)
      const event = { subject, payload, msgId, ...(requestId ? { requestId } : {}) } as EventEnvelope
      for (const c of consumers.values()) if (c.subjects.has(subject)) queueMicrotask(() => void deliver(c, event))
    },
    subscribe: async (durable, subjects, handler) => {
      // Only events of `subjects` reach it (checked at publish), so it handles any envelope it is given.
      consumers.set(durable, { subjects: new Set(subjects), handler: handler as EventHandler, seen: new Set() })
      return async () => {
        consumers.delete(durable)
      }
    },
    close: async () => consumers.clear(),
  }
}

/** Options of the JetStream bus. */
export interface NatsBusOptions {
  url: string
  stream: string
  subjectPrefix: string
  log: Logger
}

/**
 * The NATS client, loaded on first use rather than at the top: a process on the in-process bus (the all-in-one
 * without NATS_URL) never pays for its modules. The prober's JetStream queue loads it the same way.
 */
export const natsClient = (): typeof import('nats') => import.meta.require('nats')

let jsonCodec: Codec<unknown> | undefined
const codec = () => (jsonCodec ??= natsClient().JSONCodec<unknown>())

/** Connects (retrying until `isClosed`) and makes sure the directory's stream exists with its duplicate window. */
async function connectWithStream(opts: NatsBusOptions, isClosed: () => boolean): Promise<NatsConnection> {
  for (let attempt = 0; !isClosed(); attempt++) {
    try {
      const conn = await natsClient().connect({
        servers: opts.url,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        timeout: 2000,
        name: 'mcp-directory',
      })
      const jsm = await conn.jetstreamManager()
      const config = {
        name: opts.stream,
        subjects: [`${opts.subjectPrefix}.>`],
        duplicate_window: 2 * 60 * 1_000_000_000,
      }
      try {
        await jsm.streams.info(opts.stream)
        await jsm.streams.update(opts.stream, config)
      } catch {
        await jsm.streams.add(config)
      }
      return conn
    } catch (err) {
      if (attempt % 10 === 0) opts.log.warn({ err: String(err) }, 'NATS not reachable yet; retrying')
      await Bun.sleep(Math.min(250 * 2 ** attempt, 2000))
    }
  }
  throw new Error('bus closed')
}

/** One durable consumer of a JetStream bus: what it reads and whether it should go on. */
interface ConsumerSpec<S extends EventSubject> {
  opts: NatsBusOptions
  durable: string
  subjects: readonly S[]
  handler: EventHandler<S>
  options: SubscribeOptions
  running: () => boolean
}

/** Creates (or finds) the durable consumer and returns its message stream; lag is sampled for /metrics meanwhile. */
async function openConsumer<S extends EventSubject>(conn: NatsConnection, c: ConsumerSpec<S>) {
  const { opts, durable, subjects, options } = c
  const { AckPolicy, DeliverPolicy } = natsClient()
  const jsm = await conn.jetstreamManager()
  await jsm.consumers.add(opts.stream, {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: options.perProcessForgetAfterMs ? DeliverPolicy.New : DeliverPolicy.All,
    ...(options.perProcessForgetAfterMs ? { inactive_threshold: options.perProcessForgetAfterMs * 1_000_000 } : {}),
    // One subject filters on the server; several use the stream's wildcard and are filtered here,
    // since nats-server before 2.10 (Debian 12 ships 2.9) has no filter_subjects.
    filter_subject: subjects.length === 1 ? `${opts.subjectPrefix}.${subjects[0]}` : `${opts.subjectPrefix}.>`,
    ack_wait: 30_000_000_000,
    max_deliver: -1,
  })
  const consumer = await conn.jetstream().consumers.get(opts.stream, durable)
  const messages = await consumer.consume({ max_messages: 64 })
  const lagTimer = setInterval(() => {
    jsm.consumers.info(opts.stream, durable).then(
      (i) => consumerLag(durable, i.num_pending + i.num_ack_pending),
      () => {},
    )
  }, 10_000)
  lagTimer.unref?.()
  void messages.closed().finally(() => clearInterval(lagTimer))
  return messages
}

/** Hands each wanted message to the handler: ack after its side effect committed, nak (redeliver) on a failure. */
async function deliverAll<S extends EventSubject>(messages: AsyncIterable<JsMsg>, c: ConsumerSpec<S>) {
  const prefix = `${c.opts.subjectPrefix}.`
  const wanted = new Set(c.subjects.map((s) => prefix + s))
  for await (const m of messages) {
    if (!c.running()) break
    if (!wanted.has(m.subject)) {
      m.ack()
      continue
    }
    const requestId = m.headers?.get('X-Request-Id') || undefined
    const event = {
      subject: m.subject.slice(prefix.length),
      payload: codec().decode(m.data),
      msgId: m.headers?.get('Nats-Msg-Id') ?? String(m.seq),
      ...(requestId ? { requestId } : {}),
      // Decoded from the wire: one of the subjects asked for (checked above), with its published payload.
    } as EventEnvelope<S>
    try {
      await c.handler(event)
      m.ack()
    } catch (err) {
      c.opts.log.warn(
        { err: String(err), subject: m.subject, durable: c.durable },
        'event handler failed; will redeliver',
      )
      m.nak(2000)
    }
  }
}

/**
 * A JetStream bus. It connects in the background and keeps reconnecting, so a process starts while NATS
 * is down; publishing fails until it is up, and the outbox keeps the events until then.
 */
export function createNatsBus(opts: NatsBusOptions): EventBus {
  let nc: NatsConnection | null = null
  let closed = false
  const stops: (() => Promise<void>)[] = []
  const ready = connectWithStream(opts, () => closed).then((conn) => {
    nc = conn
    return conn
  })
  ready.catch(() => {})

  const connection = async (timeoutMs: number) => {
    if (nc) return nc
    return Promise.race([ready, Bun.sleep(timeoutMs).then(() => Promise.reject(new Error('NATS not connected')))])
  }

  return {
    kind: 'nats',
    publish: async (subject, payload, msgId, requestId) => {
      const conn = await connection(2000)
      const h = natsClient().headers()
      if (requestId) h.set('X-Request-Id', requestId)
      await conn.jetstream().publish(`${opts.subjectPrefix}.${subject}`, codec().encode(payload), {
        msgID: msgId,
        timeout: 2000,
        headers: h,
      })
    },
    subscribe: async <S extends EventSubject>(
      durable: string,
      subjects: readonly S[],
      handler: EventHandler<S>,
      options: SubscribeOptions = {},
    ) => {
      let stopped = false
      let current: { close(): Promise<unknown> } | null = null
      const spec: ConsumerSpec<S> = { opts, durable, subjects, handler, options, running: () => !stopped && !closed }
      // The consume loop re-creates itself after any failure (server restart, consumer deleted).
      const loop = async () => {
        while (spec.running()) {
          try {
            const messages = await openConsumer(await ready, spec)
            current = messages
            await deliverAll(messages, spec)
          } catch (err) {
            if (spec.running()) opts.log.warn({ err: String(err), durable }, 'consumer loop failed; restarting')
          }
          if (spec.running()) await Bun.sleep(1000)
        }
      }
      void loop()
      const stop = async () => {
        stopped = true
        // close() waits for the iterator to end, which can hang when a pull is in flight as it is called; the
        // connection's drain at close() finishes the job, so waiting is bounded.
        await Promise.race([current?.close().catch(() => {}), Bun.sleep(2000)])
      }
      stops.push(stop)
      return stop
    },
    close: async () => {
      closed = true
      // Every consumer stops at once: one after another, each bounded wait added up past a test hook's timeout.
      await Promise.all(stops.map((s) => s().catch(() => {})))
      if (nc) await nc.drain().catch(() => {})
    },
  }
}
