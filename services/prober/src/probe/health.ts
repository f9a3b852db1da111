// From a probe's outcome (and the listing's previous state) to its health and whether it was seen running.
import type { RemoteOutcome } from './remote'

/** The health states a listing can have. */
export type Health = 'active' | 'degraded' | 'down' | 'unknown'

/** The previous state that damps a single miss. */
export interface PreviousHealth {
  health: string
  consecutiveFailures: number
}

/** Health after a probe, whether the listing counts as seen running, and the failure streak. */
export interface HealthVerdict {
  health: Health
  verified: boolean
  ok: boolean
  consecutiveFailures: number
}

/**
 * - `ok` (initialize and tools/list answered), `alive` (an MCP answer without tools: a JSON-RPC error, an empty
 *   event stream) and `auth_required` (a 401 pointing to protected-resource metadata): active, seen running.
 * - `not_mcp` (HTML on 200, 404, 410, anything else that is not MCP): degraded.
 * - `unknown` (403, 405, 429, 5xx, a bare 401): nothing learned; the previous health and verdict stay (unknown
 *   when there was none).
 * - `timeout` / `unreachable`: down; the first miss after an active state is degraded instead (one lost answer
 *   is not an outage). Neither counts as seen running.
 * - `refused` (an address the prober may not fetch): unknown.
 */
export function healthAfter(outcome: RemoteOutcome, prev: PreviousHealth | null): HealthVerdict {
  const failures = (prev?.consecutiveFailures ?? 0) + 1
  switch (outcome) {
    case 'ok':
    case 'alive':
    case 'auth_required':
      return { health: 'active', verified: true, ok: true, consecutiveFailures: 0 }
    case 'not_mcp':
      return { health: 'degraded', verified: false, ok: false, consecutiveFailures: failures }
    case 'unknown': {
      const health = (['active', 'degraded', 'down'] as const).find((h) => h === prev?.health) ?? 'unknown'
      return { health, verified: health === 'active', ok: false, consecutiveFailures: prev?.consecutiveFailures ?? 0 }
    }
    case 'timeout':
    case 'unreachable':
      return {
        health: prev?.health === 'active' && prev.consecutiveFailures === 0 ? 'degraded' : 'down',
        verified: false,
        ok: false,
        consecutiveFailures: failures,
      }
    default:
      return { health: 'unknown', verified: false, ok: false, consecutiveFailures: 0 }
  }
}

/** Which outcomes mean the host is failing (and earns a back-off) rather than answering. */
export const HOST_FAILURES: ReadonlySet<RemoteOutcome> = new Set(['timeout', 'unreachable'])
