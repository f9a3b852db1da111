// `bun run test:fuzz [--runs N] [--seed S]`: N (default 10,000) generated requests over every route of the gateway's
// table against the stack; prints the request count and the number of 5xx answers; exits 1 on any failure.
import { formatFuzz, runFuzz } from './gateway-fuzz'
import { startFuzzTarget } from './target'

const arg = (name: string) => {
  const i = process.argv.indexOf(name)
  return i > 0 ? Number(process.argv[i + 1]) : undefined
}
const target = await startFuzzTarget()
let ok = false
try {
  const result = await runFuzz({ base: target.base, ids: target.ids, operatorToken: target.operatorToken, routes: target.routes, count: arg('--runs') ?? 10_000, seed: arg('--seed'), concurrency: 8 })
  console.log(`routes fuzzed: ${target.routes.length}${target.skipped.length ? `; not deployed in this checkout: ${target.skipped.join(', ')}` : ''}`)
  console.log(formatFuzz(result))
  ok = result.fiveXX === 0 && result.badErrors === 0 && result.hung === 0
} finally {
  await target.close()
}
process.exit(ok ? 0 : 1)
