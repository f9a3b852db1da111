// `bun run admin <verb> …`: the operator's command line.
//   admin import <file-or-url> [--api <base-url>]   same as `bun run import`
//   admin migrate                                    apply the committed migrations (same as `bun run db:migrate`)
//   admin help                                       this text
const [verb, ...rest] = process.argv.slice(2)
const usage = `usage: bun run admin <verb> …
  import <file-or-url> [--api <base-url>]   import a list in the official registry's format
  migrate                                   apply the committed database migrations
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
  case 'help':
  case undefined:
    console.log(usage)
    break
  default:
    console.error(`unknown verb "${verb}"\n${usage}`)
    process.exit(2)
}
