// `bun run admin <verb> …`: the operator's command line.
//   admin import <file-or-url> [--api <base-url>]   same as `bun run import`
//   admin migrate                                    apply the committed migrations (same as `bun run db:migrate`)
//   admin list [--status s] [--limit n] [--json]      the moderation queue, newest first (operator API)
//   admin approve|reject|flag <id> [--reason "…"]    moderate one listing (operator API; OPERATOR_TOKEN, --api)
//   admin help                                       this text
const [verb, ...rest] = process.argv.slice(2)
const usage = `usage: bun run admin <verb> …
  import <file-or-url> [--api <base-url>]   import a list in the official registry's format
  migrate                                   apply the committed database migrations
  list [--status pending|rejected|flagged|active] [--limit n] [--json] [--api <base-url>]
                                            the moderation queue, newest first
  approve <id> [--api <base-url>]           make a listing active (visible in search and detail)
  reject <id> [--reason "…"] [--api …]      hide a listing as rejected
  flag <id> [--reason "…"] [--api …]        hide a listing as flagged
                                            (these four call the operator API with OPERATOR_TOKEN;
                                             --api defaults to http://localhost:3000)
  help                                      show this text`

const run = (script: string, args: string[]) => {
  const p = Bun.spawnSync(['bun', `${import.meta.dir}/${script}`, ...args], { stdout: 'inherit', stderr: 'inherit', env: process.env })
  process.exit(p.exitCode ?? 1)
}
switch (verb) {
  case 'import':
    run('import.ts', rest)
    break
  case 'migrate':
    run('migrate.ts', rest)
    break
  case 'list':
  case 'approve':
  case 'reject':
  case 'flag':
    await (await import('./moderation')).runModeration(verb, rest)
    break
  case 'help':
  case undefined:
    console.log(usage)
    break
  default:
    console.error(`unknown verb "${verb}"\n${usage}`)
    process.exit(2)
}
