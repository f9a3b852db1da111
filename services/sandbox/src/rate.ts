// Prints how many sandbox starts this machine does per minute: `bun run sandbox:rate [--starts N]
// [--concurrency C] [--package NAME]`. Each start is a full one (bubblewrap, limits, initialize, tools/list,
// prompts and resources), of an npm package already installed by the lockfile (default
// @modelcontextprotocol/server-everything), so the number leaves out the registry download.
import { join } from 'node:path'
import { Semaphore } from '@mcp-directory/prober'
import { fail, intOption, parseCommand } from '../../../scripts/cli'
import { DEFAULT_LIMITS } from './run/bwrap'
import { startPackage, type StartOutcome } from './run/start'
import { bubblewrapAvailable } from './index'

const NAME = 'bun run sandbox:rate'
const USAGE = `usage: ${NAME} [--starts 10] [--concurrency 2] [--package NAME]

Prints how many sandbox starts this machine does per minute: each a full start (bubblewrap, limits, initialize,
tools/list, prompts and resources) of an npm package the lockfile already installed, so no download is counted.

  --starts       how many starts (1 to 1000)
  --concurrency  starts at once (1 to 32)
  --package      an npm package of this checkout's node_modules (default @modelcontextprotocol/server-everything)
  -h, --help     this text`
const { values } = parseCommand({
  name: NAME,
  usage: USAGE,
  options: { starts: { type: 'string' }, concurrency: { type: 'string' }, package: { type: 'string' } },
})
const starts = intOption(NAME, 'starts', values.starts, 10, 1, 1000)
const concurrency = intOption(NAME, 'concurrency', values.concurrency, 2, 1, 32)
const pkg = values.package ?? '@modelcontextprotocol/server-everything'
const nodeModules = join(import.meta.dir, '../../../node_modules')
if (!/^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/.test(pkg))
  fail(NAME, `--package must be an npm package name (got ${JSON.stringify(pkg)})`)
if (!(await Bun.file(join(nodeModules, pkg, 'package.json')).exists()))
  fail(NAME, `--package ${pkg} is not installed in this checkout's node_modules`)
if (!bubblewrapAvailable())
  fail(NAME, 'bubblewrap cannot run here (apt-get install -y bubblewrap; see infra/README.md)', 1)
const slots = new Semaphore(concurrency)
const began = performance.now()
const outcomes: StartOutcome[] = await Promise.all(
  Array.from({ length: starts }, () =>
    slots.run(() =>
      startPackage(
        { registryType: 'npm', identifier: pkg, version: null, variables: [] },
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
  `${starts} starts of ${pkg}, ${concurrency} at once, in ${seconds.toFixed(1)} s: ${((starts / seconds) * 60).toFixed(1)} starts per minute (${verdicts})`,
)
console.log(
  `median ms per start: initialize ${median(outcomes.map((o) => o.steps.initialize ?? 0))}, tools ${median(outcomes.map((o) => o.steps.tools ?? 0))}, total ${median(outcomes.map((o) => o.steps.total ?? 0))}`,
)
