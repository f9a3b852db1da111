// The backing services a process opens from its configuration: the database, the key-value store and the event bus.
import { createMemoryBus, createNatsBus, type EventBus } from '../bus'
import type { Config } from '../config'
import { openDatabase, runMigrations, type Database } from '../db'
import { createMemoryStore, createRedisStore, type KeyValueStore } from '../kv'
import type { Logger } from '../log'

/** Opens the database named by config and applies pending migrations (under an advisory lock). */
export async function openMigratedDatabase(config: Config, log: Logger): Promise<Database> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  const applied = await runMigrations(database)
  if (applied.length) log.info({ applied }, 'migrations applied')
  return database
}

/** The key-value store named by config: Redis, or in-process when REDIS_URL is unset. */
export function openStore(config: Config): KeyValueStore {
  return config.redisUrl
    ? createRedisStore({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix })
    : createMemoryStore()
}

/** The event bus named by config: JetStream, or in-process when NATS_URL is unset. */
export function openBus(config: Config, log: Logger): EventBus {
  return config.natsUrl
    ? createNatsBus({ url: config.natsUrl, stream: config.natsStream, subjectPrefix: config.eventSubjectPrefix, log })
    : createMemoryBus()
}

/** What a service process keeps open: the database, store and bus its configuration names. */
export interface Backends {
  database: Database
  kv: KeyValueStore
  bus: EventBus
}

/** Opens a service process's database (migrated), store and bus. */
export async function openBackends(config: Config, log: Logger): Promise<Backends> {
  const database = await openMigratedDatabase(config, log)
  return { database, kv: openStore(config), bus: openBus(config, log) }
}
