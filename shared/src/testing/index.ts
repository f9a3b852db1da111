/** Test helpers: a fresh PostgreSQL database, NATS stream and Redis prefix per run, dropped after. */
import postgres from 'postgres'
import { loadConfig, type Config } from '../config'

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

/** Applies the committed migrations to a database URL and closes the connection. */
export async function runMigrationsAt(url: string): Promise<void> {
  const { openDatabase, runMigrations } = await import('../db')
  const database = await openDatabase({ url, max: 1 })
  await runMigrations(database)
  await database.close()
}

/** A message the test SMTP sink received. */
export interface SunkMail {
  from: string
  to: string[]
  raw: string
}

/** A real SMTP server on loopback (smtp-server) that keeps every message it receives. */
export async function startSmtpSink(port = 0) {
  const { SMTPServer } = await import('smtp-server')
  const messages: SunkMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
  const address = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    messages,
    /** Waits until `n` messages arrived (or throws after `timeoutMs`). */
    waitFor: async (n: number, timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs
      while (messages.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails, got ${messages.length}`)
        await Bun.sleep(50)
      }
      return messages
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
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
    },
  }
}

/** A record set the loopback DNS server answers with. */
export interface DnsZone {
  /** TXT records at a name; each record is one or more character-strings (joined by resolvers that join). */
  txt: Map<string, string[][]>
  a: Map<string, string[]>
  aaaa: Map<string, string[]>
}

/**
 * A real DNS server (UDP and TCP, dns2) on loopback for tests: point DNS_SERVERS at `address`, then publish
 * records with `setTxt` / `setA`. Unknown names get NXDOMAIN, as a real authoritative server gives them.
 */
export async function startDnsServer() {
  const dns2 = (await import('dns2')).default as unknown as {
    createServer: (o: unknown) => DnsServerLike
    Packet: DnsPacket
  }
  const { Packet } = dns2
  const zone: DnsZone = { txt: new Map(), a: new Map(), aaaa: new Map() }
  const queries: { name: string; type: number }[] = []
  const key = (name: string) => name.toLowerCase().replace(/\.$/, '')
  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle: (request: DnsRequest, send: (r: unknown) => void) => {
      const response = Packet.createResponseFromRequest(request) as DnsResponse
      const [question] = request.questions
      if (!question) return send(response)
      const name = key(question.name)
      queries.push({ name, type: question.type })
      const found =
        question.type === Packet.TYPE.TXT
          ? zone.txt
              .get(name)
              ?.map((data) => ({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data }))
          : question.type === Packet.TYPE.A
            ? zone.a.get(name)?.map((address) => ({
                name: question.name,
                type: Packet.TYPE.A,
                class: Packet.CLASS.IN,
                ttl: 1,
                address,
              }))
            : question.type === Packet.TYPE.AAAA
              ? zone.aaaa.get(name)?.map((address) => ({
                  name: question.name,
                  type: Packet.TYPE.AAAA,
                  class: Packet.CLASS.IN,
                  ttl: 1,
                  address,
                }))
              : undefined
      const known = zone.txt.has(name) || zone.a.has(name) || zone.aaaa.has(name)
      if (found) response.answers.push(...found)
      else if (!known) response.header.rcode = 3 // NXDOMAIN
      send(response)
    },
  })
  const port = freePort()
  await server.listen({ udp: { port, address: '127.0.0.1' }, tcp: { port, address: '127.0.0.1' } })
  return {
    /** `127.0.0.1:<port>`, the form DNS_SERVERS takes. */
    address: `127.0.0.1:${port}`,
    port,
    zone,
    /** Every question asked, in order (name lower-cased, type number). */
    queries,
    /** Sets the TXT records at a name (each record given as one string, or as its character-strings). */
    setTxt(name: string, records: (string | string[])[]) {
      zone.txt.set(
        key(name),
        records.map((r) => (Array.isArray(r) ? r : [r])),
      )
    },
    setA(name: string, addresses: string[]) {
      zone.a.set(key(name), addresses)
    },
    setAaaa(name: string, addresses: string[]) {
      zone.aaaa.set(key(name), addresses)
    },
    remove(name: string) {
      for (const m of [zone.txt, zone.a, zone.aaaa]) m.delete(key(name))
    },
    close: () => server.close(),
  }
}

interface DnsServerLike {
  listen(o: unknown): Promise<unknown>
  close(): Promise<unknown>
}
interface DnsRequest {
  questions: { name: string; type: number }[]
}
interface DnsResponse {
  header: { rcode: number }
  answers: unknown[]
}
interface DnsPacket {
  createResponseFromRequest(r: DnsRequest): unknown
  TYPE: Record<string, number>
  CLASS: Record<string, number>
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
