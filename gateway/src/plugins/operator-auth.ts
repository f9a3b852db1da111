// The operator token at the gateway: compared in constant time, with failed attempts counted per client in the
// shared store (Redis, or the in-process store in all-in-one), so guessing is slow on every replica at once and
// each failure leaves a log line that names the client and the path, never the token.
import { bearerToken, clientKey, safeEqual } from '@mcp-directory/shared/http'
import { createMemoryStore, type KeyValueStore, type WindowHit } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'

/** Failed operator authentications a client may make per window before every attempt of it is refused. */
export const OPERATOR_FAILURES_PER_WINDOW = 10
/** The window of that count. */
export const OPERATOR_FAILURE_WINDOW_MS = 60_000

/** Options of the operator check. */
export interface OperatorAuthOptions {
  token: string
  kv: KeyValueStore
  log: Logger
  limit?: number
  windowMs?: number
}

/** The outcome of one operator-API request's authentication. */
export type OperatorOutcome =
  | { ok: true }
  | { ok: false; status: 401 }
  | { ok: false; status: 429; retryAfterSeconds: number }

/** What the log line of a failure names: who, where, and which request. */
export interface OperatorAttempt {
  client: string
  method: string
  path: string
  requestId: string
}

// An IPv6 client is counted as its /64, so new addresses of one host do not bring new guesses.
const failuresKey = (client: string) => `opauth:failures:${clientKey(client)}`
const limitedKey = (client: string) => `opauth:limited:${clientKey(client)}`

/**
 * Builds the operator check. Once a client has failed `limit` times in a window, every operator request from it
 * is refused with 429 until the window ends, the right token included: were the right token let through, guessing would go on at full
 * speed and a 200 among the 429s would tell the guesser it had won.
 */
export function createOperatorAuth(opts: OperatorAuthOptions) {
  const { kv, log } = opts
  const limit = opts.limit ?? OPERATOR_FAILURES_PER_WINDOW
  const windowMs = opts.windowMs ?? OPERATOR_FAILURE_WINDOW_MS
  // When the shared store fails, each gateway counts on its own (logged once) rather than letting guesses through.
  const local = createMemoryStore()
  let degraded = false
  const store = async <T>(use: (s: KeyValueStore) => Promise<T>): Promise<T> => {
    if (kv.kind === 'memory') return use(kv)
    try {
      const out = await use(kv)
      if (degraded) log.info('operator auth: shared store is back')
      degraded = false
      return out
    } catch (err) {
      if (!degraded) log.warn({ err: String(err) }, 'operator auth: shared store failed; counting failures locally')
      degraded = true
      return use(local)
    }
  }

  /** Seconds until a client's limit ends, or 0 when it is not limited. */
  const limitedFor = async (client: string): Promise<number> => {
    const until = Number(await store((s) => s.get(limitedKey(client))))
    return until > Date.now() ? Math.max(1, Math.ceil((until - Date.now()) / 1000)) : 0
  }

  return {
    async authenticate(request: Request, attempt: OperatorAttempt): Promise<OperatorOutcome> {
      const given = bearerToken(request)
      // Always compared (constant time) so an answer's timing does not depend on the client's state.
      const right = given !== null && safeEqual(given, opts.token)
      if (right) {
        const wait = await limitedFor(attempt.client)
        return wait ? { ok: false, status: 429, retryAfterSeconds: wait } : { ok: true }
      }
      const hit: WindowHit = await store((s) => s.hit(failuresKey(attempt.client), windowMs))
      const fields = {
        ...attempt,
        path: attempt.path.slice(0, 200),
        reason: given === null ? 'missing' : 'wrong',
        failures: hit.count,
        limit,
      }
      const retryAfterSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000))
      if (hit.count < limit) {
        log.warn(fields, 'operator authentication failed')
        return { ok: false, status: 401 }
      }
      if (hit.count === limit) {
        // The last failure allowed: from now to the window's end every attempt is refused, so one line says so
        // and a flood of refused guesses after it adds nothing to the log.
        await store((s) => s.set(limitedKey(attempt.client), String(Date.now() + hit.resetMs), retryAfterSeconds))
        log.warn({ ...fields, retryAfterSeconds }, 'operator authentication failed; client limited')
        return { ok: false, status: 401 }
      }
      return { ok: false, status: 429, retryAfterSeconds }
    },
    close: () => local.close(),
  }
}

/** The gateway's operator check. */
export type OperatorAuth = ReturnType<typeof createOperatorAuth>
