// The route table's models and answers (route-rules.ts) through the all-in-one process (`bun run start`): embedded
// PGlite, in-process store and bus, its demo catalog.
import { afterAll, beforeAll } from 'bun:test'
import { startSmtpSink } from '@mcp-directory/shared/testing'
import { startAllInOne } from '../e2e/processes'
import { CONTRACT_ENV, routeRules } from './route-rules'

const OPERATOR_TOKEN = 'contract-test-operator-token'
let dir: Awaited<ReturnType<typeof startAllInOne>>
let sink: Awaited<ReturnType<typeof startSmtpSink>>

beforeAll(async () => {
  sink = await startSmtpSink()
  dir = await startAllInOne({ ...CONTRACT_ENV, SMTP_URL: sink.url, OPERATOR_TOKEN })
}, 120_000)
afterAll(async () => {
  await dir?.stop()
  await sink?.close()
})

routeRules('all-in-one', { base: () => dir.base, operatorToken: OPERATOR_TOKEN, sink: () => sink })
