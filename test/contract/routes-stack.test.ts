// The route table's models and answers (route-rules.ts) through the gateway of the stack: each service the table
// routes to its own process on the real PostgreSQL, Redis and NATS, so every answer crosses the gateway's proxy.
import { afterAll, beforeAll } from 'bun:test'
import {
  createFreshDatabase,
  type FreshDatabase,
  freePort,
  isolatedEnv,
  loadSharedData,
  runMigrationsAt,
  runToken,
  startSmtpSink,
  dropRun,
} from '@mcp-directory/shared/testing'
import { ROUTES } from '../../gateway/src/routes'
import { startStack, type Stack } from '../../scripts/stack-runner'
import { importThroughApi, waitFor } from '../e2e/processes'
import { internalRules } from './internal-rules'
import { CONTRACT_ENV, routeRules } from './route-rules'
import { type ContractWorld, startContractWorld } from './world'

const OPERATOR_TOKEN = 'contract-test-operator-token-stack'
const token = runToken()
let fresh: FreshDatabase
let stack: Stack
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let world: ContractWorld

beforeAll(async () => {
  fresh = await createFreshDatabase()
  await runMigrationsAt(fresh.url)
  sink = await startSmtpSink()
  world = await startContractWorld()
  const gatewayPort = freePort()
  stack = startStack({
    env: {
      ...isolatedEnv(token, fresh.url),
      ...CONTRACT_ENV,
      ...world.env,
      OPERATOR_TOKEN,
      SERVER_SECRET: `contract-server-secret-${token}-0123456789`,
      SMTP_URL: sink.url,
      PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
    },
    gatewayPort,
    freePorts: true,
    // Only the services the route table reaches: the prober and the sandbox answer no public route.
    services: [...new Set(ROUTES.map((r) => r.service))],
    onLine: () => {},
  })
  await stack.ready(120_000)
  await waitFor(`${stack.gatewayUrl}/api/v1/health`)
  // A fresh database holds no listing: a few real ones, so routes about one get past their 404.
  await importThroughApi(
    stack.gatewayUrl,
    OPERATOR_TOKEN,
    (await loadSharedData<unknown[]>('servers.json')).slice(0, 20),
  )
}, 300_000)
afterAll(async () => {
  await stack?.stop()
  await sink?.close()
  await world?.close()
  await fresh?.drop()
  await dropRun(token)
})

routeRules('stack', {
  base: () => stack.gatewayUrl,
  operatorToken: OPERATOR_TOKEN,
  sink: () => sink,
  world: () => world,
})

internalRules('stack', {
  base: () => stack.gatewayUrl,
  serviceBase: (service) => {
    const proc = stack.procs.find((p) => p.service === service)
    return proc ? `http://127.0.0.1:${proc.port}` : undefined
  },
})
