// `bun run sandbox:coverage [--minutes 20] [--per-hour N]`: imports the real catalog (../shared/data/servers.json)
// into an in-memory database (DATABASE_URL to use another), runs the sandbox at its pace (SANDBOX_STARTS_PER_HOUR,
// most viewed first) against the real npm and PyPI registries for the minutes given, and prints the starts per
// hour measured, the verdicts, the share of npm listings whose tools were seen, and that share projected to one
// day of the same pace.
import { createCatalogApp } from '@mcp-directory/catalog'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { catalogClient, type SandboxCoverage } from '@mcp-directory/shared/catalog-client'
import { loadConfig } from '@mcp-directory/shared/config'
import { openDatabase, runMigrations, sql } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { createMemoryQueue, sandboxPace } from '@mcp-directory/prober'
import { fail, intOption, parseCommand } from '../../../scripts/cli'
import { createSandboxApp } from './app'
import { bubblewrapAvailable } from './index'
import { projectDay, type Projection } from './coverage-projection'

const NAME = 'bun run sandbox:coverage'
const USAGE = `usage: ${NAME} [--minutes 20] [--per-hour N] [--examples N]

Imports ../shared/data/servers.json into an in-memory database, runs the sandbox at its pace (most viewed first,
at most SANDBOX_STARTS_PER_HOUR, default 240) against the real npm and PyPI registries for the minutes given, and
prints what it measured (starts per hour, verdicts, the share of npm listings whose tools were seen) and the share
projected to one day of that pace.

  --minutes    how long to run (1 to 1440)
  --per-hour   the pace (default: SANDBOX_STARTS_PER_HOUR)
  --examples   print up to N listings of each verdict but ran, with what the sandbox said (default 0)
  -h, --help   this text`
const { values } = parseCommand({
  name: NAME,
  usage: USAGE,
  options: { minutes: { type: 'string' }, 'per-hour': { type: 'string' }, examples: { type: 'string' } },
})
const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' })
const minutes = intOption(NAME, 'minutes', values.minutes, 20, 1, 1440)
const examples = intOption(NAME, 'examples', values.examples, 0, 0, 100)
const perHour = intOption(NAME, 'per-hour', values['per-hour'], config.probe.sandboxStartsPerHour, 1, 100_000)
if (!bubblewrapAvailable())
  fail(NAME, 'bubblewrap cannot run here (apt-get install -y bubblewrap; see infra/README.md)', 1)

const log = createLogger('coverage', config.logLevel)
const database = await openDatabase({ url: process.env.DATABASE_URL ?? 'memory://' })
await runMigrations(database)
const catalog = createCatalogApp({
  config,
  database,
  bus: createMemoryBus(),
  log,
  operatorToken: 'coverage-0000000000',
})
const imported = await catalog.importDocument(await loadSharedData('servers.json'))
await catalog.flush()
const handle = (r: Request) => catalog.app.handle(r)
const client = catalogClient(handle)
const queue = createMemoryQueue()
const sandbox = createSandboxApp({ config, log, catalog: handle, queue })
const pace = sandboxPace({
  database,
  catalog: client,
  queue,
  startsPerHour: perHour,
  intervalMs: config.probe.sandboxIntervalHours * 3_600_000,
  log,
  instance: 'sandbox:coverage',
})
const before = await client.sandboxCoverage()
console.log(
  `imported ${imported.created} listings: ${before.runnable} runnable (npm ${before.npm.runnable}, PyPI ${before.pypi.runnable}); pace ${perHour} starts per hour, ${config.probe.sandboxConcurrency} at once, ${minutes} min`,
)

const began = performance.now()
const started = (c: SandboxCoverage) => c.runnable - c.notStarted
pace.start()
for (let m = 1; m <= minutes; m++) {
  await Bun.sleep(Math.max(0, began + m * 60_000 - performance.now()))
  const c = await client.sandboxCoverage()
  console.log(
    `${m} min: ${started(c)} started, ${c.started} listed tools, ${c.needsSetting} need a setting, ${Object.values(c.failed).reduce((a, b) => a + b, 0)} failed; npm tools seen ${c.npm.toolsSeen}/${c.npm.runnable}`,
  )
}
await pace.stop()
// Starts still running are killed: only finished ones are counted.
await sandbox.close()
const hours = (performance.now() - began) / 3_600_000
const after = await client.sandboxCoverage()
printReport(after, projectDay(after, hours, perHour), minutes)
if (examples) await printExamples(examples)
await catalog.close()
await database.close()
process.exit(0)

function printReport(c: SandboxCoverage, p: Projection, ran: number): void {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`
  console.log(`\nmeasured for ${ran} minutes (real registries, the real catalog):`)
  console.log(`  starts finished: ${p.starts} (${p.startsPerHour.toFixed(1)} per hour; the pace allows ${perHour})`)
  console.log(`  listed tools ${c.started}, need a setting ${c.needsSetting}, not started yet ${c.notStarted}`)
  console.log(
    `  failed: ${
      Object.entries(c.failed)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none'
    }`,
  )
  console.log(
    `  npm: ${p.npmStarted} started, tools seen for ${c.npm.toolsSeen} (${pct(p.npmToolsRate)} of those started); share of all ${c.npm.runnable} npm listings with tools seen: ${pct(c.npm.share)}`,
  )
  console.log(
    `  npm verdicts: ${
      Object.entries(p.npmVerdicts)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none'
    }`,
  )
  console.log(`projected to one day at the measured ${p.startsPerHour.toFixed(1)} starts per hour (not measured):`)
  console.log(
    `  ${Math.round(p.dayStarts)} starts, ${p.dayNpmStarted} of the ${c.npm.runnable} npm listings started; share of npm listings with tools seen after one day: ${pct(p.dayNpmShare)}`,
  )
}

/** Up to `n` listings of each verdict but `ran`, with the package and what the sandbox said. */
async function printExamples(n: number): Promise<void> {
  const rows = await database.rows<{ verdict: string; name: string; pkg: string; detail: string }>(sql`
    select verdict, name, pkg, detail from (
      select sandbox->>'verdict' as verdict, name, sandbox->>'identifier' as pkg,
             left(regexp_replace(sandbox->>'detail', '\\s+', ' ', 'g'), 240) as detail,
             row_number() over (partition by sandbox->>'verdict' order by name) as k
        from catalog.listings where sandbox is not null and sandbox->>'verdict' <> 'ran') v
     where k <= ${n} order by verdict, name`)
  console.log('\nexamples:')
  for (const r of rows) console.log(`  ${r.verdict} ${r.name} (${r.pkg}): ${r.detail}`)
}
