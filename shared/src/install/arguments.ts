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

/** The argv tokens of `args` a run needs: fixed values and required placeholders, in order. */
export function argumentTokens(args: readonly ArgumentSpec[] | undefined): string[] {
  const out: string[] = []
  for (const a of (Array.isArray(args) ? args : []).slice(0, MAX_ARGUMENTS)) {
    if (!a || typeof a !== 'object') continue
    const fixed = typeof a.value === 'string' && SAFE_VALUE.test(a.value) ? a.value : null
    if (!fixed && a.isRequired !== true) continue
    const value = fixed ?? argumentPlaceholder(a)
    if (a.type === 'named') {
      if (typeof a.name !== 'string' || !FLAG.test(a.name)) continue
      out.push(a.name, value)
    } else if (a.type === 'positional') out.push(value)
  }
  return out
}

/** The placeholders among `tokens` (what a user must replace). */
export const placeholdersIn = (tokens: readonly string[]) => tokens.filter((t) => /^<[a-z0-9-]+>$/.test(t))
