// The gateway fuzz at small size inside the test suite (the long run is `bun run test:fuzz`, 10,000 requests).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { formatFuzz, runFuzz } from './gateway-fuzz'
import { startFuzzTarget } from './target'

let target: Awaited<ReturnType<typeof startFuzzTarget>>
beforeAll(async () => {
  target = await startFuzzTarget()
}, 120_000)
afterAll(async () => {
  await target?.close()
})

test('generated requests to every route: no 5xx, every 4xx an Error object, none unanswered', async () => {
  const result = await runFuzz({
    base: target.base,
    ids: target.ids,
    operatorToken: target.operatorToken,
    routes: target.routes,
    count: 2000,
    concurrency: 8,
  })
  console.log(
    `routes fuzzed: ${target.routes.length}${target.skipped.length ? `; not deployed in this checkout: ${target.skipped.join(', ')}` : ''}`,
  )
  console.log(formatFuzz(result))
  expect(result.requests).toBe(2000)
  expect(result.examples).toEqual([])
  expect(result.fiveXX).toBe(0)
  expect(result.badErrors).toBe(0)
  expect(result.hung).toBe(0)
}, 120_000)
