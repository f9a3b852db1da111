// The sandbox's pace on the real PostgreSQL, against the real catalog: each minute's tick queues the runnable
// listings due a start most viewed first (then newest), no more than its share of the hourly pace, nothing while the
// sandbox queue holds enough, and never a listing started within its interval or queued within the hold.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { catalogClient } from '@mcp-directory/shared/catalog-client'
import { listings, openDatabase, runMigrations, sql, type Database } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { createFreshDatabase, testConfig, type FreshDatabase } from '@mcp-directory/shared/testing'
import { type ProbeJob, type ProbeQueue, sandboxPace, TICK_MS, tickShare } from '../src'
import { QUEUED_HOLD_MS } from '../src/sandbox-pace'

const log = createLogger('test', 'silent')
const HOUR = 3_600_000
const INTERVAL = 168 * HOUR
let fresh: FreshDatabase
let database: Database
let catalog: CatalogService
const ids = new Map<string, string>()
const id = (name: string) => ids.get(name) as string
const client = () => catalogClient((r) => catalog.app.handle(r))
// Every test's clock starts here (the catalog stamps a start with the real time); each test has ticks of its own.
const BASE = Date.now()

/** A sandbox queue that records what is queued and says how many wait. */
function recordingQueue(waiting = () => 0) {
  const jobs: ProbeJob[] = []
  const queue: ProbeQueue = {
    kind: 'memory',
    enqueue: async (js) => {
      jobs.push(...js)
      return { queued: js.length, duplicates: 0 }
    },
    consume: async () => async () => {},
    pending: async () => waiting(),
    close: async () => {},
  }
  return { queue, jobs, names: () => jobs.map((j) => [...ids].find(([, v]) => v === j.listingId)?.[0]) }
}

const npm = (name: string) => ({
  name,
  description: name,
  packages: [{ registryType: 'npm', identifier: name.replace('io.test/', ''), transport: { type: 'stdio' } }],
})

beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  catalog = createCatalogApp({
    config: testConfig({ PUBLIC_BASE_URL: 'https://dir.example' }),
    database,
    bus: createMemoryBus(),
    log,
    operatorToken: 'pace-test-operator-token',
  })
  const pypi = {
    name: 'io.test/py',
    description: 'py',
    packages: [{ registryType: 'pypi', identifier: 'py-server', transport: { type: 'stdio' } }],
  }
  const many = Array.from({ length: 40 }, (_, i) => npm(`io.test/bulk-${String(i).padStart(2, '0')}`))
  await catalog.importDocument([
    npm('io.test/popular'),
    npm('io.test/liked'),
    npm('io.test/seen-once'),
    npm('io.test/old'),
    pypi,
    { name: 'io.test/remote-only', description: 'no package' },
    ...many,
  ])
  for (const r of await database.db.select({ id: listings.id, name: listings.name }).from(listings))
    ids.set(r.name, r.id)
  // Views decide first; among listings with none, the newest goes first.
  await database.rows(sql`update catalog.listings set views = 0, created_at = now() - interval '10 days'`)
  for (const [name, views] of [
    ['io.test/popular', 50],
    ['io.test/liked', 20],
    ['io.test/seen-once', 1],
  ] as const)
    await database.rows(sql`update catalog.listings set views = ${views} where id = ${id(name)}`)
  await database.rows(
    sql`update catalog.listings set created_at = now() - interval '1 day' where id = ${id('io.test/py')}`,
  )
  await database.rows(
    sql`update catalog.listings set created_at = now() - interval '20 days' where id = ${id('io.test/old')}`,
  )
}, 60_000)

afterAll(async () => {
  await catalog?.close()
  await database?.close()
  await fresh?.drop()
})

const paceOf = (queue: ProbeQueue, startsPerHour: number, now: () => number) =>
  sandboxPace({ database, catalog: client(), queue, startsPerHour, intervalMs: INTERVAL, log, instance: 't', now })

