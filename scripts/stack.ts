// `bun run stack`: the gateway and every service as separate processes on the real PostgreSQL, Redis and NATS.
// Usage: bun run stack [--replicas catalog=2,badge=2]
import postgres from 'postgres'
import { loadConfig, type ServiceName } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openMigratedDatabase, operatorTokenFrom } from '@mcp-directory/shared/runtime'
import { startStack } from './stack-runner'

const replicas: Partial<Record<ServiceName, number>> = {}
const i = process.argv.indexOf('--replicas')
if (i > 0) {
  for (const part of (process.argv[i + 1] ?? '').split(',')) {
    const [svc, n] = part.split('=')
    if (!svc || !/^\d+$/.test(n ?? '')) throw new Error(`--replicas takes service=count[,service=count], got "${part}"`)
    replicas[svc as ServiceName] = Number(n)
  }
}

const env: Record<string, string> = {
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mcp_directory',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
}
// Create the database on first use, then migrate once before any service starts.
const dbUrl = new URL(env.DATABASE_URL)
const dbName = dbUrl.pathname.slice(1)
const admin = postgres({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432), user: decodeURIComponent(dbUrl.username || 'postgres'), password: decodeURIComponent(dbUrl.password) || undefined, database: 'postgres', onnotice: () => {} })
const exists = await admin`select 1 from pg_database where datname = ${dbName}`
if (exists.length === 0) await admin.unsafe(`create database "${dbName.replace(/"/g, '""')}"`)
await admin.end()
const config = loadConfig({ ...process.env, ...env })
const database = await openMigratedDatabase(config, createLogger('stack', 'info'))
await database.close()

const { token, generated } = operatorTokenFrom(config)
env.OPERATOR_TOKEN = token
// Every process of the stack must share one HMAC key.
env.SERVER_SECRET = process.env.SERVER_SECRET ?? Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
const stack = startStack({ env, replicas, gatewayPort: config.port })
if (generated) console.log(`\nOperator token (printed once; set OPERATOR_TOKEN to choose your own):\n  ${token}\n`)
const stop = async () => {
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
await stack.ready().then(() => console.log(`stack ready on ${stack.gatewayUrl}`))
