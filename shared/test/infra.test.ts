// Integration tests of the shared infrastructure against the real PostgreSQL, Redis and NATS.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createMemoryBus, createNatsBus } from '../src/bus'
import { catalogOutbox, count, openDatabase, runMigrations, sql, type Database } from '../src/db'
import type { EventEnvelope } from '../src/events'
import { createMemoryStore, createRedisStore, waitForStore } from '../src/kv'
import { createLogger } from '../src/log'
import { enqueueEvent, startOutboxRelay } from '../src/outbox'
import {
  createFreshDatabase,
  deleteKeys,
  deleteStream,
  runToken,
  TEST_SERVICES,
  type FreshDatabase,
} from '../src/testing'

const log = createLogger('test', 'silent')
const token = runToken()
const stream = `TEST_INFRA_${token}`
const prefix = `test_${token}.directory`

let fresh: FreshDatabase
let pg: Database

beforeAll(async () => {
  fresh = await createFreshDatabase()
  pg = await openDatabase({ url: fresh.url })
})
afterAll(async () => {
  await pg?.close()
  await fresh?.drop()
  await deleteStream(stream)
})

describe('migrations', () => {
  test('apply once on PostgreSQL, even when replicas start together', async () => {
    const others = await Promise.all([0, 1, 2].map(() => openDatabase({ url: fresh.url, max: 1 })))
    const results = await Promise.all([pg, ...others].map((d) => runMigrations(d)))
    // Exactly one runner applied each migration; the others waited on the advisory lock and found nothing to do.
    const applied = results.flat()
    expect(applied.length).toBeGreaterThan(0)
    expect(new Set(applied).size).toBe(applied.length)
    expect(await runMigrations(pg)).toEqual([])
    for (const o of others) await o.close()
  })
  test('the same migrations run on embedded PGlite, with pg_trgm', async () => {
    const lite = await openDatabase({ url: 'memory://' })
    const applied = await runMigrations(lite)
    expect(applied).toEqual(
      (
        await runMigrations(pg).then(() =>
          pg.rows<{ tag: string }>(sql`select tag from public.directory_migrations order by tag`),
        )
      ).map((r) => r.tag),
    )
    const [row] = await lite.rows<{ s: number }>(sql`select similarity('postgress', 'postgres') as s`)
    expect(Number(row.s)).toBeGreaterThan(0.5)
    await lite.close()
  })
})

describe('key-value store', () => {
  test('memory and Redis count a window atomically', async () => {
    const redis = createRedisStore({ url: TEST_SERVICES.redis, keyPrefix: `test:${token}:` })
    for (const store of [createMemoryStore(), redis]) {
      await Bun.sleep(50)
      const hits = await Promise.all(Array.from({ length: 50 }, () => store.hit('w', 60_000)))
      expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
      expect(hits.every((h) => h.resetMs > 0 && h.resetMs <= 60_000)).toBe(true)
      await store.set('k', 'v', 10)
      expect(await store.get('k')).toBe('v')
      await store.del('k', 'w')
      expect(await store.get('k')).toBeNull()
      await store.close()
    }
  })
  test('a dead Redis fails fast instead of hanging', async () => {
    const dead = createRedisStore({ url: 'redis://127.0.0.1:1', commandTimeoutMs: 200 })
    const started = performance.now()
    await expect(dead.hit('x', 1000)).rejects.toBeDefined()
    expect(performance.now() - started).toBeLessThan(3000)
    await dead.close()
  })
})

