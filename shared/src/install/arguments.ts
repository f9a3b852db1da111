/**
 * The command-line arguments a registry entry declares, as a user must pass them: a fixed value as it is, a
 * required argument without one as a placeholder named after what it is (`<postgres-url>`), so configs show
 * what is needed and the sandbox can tell a server that stopped asking for it. Optional ones are left out.
 */
import type { ArgumentSpec } from '../contracts/listing'

const MAX_ARGUMENTS = 20
const FLAG = /^-{1,2}[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
// A fixed value is passed through only when it is plainly a value: no control characters, no shell syntax.
const SAFE_VALUE = /^[A-Za-z0-9@%+=:,./_~-]{1,200}$/

/** The placeholder of an argument: `<hint>` in lower-case words joined by hyphens. */
export function argumentPlaceholder(a: ArgumentSpec): string {
  const base = (a.valueHint ?? a.name?.replace(/^-+/, '') ?? 'value')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return `<${base || 'value'}>`
}

const safe = (v: string | undefined): string | null => (typeof v === 'string' && SAFE_VALUE.test(v) ? v : null)

/**
 * What an argument puts on the command line: its fixed value; for a required one without, its default (a valid
 * value by the schema, which the user may change) or else its placeholder; null for an optional one (left out).
 */
export function argumentValue(a: ArgumentSpec): string | null {
  const fixed = safe(a.value)
  if (fixed) return fixed
  if (a.isRequired !== true) return null
  return safe(a.default) ?? argumentPlaceholder(a)
}

/** The argv tokens of `args` a run needs: fixed values and required placeholders, in order. */
export function argumentTokens(args: readonly ArgumentSpec[] | undefined): string[] {
  const out: string[] = []
  for (const a of (Array.isArray(args) ? args : []).slice(0, MAX_ARGUMENTS)) {
    if (!a || typeof a !== 'object') continue
    const value = argumentValue(a)
    if (value === null) continue
    if (a.type === 'named') {
      if (typeof a.name !== 'string' || !FLAG.test(a.name)) continue
      out.push(a.name, value)
    } else if (a.type === 'positional') out.push(value)
  }
  return out
}

/** The programs a local install runs a package with. */
export type Runner = 'npx' | 'uvx' | 'docker' | 'dnx'

// Fixed values docker's allowed options may carry.
const ENV_ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]{0,100}=[A-Za-z0-9@%+=:,./_~-]*$/
const PORT_MAPPING = /^(\d{1,5}:)?\d{1,5}(\/(tcp|udp))?$/
const CONTAINER_PATH = /^\/[A-Za-z0-9._/-]{0,200}$/

/**
 * The runner's own options a registry entry may declare as runtime arguments, each with the fixed value it may carry:
 * only those that neither choose what runs nor reach more of the host than its user hands over. npx and dnx take
 * none: `--package`, `--call`, `--registry` and the like would run or fetch something other than the package whose
 * evidence was checked. uvx takes its Python version. docker takes environment as `NAME=value` (a bare `-e NAME`
 * would copy that variable from the user's own environment into the image), published ports and a working
 * directory, and volumes and mounts only as placeholders its user fills in: a fixed `-v /:/host` or `--privileged`
 * would hand the host to the image. Every option here takes a value, so none can leave one standing where the
 * image is named (a flag such as `--init` would: `--init attacker/image` names another image).
 */
const RUNNER_OPTIONS: Record<Runner, { given: Readonly<Record<string, RegExp>>; placeholder: readonly string[] }> = {
  npx: { given: {}, placeholder: [] },
  dnx: { given: {}, placeholder: [] },
  uvx: { given: { '--python': /^\d+(\.\d+){0,2}$/ }, placeholder: [] },
  docker: {
    given: {
      '-e': ENV_ASSIGNMENT,
      '--env': ENV_ASSIGNMENT,
      '-p': PORT_MAPPING,
      '--publish': PORT_MAPPING,
      '-w': CONTAINER_PATH,
      '--workdir': CONTAINER_PATH,
    },
    placeholder: ['-v', '--volume', '--mount'],
  },
}

/**
 * The runtime arguments of a package as tokens for `runner`, or null when the entry declares one the runner may
 * not be given (RUNNER_OPTIONS), a fixed value that option may not carry, or a positional one (it would stand where
 * the package or image is named): such a package gets no command at all rather than one that runs something else.
 * A required option without a value is a placeholder its user fills in.
 */
export function runtimeTokens(runner: Runner, args: readonly ArgumentSpec[] | undefined): string[] | null {
  const allowed = RUNNER_OPTIONS[runner]
  for (const a of (Array.isArray(args) ? args : []).slice(0, MAX_ARGUMENTS)) {
    if (!a || typeof a !== 'object') continue
    const fixed = safe(a.value) ?? (a.isRequired === true ? safe(a.default) : null)
    if (fixed === null && a.isRequired !== true) continue
    if (a.type !== 'named' || typeof a.name !== 'string') return null
    const value = Object.hasOwn(allowed.given, a.name) ? allowed.given[a.name] : undefined
    if (fixed === null ? !value && !allowed.placeholder.includes(a.name) : !value?.test(fixed)) return null
  }
  return argumentTokens(args)
}

/** The placeholders among `tokens` (what a user must replace). */
export const placeholdersIn = (tokens: readonly string[]) => tokens.filter((t) => /^<[a-z0-9-]+>$/.test(t))
