// `bun run test:faults`: every fault scenario at full size on private PostgreSQL, Redis and NATS, printing
// what was sent, answered, accepted, found and published, and `lost = N` per scenario. Exits 1 on any failed check.
// `bun run test:faults --short` runs the sizes the test suite uses.
import { availableParallelism } from 'node:os'
import { parseCommand } from '../../scripts/cli'
import { formatReport, LONG_SCALE, SCENARIOS, SHORT_SCALE, startFaultEnv } from './scenarios'

const NAME = 'bun run test:faults'
const USAGE = `usage: ${NAME} [--short] [--verbose]

Every fault scenario on private PostgreSQL, Redis and NATS (stopped, restarted, paused; services SIGKILLed under
load), printing \`lost = N\` per scenario; exits 1 on any failed check.

  --short      the sizes the test suite uses (default: full size)
  --verbose    print every process's log lines
  -h, --help   this text`
const { values } = parseCommand({
  name: NAME,
  usage: USAGE,
  options: { short: { type: 'boolean' }, verbose: { type: 'boolean' } },
})
const scale = values.short ? SHORT_SCALE : LONG_SCALE
const verbose = values.verbose === true
console.log(`fault scenarios on ${availableParallelism()} cores; sizes ${JSON.stringify(scale)}`)
const fx = await startFaultEnv(verbose ? (l) => console.log(l) : undefined)
let failed = 0
try {
  for (const scenario of SCENARIOS) {
    const started = performance.now()
    const report = await scenario(fx, scale)
    console.log(`${formatReport(report)}\n  (${((performance.now() - started) / 1000).toFixed(1)} s)`)
    failed += report.checks.filter((c) => !c.ok).length
  }
} finally {
  await fx.close()
}
console.log(failed === 0 ? 'faults: every check passed' : `faults: ${failed} check(s) failed`)
process.exit(failed === 0 ? 0 : 1)
