// `bun run test:fuzz [--runs N] [--seed S]`: N (default 10,000) generated requests over every route of the gateway's
// table against the stack; prints the request count and the number of 5xx answers; exits 1 on any failure.
import { intOption, parseCommand } from '../../scripts/cli'
import { formatFuzz, runFuzz } from './gateway-fuzz'
import { startFuzzTarget } from './target'

const NAME = 'bun run test:fuzz'
const USAGE = `usage: ${NAME} [--runs 10000] [--seed S]

Generated requests over every route of the gateway's table against a stack started for the run; prints the
request count and the number of 5xx answers; exits 1 on any 5xx, malformed error or hung request.

  --runs       how many requests (1 to 10000000)
  --seed       the generator's seed, to repeat a run (an integer)
  -h, --help   this text`
const { values } = parseCommand({
  name: NAME,
  usage: USAGE,
  options: { runs: { type: 'string' }, seed: { type: 'string' } },
})
const runs = intOption(NAME, 'runs', values.runs, 10_000, 1, 10_000_000)
const seed = values.seed === undefined ? undefined : intOption(NAME, 'seed', values.seed, 0, 0, 2 ** 31 - 1)
const target = await startFuzzTarget()
let ok = false
try {
  const result = await runFuzz({
    base: target.base,
    ids: target.ids,
    operatorToken: target.operatorToken,
    routes: target.routes,
    count: runs,
    seed,
    concurrency: 8,
  })
  console.log(
    `routes fuzzed: ${target.routes.length}${target.skipped.length ? `; not deployed in this checkout: ${target.skipped.join(', ')}` : ''}`,
  )
  console.log(formatFuzz(result))
  ok = result.fiveXX === 0 && result.badErrors === 0 && result.hung === 0
} finally {
  await target.close()
}
process.exit(ok ? 0 : 1)
