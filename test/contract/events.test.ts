// The event map's consumers are real: each party EVENTS names as a consumer is built with a bus that records what
// it subscribes to, and the subjects must be exactly those EVENTS gives it (a documented consumer that does not
// subscribe, or a subscription the map does not document, fails).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createBadgeApp } from '@mcp-directory/badge'
import { createCatalogApp } from '@mcp-directory/catalog'
import { createProberApp } from '@mcp-directory/prober'
import type { EventBus } from '@mcp-directory/shared/bus'
import { openDatabase, runMigrations, type Database } from '@mcp-directory/shared/db'
import { EVENTS, type EventParty, type EventSubject, subjectsConsumedBy } from '@mcp-directory/shared/events'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { createFreshDatabase, type FreshDatabase, testConfig } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createGatewayApp } from '../../gateway/src/app'

const log = createLogger('test', 'silent')
const config = testConfig({ PUBLIC_BASE_URL: 'https://dir.example' })
let fresh: FreshDatabase
let database: Database

beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
})
afterAll(async () => {
  await database?.close()
  await fresh?.drop()
})

/** A bus that only records the subjects subscribed to. */
function recordingBus() {
  const subjects = new Set<EventSubject>()
  const bus: EventBus = {
    kind: 'memory',
    publish: async () => {},
    subscribe: async (_durable, list) => {
      for (const s of list) subjects.add(s)
      return async () => {}
    },
    close: async () => {},
  }
  return { bus, subjects: () => [...subjects].sort() }
}

/** Builds one consumer on `bus`; resolves with its close. */
const builders: Partial<Record<EventParty, (bus: EventBus) => Promise<() => Promise<void>>>> = {
  catalog: async (bus) => {
    const catalog = createCatalogApp({ config, database, bus, log, operatorToken: 'events-test-operator-token' })
    await catalog.search.ready
    return catalog.close
  },
  badge: async (bus) => {
    const badge = createBadgeApp({
      config,
      database,
      kv: createMemoryStore(),
      bus,
      log,
      catalog: () => new Response(null, { status: 404 }),
    })
    return badge.close
  },
  prober: async (bus) => {
    const prober = createProberApp({
      config,
      database,
      bus,
      log,
      catalog: () => new Response(null, { status: 503 }),
      schedule: false,
      sandboxQueue: null,
    })
    await prober.ready()
    return prober.close
  },
  gateway: async (bus) => {
    const gateway = createGatewayApp({
      config,
      log,
      kv: createMemoryStore(),
      operatorToken: 'events-test-operator-token',
      upstreams: { 'agent-auth': inProcessUpstream('agent-auth', () => new Response(null, { status: 503 })) },
      bus,
    })
    return gateway.close
  },
}

const consumers = [...new Set(Object.values(EVENTS).flatMap((e) => Object.keys(e.consumers)))] as EventParty[]

test('every consumer the event map names can be built here', () => {
  expect(consumers.filter((c) => !builders[c])).toEqual([])
})

for (const party of Object.keys(builders) as EventParty[])
  test(`${party} subscribes to exactly the events EVENTS says it consumes`, async () => {
    const { bus, subjects } = recordingBus()
    const close = await builders[party]!(bus)
    await Bun.sleep(10)
    try {
      expect({ party, subjects: subjects() }).toEqual({ party, subjects: subjectsConsumedBy(party).sort() })
    } finally {
      await close()
    }
  })