describe("the sandbox's pace", () => {
  test('any 60 ticks in a row share out exactly the hourly pace', () => {
    for (const perHour of [1, 7, 59, 240, 1000])
      for (const from of [0, 17, 29_000_123]) {
        let sum = 0
        for (let t = from; t < from + 60; t++) sum += tickShare(perHour, t)
        expect([perHour, from, sum]).toEqual([perHour, from, perHour])
      }
  })

  test('most viewed first, then newest; none without a package; nothing more while the queue holds enough', async () => {
    const start = BASE
    let waiting = 0
    const { queue, jobs, names } = recordingQueue(() => waiting)
    // 120 an hour: two a tick; a backlog of four.
    const pace = paceOf(queue, 120, () => start)
    const t0 = Math.floor(start / TICK_MS)
    expect(await pace.tick(t0)).toEqual({ tick: t0, claimed: true, share: 2, queued: 2 })
    expect(names()).toEqual(['io.test/popular', 'io.test/liked'])
    // The same tick again (another replica): nothing.
    expect(await pace.tick(t0)).toEqual({ tick: t0, claimed: false, share: 2, queued: 0 })
    waiting = 2
    expect((await pace.tick(t0 + 1)).queued).toBe(2)
    // seen-once (1 view), then among those without views the newest: the PyPI listing of a day ago.
    expect(names().slice(2)).toEqual(['io.test/seen-once', 'io.test/py'])
    waiting = 4
    expect(await pace.tick(t0 + 2)).toMatchObject({ claimed: true, queued: 0 })
    expect(names()).not.toContain('io.test/remote-only')
    expect(jobs.every((j) => j.reason === 'round')).toBe(true)
  })

  test('bounded per hour: sixty ticks queue the hourly pace and no more, each listing once', async () => {
    const start = BASE + 2 * HOUR
    const { queue, jobs } = recordingQueue()
    let now = start
    const pace = paceOf(queue, 30, () => now)
    const t0 = Math.floor(start / TICK_MS)
    let queued = 0
    for (let t = t0; t < t0 + 60; t++) {
      now = t * TICK_MS
      queued += (await pace.tick(t)).queued
    }
    expect(queued).toBe(30)
    expect(jobs).toHaveLength(30)
    expect(new Set(jobs.map((j) => j.listingId)).size).toBe(30)
    expect((await pace.status()).startsPerHour).toBe(30)
  })

  test('a listing started within its interval is not due; nor one queued within the hold, until it passes', async () => {
    const { queue, names } = recordingQueue()
    const facts = {
      checkedAt: new Date().toISOString(),
      sandbox: {
        verdict: 'ran' as const,
        registryType: 'npm' as const,
        identifier: 'popular',
        version: null,
        guessed: false,
        steps: { total: 5 },
        detail: '1 tool',
        tools: [{ name: 'echo' }],
      },
    }
    expect(await client().putFacts(id('io.test/popular'), facts)).not.toBeNull()
    // After the queuings above (the last at BASE + 3 h) and their hold: each is due again, but `popular` was started.
    let now = BASE + 3 * HOUR + QUEUED_HOLD_MS + TICK_MS
    const pace = paceOf(queue, 600, () => now)
    const t = Math.floor(now / TICK_MS)
    expect((await pace.tick(t)).queued).toBe(10)
    expect(names()).not.toContain('io.test/popular')
    expect(names().slice(0, 3)).toEqual(['io.test/liked', 'io.test/seen-once', 'io.test/py'])
    // The next tick does not queue those ten again (held), but the next ones.
    expect((await pace.tick(t + 1)).queued).toBe(10)
    expect(new Set(names()).size).toBe(20)
    // Past its interval, the started listing is due again, first (the most viewed).
    now = BASE + INTERVAL + 6 * HOUR
    const later = recordingQueue()
    const again = paceOf(later.queue, 60, () => now)
    expect((await again.tick(Math.floor(now / TICK_MS))).queued).toBe(1)
    expect(later.names()).toEqual(['io.test/popular'])
  })
})
