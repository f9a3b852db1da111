// The badge's query parameters (directory-api §4.12, contract §6): a value outside its list is a 400 naming
// the parameter, never a silent default. Parameters the API does not define (a README's `?v=2` cache buster)
// are ignored.
import { BADGE_METRICS, BADGE_STYLES, BADGE_THEMES } from '@mcp-directory/shared/badges'
import { invalidParameter } from '@mcp-directory/shared/errors'
import type { BadgeOptions } from './render'

function pick<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T {
  const all = params.getAll(name)
  if (all.length > 1) throw invalidParameter(name, 'must be given at most once')
  if (all.length === 0) return allowed[0]
  const v = all[0]
  if (!(allowed as readonly string[]).includes(v))
    throw invalidParameter(name, `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`)
  return v as T
}

/** Parses style, metric and theme; throws 400 `invalid_parameter` naming the bad one. */
export function parseBadgeParams(params: URLSearchParams): BadgeOptions {
  return {
    style: pick(params, 'style', BADGE_STYLES),
    metric: pick(params, 'metric', BADGE_METRICS),
    theme: pick(params, 'theme', BADGE_THEMES),
  }
}
