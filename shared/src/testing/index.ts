/** Test helpers: a fresh PostgreSQL database, NATS stream and Redis prefix per run, dropped after. */
import postgres from 'postgres'
import { loadConfig, type Config } from '../config'
import { startSmtpSink } from './smtp'

/** Where the real backing services of the test machine are. */
export const TEST_SERVICES = {
  postgres: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redis: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  nats: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
}

/** A short random token for names that must not collide between runs. */
export const runToken = () => Math.random().toString(36).slice(2, 10)

/** Path of the shared real-data fixtures (read in place, never copied into the repo). */
export const SHARED_DATA = new URL('../../../../shared/data/', import.meta.url)

/** Loads one of the shared data files. */
export async function loadSharedData<T = unknown>(
  file: 'servers.json' | 'servers-official.json' | 'queries.json',
): Promise<T> {
  return JSON.parse(await Bun.file(new URL(file, SHARED_DATA)).text()) as T
}

/** A freshly created PostgreSQL database and the function that drops it. */
export interface FreshDatabase {
  url: string
  name: string
  drop(): Promise<void>
}

/** Creates an empty database on the test PostgreSQL server. */
export async function createFreshDatabase(prefix = 'mcpdir_test'): Promise<FreshDatabase> {
  const name = `${prefix}_${runToken()}`
  const admin = postgres(TEST_SERVICES.postgres, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  const url = new URL(TEST_SERVICES.postgres)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const a = postgres(TEST_SERVICES.postgres, { max: 1, onnotice: () => {} })
      await a.unsafe(`drop database if exists "${name}" with (force)`)
      await a.end()
    },
  }
}

/** Environment for a process under test, isolated by a run token (NATS stream and subjects, Redis prefix). */
export function isolatedEnv(token: string, databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_SERVICES.redis,
    NATS_URL: TEST_SERVICES.nats,
    NATS_STREAM: `TEST_${token}`,
    EVENT_SUBJECT_PREFIX: `test_${token}.directory`,
    REDIS_KEY_PREFIX: `test:${token}:`,
    LOG_LEVEL: 'warn',
    // Sandbox starts would install packages from the public registries; services/sandbox tests use a local one.
    SANDBOX: 'off',
  }
}

/** A validated config for tests, from overrides on top of an empty environment. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ...env })
}

/** A free TCP port on loopback. */
export function freePort(): number {
  // A port is never handed out twice in one process: the system may give a just-closed port to the next bind(0),
  // and two processes of one stack told the same port would leave one service's URL answered by another.
  for (;;) {
    const s = Bun.serve({ port: 0, fetch: () => new Response() })
    const port = s.port as number
    s.stop(true)
    if (!handedOut.has(port)) {
      handedOut.add(port)
      return port
    }
  }
}
const handedOut = new Set<number>()

/** Deletes a test's JetStream stream (ignores one that does not exist). */
export async function deleteStream(stream: string): Promise<void> {
  const { connect } = await import('nats')
  const nc = await connect({ servers: TEST_SERVICES.nats })
  try {
    const jsm = await nc.jetstreamManager()
    await jsm.streams.delete(stream).catch(() => {})
    // Streams a service derives from the run's stream (the prober's `<stream>_PROBES` work queue) go too.
    const derived: string[] = []
    try {
      for await (const name of jsm.streams.names()) if (name.startsWith(`${stream}_`)) derived.push(name)
    } catch {}
    for (const name of derived) await jsm.streams.delete(name).catch(() => {})
  } finally {
    await nc.close()
  }
}

/** Deletes every Redis key under a test's prefix (`isolatedEnv`'s `REDIS_KEY_PREFIX`), which the run wrote. */
export async function deleteKeys(prefix: string): Promise<void> {
  if (!prefix.startsWith('test:')) throw new Error(`not a test's key prefix: ${prefix}`)
  const { default: Redis } = await import('ioredis')
  const redis = new Redis(TEST_SERVICES.redis, { maxRetriesPerRequest: 1 })
  try {
    const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000)
      if (keys.length) await redis.unlink(...keys)
      cursor = next
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

/** Drops what a run isolated by `isolatedEnv(token, …)` left on NATS and Redis: its streams and its keys. */
export async function dropRun(token: string): Promise<void> {
  await deleteStream(`TEST_${token}`)
  await deleteKeys(`test:${token}:`)
}

/** Applies the committed migrations to a database URL and closes the connection. */
export async function runMigrationsAt(url: string): Promise<void> {
  const { openDatabase, runMigrations } = await import('../db')
  const database = await openDatabase({ url, max: 1 })
  await runMigrations(database)
  await database.close()
}

/**
 * The real backing services one test file needs, isolated by `env` (from `isolatedEnv`): a fresh migrated
 * database, Redis under the run's key prefix, the run's JetStream stream, and an SMTP sink.
 */
export async function startBacking(env: Record<string, string>, log: import('../log').Logger) {
  const { openDatabase, runMigrations } = await import('../db')
  const { createRedisStore } = await import('../kv')
  const { createNatsBus } = await import('../bus')
  const fresh = await createFreshDatabase()
  const database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  const kv = createRedisStore({ url: TEST_SERVICES.redis, keyPrefix: env.REDIS_KEY_PREFIX })
  const bus = createNatsBus({
    url: TEST_SERVICES.nats,
    stream: env.NATS_STREAM,
    subjectPrefix: env.EVENT_SUBJECT_PREFIX,
    log,
  })
  const sink = await startSmtpSink()
  return {
    fresh,
    database,
    kv,
    bus,
    sink,
    /** Closes everything and drops the run's database and stream (after the services using them closed). */
    close: async () => {
      await bus.close()
      await kv.close()
      await database.close()
      await sink.close()
      await fresh.drop()
      await deleteStream(env.NATS_STREAM)
      await deleteKeys(env.REDIS_KEY_PREFIX)
    },
  }
}

export {
  ALLOWED_LINK,
  ATTACK_FRAGMENTS,
  commonmarkShape,
  hostileText,
  markdownShape,
  markdownShapes,
  type MarkdownShape,
} from './markdown'
export { decodeInstallLine, shellWords, snippetEntry } from './install-lines'
export { type DnsZone, startDnsServer } from './dns'
export { type SunkMail, startSmtpSink } from './smtp'
export { CHROMIUM, headlessChromium } from './chromium'
export { cmdline, descendants, parentOf } from './processes'
