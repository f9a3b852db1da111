// Install counting on the real PostgreSQL and Redis, with two catalog replicas sharing both: at most one install
// per client per listing per day, whichever replica answers; the client is the address the gateway passed on.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { eq, listings, openDatabase, runMigrations, type Database } from '@mcp-directory/shared/db'
import { createRedisStore, waitForStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER } from '@mcp-directory/shared/public-api'
import {
  createFreshDatabase,
  runToken,
  TEST_SERVICES,
  testConfig,
  type FreshDatabase,
} from '@mcp-directory/shared/testing'
import { createCatalogApp, type CatalogService } from '../src'

const log = createLogger('test', 'silent')
const prefix = `test:${runToken()}:`
let fresh: FreshDatabase
let database: Database
const stores: KeyValueStore[] = []
const replicas: CatalogService[] = []
const ids: string[] = []

beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  for (let i = 0; i < 2; i++) {
    const kv = createRedisStore({ url: TEST_SERVICES.redis, keyPrefix: prefix })
    expect(await waitForStore(kv)).toBe(true)
    stores.push(kv)
    replicas.push(
      createCatalogApp({
        config: testConfig({ VIEW_FLUSH_MS: '60000' }),
        database,
        bus: createMemoryBus(),
        kv,
        log,
        operatorToken: 'installs-test-operator-token',
      }),
    )
  }
  await replicas[0]!.importDocument([
    { name: 'io.example/first', description: 'First' },
    { name: 'io.example/second', description: 'Second' },
  ])
  for (const name of ['io.example/first', 'io.example/second']) {
    const [row] = await database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, name))
    ids.push(row!.id)
  }
})
afterAll(async () => {
  for (const r of replicas) await r.close()
  for (const s of stores) await s.close()
  await database?.close()
  await fresh?.drop()
})

/** One install POST as the gateway forwards it: the client's address in the header only the gateway sets. */
async function install(replica: number, id: string, client: string) {
  const res = await replicas[replica]!.app.handle(
    new Request(`http://localhost/api/v1/servers/${id}/installs`, {
      method: 'POST',
      headers: { [CLIENT_IP_HEADER]: client },
    }),
  )
  expect(res.status).toBe(202)
  return (await res.json()) as { success: boolean; id: string; counted: boolean }
}

async function installsOf(id: string): Promise<number> {
  for (const r of replicas) await r.flush()
  const [row] = await database.db.select({ installs: listings.installs }).from(listings).where(eq(listings.id, id))
  return row!.installs
}

describe('installs', () => {
  test('100 POSTs from one client add 1; another client adds another; a repeat is a 202 too', async () => {
    const id = ids[0]!
    const first = await install(0, id, '198.51.100.20')
    expect(first).toEqual({ success: true, id, counted: true })
    for (let i = 0; i < 99; i++)
      expect(await install(i % 2, id, '198.51.100.20')).toEqual({ success: true, id, counted: false })
    expect(await installsOf(id)).toBe(1)
    expect((await install(1, id, '198.51.100.21')).counted).toBe(true)
    expect(await installsOf(id)).toBe(2)
  })

  test('each listing counts apart for the same client', async () => {
    expect((await install(0, ids[1]!, '198.51.100.20')).counted).toBe(true)
    expect((await install(1, ids[1]!, '198.51.100.20')).counted).toBe(false)
    expect(await installsOf(ids[1]!)).toBe(1)
  })

  test('an IPv6 client is its /64: new addresses inside it count nothing more', async () => {
    const id = ids[0]!
    const before = await installsOf(id)
    expect((await install(0, id, '2001:db8:1:2::1')).counted).toBe(true)
    expect((await install(1, id, '2001:db8:1:2:ffff:abcd:1234:5678')).counted).toBe(false)
    expect((await install(0, id, '2001:0db8:0001:0002:0:0:0:9')).counted).toBe(false)
    expect((await install(0, id, '2001:db8:1:3::1')).counted).toBe(true)
    expect(await installsOf(id)).toBe(before + 2)
  })

  test('an unknown or hidden listing is a 404, counting nothing', async () => {
    const res = await replicas[0]!.app.handle(
      new Request('http://localhost/api/v1/servers/no-such-listing/installs', {
        method: 'POST',
        headers: { [CLIENT_IP_HEADER]: '198.51.100.22' },
      }),
    )
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ error: 'not_found', status: 404 })
  })

  test('with the store down, installs are not counted (never inflated) and the answer is still 202', async () => {
    const dead = createRedisStore({ url: 'redis://127.0.0.1:1', commandTimeoutMs: 100 })
    const catalog = createCatalogApp({
      config: testConfig({ VIEW_FLUSH_MS: '60000' }),
      database,
      bus: createMemoryBus(),
      kv: dead,
      log,
      operatorToken: 'installs-test-operator-token',
    })
    const before = await installsOf(ids[1]!)
    for (let i = 0; i < 3; i++) {
      const res = await catalog.app.handle(
        new Request(`http://localhost/api/v1/servers/${ids[1]}/installs`, {
          method: 'POST',
          headers: { [CLIENT_IP_HEADER]: `198.51.100.${30 + i}` },
        }),
      )
      expect(res.status).toBe(202)
      expect(((await res.json()) as { counted: boolean }).counted).toBe(false)
    }
    await catalog.close()
    await dead.close()
    expect(await installsOf(ids[1]!)).toBe(before)
  })
})
