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
 * - `ok` (initialize and tools/list answered) and `auth_required` (the endpoint answered with a sign-in
 *   challenge, as OAuth-protected MCP servers do): active, seen running.
 * - `not_mcp` / `http_error` (something answered, but not MCP): degraded.
 * - `timeout` / `unreachable`: down; the first miss after an active state is degraded instead (one lost answer
 *   is not an outage). Neither counts as seen running.
 * - `refused` (an address the prober may not fetch): unknown.
 */
export function healthAfter(outcome: RemoteOutcome, prev: PreviousHealth | null): HealthVerdict {
  const failures = (prev?.consecutiveFailures ?? 0) + 1
  switch (outcome) {
    case 'ok':
    case 'auth_required':
      return { health: 'active', verified: true, ok: true, consecutiveFailures: 0 }
    case 'not_mcp':
    case 'http_error':
      return { health: 'degraded', verified: false, ok: false, consecutiveFailures: failures }
    case 'timeout':
    case 'unreachable':
      return { health: prev?.health === 'active' && prev.consecutiveFailures === 0 ? 'degraded' : 'down', verified: false, ok: false, consecutiveFailures: failures }
    default:
      return { health: 'unknown', verified: false, ok: false, consecutiveFailures: 0 }
  }
}

/** Which outcomes mean the host is failing (and earns a back-off) rather than answering. */
export const HOST_FAILURES: ReadonlySet<RemoteOutcome> = new Set(['timeout', 'unreachable'])
