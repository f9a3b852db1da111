/**
 * The command-line conventions every script follows: `--help`, arguments checked before anything starts, a
 * user's mistake reported as one line with exit status 2 (never a stack trace), built on node:util's parseArgs.
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util'
import { ConfigError } from '@mcp-directory/shared/config'

/** A mistake of the person running the script: printed as one line, exit status 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/** Something outside the script went wrong in a way its user can act on (a file, a directory): one line, status 1. */
export class CommandError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CommandError'
  }
}

/** What a script accepts. */
export interface CommandSpec<O extends ParseArgsOptionsConfig> {
  /** How the script is run, e.g. `bun run soak`; starts every error line. */
  name: string
  /** The whole `--help` text. */
  usage: string
  options: O
  /** How many positional arguments are allowed (default none). */
  positionals?: { min: number; max: number; names: string }
}

/** Prints one line to stderr and exits: status 2 for a usage mistake (the default), else the given status. */
export function fail(name: string, message: string, status = 2): never {
  console.error(`${name}: ${message}${status === 2 ? ` (see ${name} --help)` : ''}`)
  process.exit(status)
}

/** Parses argv by the spec; `--help`/`-h` prints the usage and exits 0; anything else unknown or missing exits 2. */
export function parseCommand<const O extends ParseArgsOptionsConfig>(
  spec: CommandSpec<O>,
  argv: string[] = process.argv.slice(2),
) {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(spec.usage)
    process.exit(0)
  }
  const parse = () => parseArgs({ args: argv, options: spec.options, allowPositionals: true, strict: true })
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse()
  } catch (err) {
    // parseArgs explains itself in one sentence (unknown option, missing value); keep the first line only.
    fail(
      spec.name,
      (err instanceof Error ? err.message : String(err)).split('\n')[0]!.replace(/\. To specify a positional.*$/, ''),
    )
  }
  const { min, max, names } = spec.positionals ?? { min: 0, max: 0, names: '' }
  if (parsed.positionals.length < min) fail(spec.name, `missing ${names}`)
  if (parsed.positionals.length > max) fail(spec.name, `unexpected argument ${JSON.stringify(parsed.positionals[max])}`)
  return parsed
}

/** An integer option within bounds, or the default when absent; anything else is a usage mistake. */
export function intOption(
  name: string,
  flag: string,
  value: string | undefined,
  def: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return def
  const n = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    fail(name, `--${flag} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)})`)
  }
  return n
}

/** An http(s) URL option, without trailing slashes; anything else is a usage mistake. */
export function urlOption(name: string, flag: string, value: string): string {
  let url: URL | null = null
  try {
    url = new URL(value)
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol))
    fail(name, `--${flag} must be an http(s) URL (got ${JSON.stringify(value)})`)
  return value.replace(/\/+$/, '')
}

/**
 * Runs a script's body: a UsageError or a bad environment (ConfigError) is one line and status 2, a CommandError
 * one line and status 1; anything else is a fault of the script and keeps its stack trace.
 */
export async function runCommand(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body()
  } catch (err) {
    if (err instanceof UsageError) fail(name, err.message)
    if (err instanceof ConfigError) fail(name, `invalid environment: ${err.problems.join('; ')}`, 2)
    if (err instanceof CommandError) fail(name, err.message, 1)
    throw err
  }
}
