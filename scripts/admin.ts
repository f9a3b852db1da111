// `bun run admin <verb> …`: the operator's command line. The moderation verbs call the operator API of a running
// directory; import and migrate are `bun run import` and `bun run db:migrate`.
import { runCommand, UsageError } from './cli'

const NAME = 'bun run admin'
const USAGE = `usage: ${NAME} <verb> …
  import <file-or-url> [--api [<base-url>]] import a list in the official registry's format (bun run import --help)
  migrate                                   apply the committed database migrations (bun run db:migrate --help)
  list [--status pending|rejected|flagged|active] [--limit n] [--json] [--api <base-url>]
                                            the moderation queue, newest first
  approve <id> [--json] [--api <base-url>]  make a listing active (visible in search and detail)
  reject <id> [--reason "…"] [--api …]      hide a listing as rejected
  flag <id> [--reason "…"] [--api …]        hide a listing as flagged
  takedown <id> --reason "…" [--json] [--api …]
                                            take a listing down everywhere, for good
  conflicts [--state open|accepted|dismissed] [--limit n] [--json] [--api …]
                                            entries imports and syncs kept for the operator
  accept-conflict <id> [--api …]            the entry replaces the listing that held it (or becomes one)
  dismiss-conflict <id> [--api …]           the same entry is not raised again
  upstreams [--json] [--api …]              registries followed: last sync, error, early stop, trust
  sandbox [--json] [--api …]                runnable listings by their last sandbox start: started, needing a
                                            setting, failed by reason, not started; the npm and PyPI shares
  help, --help                              this text

The moderation verbs call the operator API: --api defaults to the directory running on DATA_DIR, else
http://localhost:$PORT; the token is OPERATOR_TOKEN, else the one the directory keeps in DATA_DIR.`

const [verb, ...rest] = process.argv.slice(2)

const run = (script: string, args: string[]) => {
  const p = Bun.spawnSync(['bun', `${import.meta.dir}/${script}`, ...args], {
    stdout: 'inherit',
    stderr: 'inherit',
    env: process.env,
  })
  process.exit(p.exitCode ?? 1)
}

await runCommand(NAME, async () => {
  switch (verb) {
    case 'import':
      return run('import.ts', rest)
    case 'migrate':
      return run('migrate.ts', rest)
    case 'list':
    case 'approve':
    case 'reject':
    case 'flag':
      return (await import('./moderation')).runModeration(verb, rest, USAGE)
    case 'takedown':
      return (await import('./takedown')).runTakedown(rest, USAGE)
    case 'conflicts':
    case 'accept-conflict':
    case 'dismiss-conflict':
    case 'upstreams':
      return (await import('./conflicts')).runConflicts(verb, rest, USAGE)
    case 'sandbox':
      return (await import('./sandbox-coverage')).runSandboxCoverage(rest, USAGE)
    case 'help':
    case '--help':
    case '-h':
      return void console.log(USAGE)
    case undefined:
      throw new UsageError('missing verb')
    default:
      throw new UsageError(`unknown verb ${JSON.stringify(verb)}`)
  }
})
