// Prints how many sandbox starts this machine does per minute: `bun run sandbox:rate [--starts N]
// [--concurrency C] [--package NAME]`. Each start is a full one (bubblewrap, limits, initialize, tools/list,
// prompts and resources), of an npm package already installed by the lockfile (default
// @modelcontextprotocol/server-everything), so the number leaves out the registry download.
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { Semaphore } from '@mcp-directory/prober'
import { DEFAULT_LIMITS } from './run/bwrap'
import { startPackage, type StartOutcome } from './run/start'
import { bubblewrapAvailable } from './index'

const { values } = parseArgs({
  options: {
    starts: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '2' },
    package: { type: 'string', default: '@modelcontextprotocol/server-everything' },
    help: { type: 'boolean' },
  },
})
if (values.help) {
  console.log(
    'usage: bun run sandbox:rate [--starts N] [--concurrency C] [--package NAME]\nPrints sandbox starts per minute on this machine.',
  )
  process.exit(0)
}
const starts = Number(values.starts)
const concurrency = Number(values.concurrency)
if (!Number.isInteger(starts) || starts < 1 || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error('--starts and --concurrency must be positive integers')
  process.exit(2)
}
if (!bubblewrapAvailable()) {
  console.error('bubblewrap cannot run here (apt-get install -y bubblewrap; see infra/README.md)')
  process.exit(1)
}
const nodeModules = join(import.meta.dir, '../../../node_modules')
const slots = new Semaphore(concurrency)
const began = performance.now()
const outcomes: StartOutcome[] = await Promise.all(
  Array.from({ length: starts }, () =>
    slots.run(() =>
      startPackage(
        { registryType: 'npm', identifier: values.package!, version: null, variables: [] },
        {
          registries: { npmUrl: 'http://127.0.0.1:9', pypiUrl: 'http://127.0.0.1:9', nodeModules },
          limits: DEFAULT_LIMITS,
          installTimeoutMs: 60_000,
          asNobody: process.getuid?.() === 0,
        },
      ),
    ),
  ),
)
const seconds = (performance.now() - began) / 1000
const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : 0)
const counts: Record<string, number> = {}
for (const o of outcomes) counts[o.verdict] = (counts[o.verdict] ?? 0) + 1
const verdicts = Object.entries(counts)
  .map(([k, n]) => `${k} ${n}`)
  .join(', ')
console.log(
  `${starts} starts of ${values.package}, ${concurrency} at once, in ${seconds.toFixed(1)} s: ${((starts / seconds) * 60).toFixed(1)} starts per minute (${verdicts})`,
)
console.log(
  `median ms per start: initialize ${median(outcomes.map((o) => o.steps.initialize ?? 0))}, tools ${median(outcomes.map((o) => o.steps.tools ?? 0))}, total ${median(outcomes.map((o) => o.steps.total ?? 0))}`,
)
