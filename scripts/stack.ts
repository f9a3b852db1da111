// `bun run stack`: the gateway and every service as separate processes on the real PostgreSQL, Redis and NATS.
// Every variable of this process's environment (PUBLIC_BASE_URL, RATE_LIMIT_*, …) reaches every child.
import postgres from 'postgres'
import { loadConfigOrExit, type ServiceName } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openMigratedDatabase, operatorTokenFrom } from '@mcp-directory/shared/runtime'
import { fail, parseCommand } from './cli'
import { existingServices, stackDefaults, startStack } from './stack-runner'

const NAME = 'bun run stack'
const USAGE = `usage: ${NAME} [--replicas service=count[,service=count]] [--free-ports]

Starts the gateway (on PORT, default 3000) and every service as its own process on the local PostgreSQL
(DATABASE_URL), Redis (REDIS_URL) and NATS (NATS_URL), restarts a process that crashes, and prints one combined log.
Every variable of this environment reaches every process (PUBLIC_BASE_URL included); only PORT, GATEWAY_URL and
the service addresses are set per process.

  --replicas   processes per service, e.g. catalog=2,badge=2 (1 to 16 each; services: ${existingServices().join(', ')})
  --free-ports services on ports the system says are free instead of 3101-3108
  -h, --help   this text`

const { values } = parseCommand({
  name: NAME,
  usage: USAGE,
  options: { replicas: { type: 'string' }, 'free-ports': { type: 'boolean' } },
})
const replicas: Partial<Record<ServiceName, number>> = {}
for (const part of values.replicas === undefined ? [] : values.replicas.split(',')) {
  const [svc, n] = part.split('=')
  if (!svc || !existingServices().includes(svc as ServiceName))
    fail(NAME, `--replicas: unknown service ${JSON.stringify(svc ?? '')}`)
  if (!/^\d+$/.test(n ?? '') || Number(n) < 1 || Number(n) > 16)
    fail(NAME, `--replicas: ${svc} needs a count from 1 to 16 (got ${JSON.stringify(part)})`)
  replicas[svc as ServiceName] = Number(n)
}
// The local services, and the stream, subjects and Redis prefix this stack's database gives it (unless set).
const backing = stackDefaults(process.env)
const config = loadConfigOrExit({ ...process.env, ...backing })
console.log(
  `${NAME}: database ${backing.DATABASE_URL.replace(/\/\/[^@/]*@/, '//')}, NATS ${backing.NATS_URL} stream ${backing.NATS_STREAM} ` +
    `(subjects ${backing.EVENT_SUBJECT_PREFIX}.*), Redis ${backing.REDIS_URL.replace(/\/\/[^@/]*@/, '//')} prefix ${backing.REDIS_KEY_PREFIX}`,
)

// The rest of this environment reaches the children through the runner; these fill in the local defaults.
const env: Record<string, string> = { PUBLIC_BASE_URL: config.publicBaseUrl, ...backing }
// Create the database on first use, then migrate once before any service starts.
const dbUrl = new URL(env.DATABASE_URL)
const dbName = dbUrl.pathname.slice(1)
const admin = postgres({
  host: dbUrl.hostname,
  port: Number(dbUrl.port || 5432),
  user: decodeURIComponent(dbUrl.username || 'postgres'),
  password: decodeURIComponent(dbUrl.password) || undefined,
  database: 'postgres',
  onnotice: () => {},
})
try {
  const exists = await admin`select 1 from pg_database where datname = ${dbName}`
  if (exists.length === 0) await admin.unsafe(`create database "${dbName.replace(/"/g, '""')}"`)
} catch (err) {
  fail(NAME, `cannot prepare the database at ${dbUrl.host}: ${err instanceof Error ? err.message : String(err)}`, 1)
} finally {
  await admin.end({ timeout: 1 })
}
const database = await openMigratedDatabase(config, createLogger('stack', 'info'))
await database.close()

const { token, generated } = operatorTokenFrom(config)
env.OPERATOR_TOKEN = token
// Every process of the stack must share one HMAC key.
env.SERVER_SECRET =
  process.env.SERVER_SECRET ?? Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
const stack = startStack({ env, replicas, gatewayPort: config.port, freePorts: values['free-ports'] === true })
if (generated) console.log(`\nOperator token (printed once; set OPERATOR_TOKEN to choose your own):\n  ${token}\n`)
const stop = async () => {
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
await stack.ready().then(
  () => console.log(`stack ready on ${stack.gatewayUrl}`),
  (err) =>
    console.error(
      `${NAME}: ${err instanceof Error ? err.message : String(err)} (the others keep running; see the log above)`,
    ),
)