describe('event bus and outbox', () => {
  test('JetStream drops a repeated msgID and delivers to a durable consumer', async () => {
    const bus = createNatsBus({ url: TEST_SERVICES.nats, stream, subjectPrefix: prefix, log })
    const got: EventEnvelope[] = []
    await bus.subscribe(`dedupe_${token}`, ['listing.approved'], async (e) => {
      got.push(e)
    })
    const payload = { id: 'a', name: 'a', status: 'active', at: new Date().toISOString() }
    await bus.publish('listing.approved', payload, 'm-1')
    await bus.publish('listing.approved', payload, 'm-1')
    await bus.publish('listing.approved', { ...payload, id: 'b' }, 'm-2')
    for (let i = 0; i < 50 && got.length < 2; i++) await Bun.sleep(100)
    await Bun.sleep(300)
    expect(got.map((e) => (e.payload as { id: string }).id)).toEqual(['a', 'b'])
    expect(got[0].msgId).toBe('m-1')
    await bus.close()
  })

  test('an event leaves if and only if its transaction committed', async () => {
    const bus = createMemoryBus()
    const got: string[] = []
    await bus.subscribe('t', ['listing.flagged'], async (e) => {
      got.push((e.payload as { id: string }).id)
    })
    const relay = startOutboxRelay({ database: pg, table: catalogOutbox, bus, service: 'test', log, intervalMs: 50 })
    const ev = (id: string) => ({ id, name: id, status: 'flagged', at: new Date().toISOString(), reason: null })
    await pg.db.transaction(async (tx) => enqueueEvent(tx, catalogOutbox, 'listing.flagged', ev('committed')))
    await pg.db
      .transaction(async (tx) => {
        await enqueueEvent(tx, catalogOutbox, 'listing.flagged', ev('rolled-back'))
        throw new Error('abort')
      })
      .catch(() => {})
    await relay.flush()
    await Bun.sleep(50)
    expect(got).toEqual(['committed'])
    const [{ n }] = await pg.db.select({ n: count() }).from(catalogOutbox).where(sql`published_at is null`)
    expect(n).toBe(0)
    await relay.stop()
  })

  test('events wait in the outbox while the bus is down and leave once it is back', async () => {
    let up = false
    const delivered: string[] = []
    const flaky = {
      kind: 'memory' as const,
      publish: async (_s: string, _p: unknown, msgId: string) => {
        if (!up) throw new Error('bus down')
        delivered.push(msgId)
      },
      subscribe: async () => async () => {},
      close: async () => {},
    }
    const relay = startOutboxRelay({
      database: pg,
      table: catalogOutbox,
      bus: flaky,
      service: 'flaky',
      log,
      intervalMs: 50,
    })
    for (let i = 0; i < 3; i++)
      await enqueueEvent(pg.db, catalogOutbox, 'listing.counters_changed', {
        ids: [`x${i}`],
        at: new Date().toISOString(),
      })
    await expect(relay.flush()).rejects.toThrow('bus down')
    up = true
    await relay.flush()
    expect(delivered.length).toBe(3)
    await relay.stop()
  })
})

describe('request ids reach the events', () => {
  test('an event enqueued while serving a request carries its id to the consumer over JetStream', async () => {
    const { withRequestId } = await import('../src/log')
    const bus = createNatsBus({ url: TEST_SERVICES.nats, stream, subjectPrefix: prefix, log })
    const got: EventEnvelope[] = []
    await bus.subscribe(`reqid_${token}`, ['listing.rejected'], async (e) => {
      got.push(e)
    })
    const relay = startOutboxRelay({ database: pg, table: catalogOutbox, bus, service: 'reqid', log, intervalMs: 50 })
    const ev = { id: 'r1', name: 'r1', status: 'rejected', at: new Date().toISOString(), reason: null }
    await withRequestId('req-abc-123', () =>
      pg.db.transaction(async (tx) => enqueueEvent(tx, catalogOutbox, 'listing.rejected', ev)),
    )
    await pg.db.transaction(async (tx) => enqueueEvent(tx, catalogOutbox, 'listing.rejected', { ...ev, id: 'r2' }))
    await relay.flush()
    for (let i = 0; i < 50 && got.length < 2; i++) await Bun.sleep(100)
    expect(got.map((e) => [(e.payload as { id: string }).id, e.requestId])).toEqual([
      ['r1', 'req-abc-123'],
      ['r2', undefined],
    ])
    await relay.stop()
    await bus.close()
  })
})

describe('a run is dropped whole', () => {
  test("deleteKeys removes the run's keys, however many, and nobody else's; a prefix not a test's is refused", async () => {
    const redis = createRedisStore({ url: TEST_SERVICES.redis, keyPrefix: '' })
    const mine = `test:${token}:`
    const other = `test:${token}x:`
    expect(await waitForStore(redis)).toBe(true)
    try {
      for (let i = 0; i < 2500; i++) await redis.set(`${mine}k${i}`, '1', 60)
      await redis.set(`${mine}*[glob]`, '1', 60)
      await redis.set(`${other}kept`, '1', 60)
      await deleteKeys(mine)
      expect(await redis.get(`${mine}k0`)).toBeNull()
      expect(await redis.get(`${mine}k2499`)).toBeNull()
      expect(await redis.get(`${mine}*[glob]`)).toBeNull()
      expect(await redis.get(`${other}kept`)).toBe('1')
      await expect(deleteKeys('mcpdir:')).rejects.toThrow("not a test's key prefix")
    } finally {
      await deleteKeys(other)
      await redis.close()
    }
  })
})
