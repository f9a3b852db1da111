// The fault scenarios at small size (the full run is `bun run test:faults`): the stack as separate processes on
// private PostgreSQL, Redis and NATS servers that each scenario stops, restarts or pauses.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  formatReport,
  natsOutage,
  postgresRestart,
  redisOutage,
  serviceKilled,
  SHORT_SCALE,
  slowUpstream,
  startFaultEnv,
  type FaultEnv,
  type FaultReport,
} from './scenarios'

let fx: FaultEnv
const lines: string[] = []

beforeAll(async () => {
  fx = await startFaultEnv((l) => lines.push(l))
}, 180_000)
afterAll(async () => {
  await fx?.close()
})

function expectClean(report: FaultReport) {
  console.log(formatReport(report))
  expect(report.lost).toBe(0)
  expect(report.checks.filter((c) => !c.ok)).toEqual([])
}

describe('faults (short form)', () => {
  test('a slow upstream: 504 in bounded time', async () => expectClean(await slowUpstream(fx, SHORT_SCALE)), 60_000)
  test(
    'Redis stopped: reads answer, limits go local, confirmations fail closed',
    async () => expectClean(await redisOutage(fx, SHORT_SCALE)),
    90_000,
  )
  test(
    'NATS stopped during a burst: every accepted write published once',
    async () => expectClean(await natsOutage(fx, SHORT_SCALE)),
    90_000,
  )
  test(
    'PostgreSQL restarted: health 500 meanwhile, recovery without restarts',
    async () => expectClean(await postgresRestart(fx, SHORT_SCALE)),
    90_000,
  )
  test(
    'a service SIGKILLed under load: 502/503 at once, nothing accepted lost',
    async () => expectClean(await serviceKilled(fx, SHORT_SCALE)),
    90_000,
  )
})
