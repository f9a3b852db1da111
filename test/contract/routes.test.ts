// The route table's models and answers (route-rules.ts) through the all-in-one process (`bun run start`): embedded
// PGlite, in-process store and bus. A few real listings are imported first, as on the stack: the first import
// replaces the demo catalog, which would otherwise go when the import route's own test imports, mid-run.
import { afterAll, beforeAll } from 'bun:test'
import { loadSharedData, startSmtpSink } from '@mcp-directory/shared/testing'
import { importThroughApi, startAllInOne } from '../e2e/processes'
import { CONTRACT_ENV, routeRules } from './route-rules'
import { type ContractWorld, startContractWorld } from './world'

const OPERATOR_TOKEN = 'contract-test-operator-token'
let dir: Awaited<ReturnType<typeof startAllInOne>>
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let world: ContractWorld

beforeAll(async () => {
  sink = await startSmtpSink()
  world = await startContractWorld()
  dir = await startAllInOne({ ...CONTRACT_ENV, ...world.env, SMTP_URL: sink.url, OPERATOR_TOKEN })
  await importThroughApi(dir.base, OPERATOR_TOKEN, (await loadSharedData<unknown[]>('servers.json')).slice(0, 20))
}, 120_000)
afterAll(async () => {
  await dir?.stop()
  await sink?.close()
  await world?.close()
})

routeRules('all-in-one', {
  base: () => dir.base,
  operatorToken: OPERATOR_TOKEN,
  sink: () => sink,
  world: () => world,
})
