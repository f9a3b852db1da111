/** Transactional outbox: events written with the change that caused them, published by a relay. */
import { asc, inArray, isNull, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { EventBus } from '../bus'
import type { Database, Db, outboxTable } from '../db'
import type { EventMap, EventSubject } from '../events'
import { currentRequestId } from '../log'
import { outboxLag } from '../metrics'
import { startPollingWorker, type PollingWorker } from '../worker'

/** A service's outbox table. */
export type OutboxTable = ReturnType<typeof outboxTable>

/** Anything that can insert: the database or a transaction inside it. */
type Writer = Pick<Db, 'insert'>

/** Writes an event into the outbox inside the caller's transaction, so it leaves if and only if it commits. */
export async function enqueueEvent<S extends EventSubject>(
  tx: Writer,
  table: OutboxTable,
  subject: S,
  payload: EventMap[S],
): Promise<void> {
  await tx.insert(table).values({ subject, payload, requestId: currentRequestId() ?? null })
}

/** Options of the relay. */
export interface OutboxRelayOptions {
  database: Database
  table: OutboxTable
  bus: EventBus
  /** Prefix of the msgID, so ids from different services never collide. */
  service: string
  log: Logger
  intervalMs?: number
  batchSize?: number
}

/** The running relay: `nudge` after a commit that wrote events; `flush` publishes everything pending now. */
export type OutboxRelay = PollingWorker

/**
 * Publishes outbox rows in id order. Rows are claimed with FOR UPDATE SKIP LOCKED, so several replicas share
 * the work; a row is marked published only after the bus accepted it, and the msgID (service:id) lets
 * JetStream drop the duplicate if a crash comes between the two.
 */
export function startOutboxRelay(opts: OutboxRelayOptions): OutboxRelay {
  const { database, table, bus, log } = opts
  const batch = opts.batchSize ?? 100
  const once = async (): Promise<number> => {
    let published = 0
    for (;;) {
      const n = await database.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(table)
          .where(isNull(table.publishedAt))
          .orderBy(asc(table.id))
          .limit(batch)
          .for('update', { skipLocked: true })
        const done: number[] = []
        try {
          for (const r of rows) {
            await bus.publish(
              r.subject as EventSubject,
              r.payload as never,
              `${opts.service}:${r.id}`,
              r.requestId ?? undefined,
            )
            done.push(r.id)
          }
        } finally {
          if (done.length) await tx.update(table).set({ publishedAt: new Date() }).where(inArray(table.id, done))
        }
        return { done: done.length, more: rows.length === batch }
      })
      published += n.done
      if (!n.more) return published
    }
  }
  // Outbox lag for /metrics: how many rows wait, and since when.
  const measureLag = async () => {
    const [row] = await database.db
      .select({
        n: sql<number>`count(*)::int`,
        oldest: sql<number>`coalesce(extract(epoch from now() - min(${table.createdAt})), 0)::float`,
      })
      .from(table)
      .where(isNull(table.publishedAt))
    outboxLag(opts.service, Number(row?.n ?? 0), Number(row?.oldest ?? 0))
  }
  return startPollingWorker({
    pass: async () => {
      const n = await once()
      await measureLag()
      return n
    },
    intervalMs: opts.intervalMs ?? 1000,
    failureIntervalMs: 1000,
    onError: (err, first) => {
      if (first)
        log.warn({ err: String(err), service: opts.service }, 'outbox relay cannot publish; events wait in the outbox')
    },
    onRecovered: () => log.info({ service: opts.service }, 'outbox relay publishing again'),
  })
}
