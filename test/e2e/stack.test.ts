// End-to-end through the gateway of the stack (`bun run stack`): every service its own process on the real
// PostgreSQL, Redis and NATS, two catalog replicas behind one gateway.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  createFreshDatabase,
  freePort,
  isolatedEnv,
  loadSharedData,
  runMigrationsAt,
  runToken,
  type FreshDatabase,
  dropRun,
} from '@mcp-directory/shared/testing'
import { startStack, type Stack } from '../../scripts/stack-runner'
import { apiRules } from './api-rules'
import { importThroughApi, waitFor } from './processes'

const OPERATOR_TOKEN = 'e2e-operator-token-stack-mode'
const token = runToken()
let fresh: FreshDatabase
let stack: Stack
let gatewayPort: number
const lines: string[] = []

beforeAll(async () => {
  fresh = await createFreshDatabase()
  await runMigrationsAt(fresh.url)
  gatewayPort = freePort()
  const env = {
    ...isolatedEnv(token, fresh.url),
    OPERATOR_TOKEN,
    VIEW_FLUSH_MS: '200',
    RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
  }
  stack = startStack({
    env,
    replicas: { catalog: 2 },
    gatewayPort,
    freePorts: true,
    onLine: (label, line) => lines.push(`${label}| ${line}`),
  })
  await stack.ready(90_000)
  await waitFor(`${stack.gatewayUrl}/api/v1/health`)
  await importThroughApi(stack.gatewayUrl, OPERATOR_TOKEN, await loadSharedData('servers.json'))
}, 300_000)
afterAll(async () => {
  await stack?.stop()
  await fresh?.drop()
  await dropRun(token)
})

describe('stack: processes', () => {
  test('the gateway and each catalog replica are separate processes', () => {
    const pids = stack.procs.map((p) => p.child?.pid)
    expect(new Set(pids).size).toBe(stack.procs.length)
    expect(stack.procs.filter((p) => p.service === 'catalog').length).toBe(2)
  })
  test('two catalog processes share the requests; stopping one leaves search answering', async () => {
    // Each request asks for a fresh answer, so the gateway's micro-cache cannot answer it in a replica's place.
    const uncached = { headers: { 'cache-control': 'no-cache' } }
    const servedBy = new Set<string>()
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${stack.gatewayUrl}/api/v1/search?q=slack`, uncached)
      expect(res.status).toBe(200)
      servedBy.add(res.headers.get('x-served-by') ?? '')
      await res.arrayBuffer()
    }
    expect(servedBy.size).toBe(2)
    const victim = stack.procs.find((p) => p.label === 'catalog#1')!
    victim.stopped = true // keep the supervisor from restarting it during this test
    victim.child?.kill('SIGKILL')
    await victim.child?.exited
    const survivors = new Set<string>()
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${stack.gatewayUrl}/api/v1/search?q=slack`, uncached)
      expect(res.status).toBe(200)
      survivors.add(res.headers.get('x-served-by') ?? '')
      await res.arrayBuffer()
    }
    expect(survivors.size).toBe(1)
  })
})

apiRules('stack', {
  base: () => stack.gatewayUrl,
  publicBase: () => `http://localhost:${gatewayPort}`,
  viewFlushMs: 200,
  operatorToken: OPERATOR_TOKEN,
})
