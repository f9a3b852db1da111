// Agent Bearer tokens at the gateway (directory-api §5, RFC 6750): challenge, introspect through agent-auth
// with a short shared cache, check the route's scope, and pass the verified identity on in internal headers.
// agent-auth's introspection answer: one model, shared with the service that gives it.
import type { Introspection } from '@mcp-directory/agent-auth/model'
import {
  AGENT_HEADERS,
  bearerChallenge,
  bearerFailure,
  hashAgentToken,
  isWellFormedAgentToken,
  readBearer,
  type AgentScope,
  type BearerFailure,
} from '@mcp-directory/shared/agent-tokens'
import type { EventBus } from '@mcp-directory/shared/bus'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { INSTANCE_ID } from '@mcp-directory/shared/service'
import { UpstreamError, type Upstream } from '@mcp-directory/shared/upstream'

/** Options of the Bearer check. */
export interface BearerAuthOptions {
  baseUrl: string
  /** Shared store of the introspection cache (Redis in the stack, so every replica sees one cache). */
  kv: KeyValueStore
  log: Logger
  /** The agent-auth service, asked when the cache has no answer. */
  agentAuth: Upstream | undefined
  /** Where `token.revoked` arrives; without it only this gateway's own revocations drop cache entries. */
  bus?: EventBus
  timeoutMs: number
  /** How long an active answer is cached (never past the token's expiry). */
  cacheSeconds?: number
}

/** The outcome of checking a request: headers to pass on, or the error response's parts. */
export type BearerOutcome =
  | { ok: true; headers: Record<string, string>; tokenHash: string }
  | { ok: false; status: number; code: string; message: string; headers: Record<string, string> }

// Unknown tokens are cached briefly too, so a flood of well-formed guesses does not reach the database each time.
const NEGATIVE_CACHE_SECONDS = 5
const cacheKey = (hash: string) => `gw:introspect:${hash}`
const idKey = (tokenId: string) => `gw:introspect-id:${tokenId}`
// A token revoked lately: an introspection answered before the revocation and cached after it is dropped again.
const revokedKey = (tokenId: string) => `gw:introspect-revoked:${tokenId}`
// Longer than any introspection may take (its timeout) plus what an answer is cached for.
const REVOKED_MARK_SECONDS = 120

/** Builds the gateway's Bearer check and starts dropping cached answers when tokens are revoked. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one closure over the token cache and its revocation consumer
export function createBearerAuth(opts: BearerAuthOptions) {
  const { kv, log } = opts
  const ttl = opts.cacheSeconds ?? 30
  let storeFailing = false
  const storeFailed = (err: unknown) => {
    if (!storeFailing)
      log.warn({ err: String(err) }, 'bearer auth: cache store failed; asking agent-auth on every request')
    storeFailing = true
  }

  // The mark goes first: an answer being cached meanwhile sees it once written (see `keepAnswer`).
  const forgetId = async (tokenId: string) => {
    await kv.set(revokedKey(tokenId), '1', REVOKED_MARK_SECONDS)
    const hash = await kv.get(idKey(tokenId))
    if (hash) await kv.del(cacheKey(hash), idKey(tokenId))
  }

  /**
   * Caches an introspection answer. An active one is written, then the revocation mark is read: a revocation that
   * arrived while agent-auth was answering finds the entry or leaves its mark, so the entry never outlives it.
   */
  const keepAnswer = async (hash: string, answer: Introspection) => {
    if (!answer.active) return kv.set(cacheKey(hash), JSON.stringify(answer), NEGATIVE_CACHE_SECONDS)
    const seconds = Math.min(ttl, Math.floor((Date.parse(answer.expiresAt) - Date.now()) / 1000))
    if (seconds <= 0) return
    // The id index lets the token.revoked event (which carries the id, never the token) find the entry.
    await kv.set(idKey(answer.tokenId), hash, seconds)
    await kv.set(cacheKey(hash), JSON.stringify(answer), seconds)
    if (await kv.get(revokedKey(answer.tokenId))) await kv.del(cacheKey(hash), idKey(answer.tokenId))
  }
  // With a shared store one consumer for all replicas is enough (any of them drops the shared entry); with an
  // in-process store every replica has its own cache and so its own consumer. Dropping a key is idempotent, so
  // a redelivered event is harmless.
  const durable = kv.kind === 'memory' ? `gateway-token-cache-${INSTANCE_ID}` : 'gateway-token-cache'
  const subscription = opts.bus?.subscribe(durable, ['token.revoked'], async (event) => {
    await forgetId(event.payload.tokenId)
  })
  subscription?.catch((err) => log.error({ err: String(err) }, 'bearer auth: cannot subscribe to token.revoked'))

  const introspect = async (token: string, hash: string): Promise<Introspection | { error: BearerOutcome }> => {
    try {
      const cached = await kv.get(cacheKey(hash))
      storeFailing = false
      if (cached) return JSON.parse(cached) as Introspection
    } catch (err) {
      storeFailed(err)
    }
    if (!opts.agentAuth)
      return {
        error: {
          ok: false,
          status: 503,
          code: 'service_unavailable',
          message: 'The agent-auth service is not deployed',
          headers: { 'retry-after': '1' },
        },
      }
    let answer: Introspection
    try {
      const res = await opts.agentAuth.fetch(
        new Request('http://agent-auth.internal/internal/introspect', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
        }),
        opts.timeoutMs,
      )
      if (res.status !== 200) throw new Error(`introspection answered ${res.status}`)
      answer = (await res.json()) as Introspection
    } catch (err) {
      const timeout = err instanceof UpstreamError && err.kind === 'timeout'
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'bearer auth: introspection failed')
      return {
        error: timeout
          ? {
              ok: false,
              status: 504,
              code: 'gateway_timeout',
              message: 'The agent-auth service did not answer in time',
              headers: {},
            }
          : {
              ok: false,
              status: 503,
              code: 'service_unavailable',
              message: 'The agent-auth service is unreachable; try again shortly',
              headers: { 'retry-after': '1' },
            },
      }
    }
    await keepAnswer(hash, answer).catch(storeFailed)
    return answer
  }

  const refuse = (failure: BearerFailure): BearerOutcome => {
    const f = bearerFailure(failure)
    return {
      ok: false,
      status: f.status,
      code: f.code,
      message: f.message,
      headers: { 'www-authenticate': bearerChallenge(opts.baseUrl, failure), 'cache-control': 'no-store' },
    }
  }

  return {
    /** Checks the request's Bearer token and, when `scope` is given, that the token carries it. */
    async authenticate(request: Request, scope: AgentScope | null): Promise<BearerOutcome> {
      const cred = readBearer(request)
      if (cred.kind === 'none') return refuse({ kind: 'missing' })
      // Shape and checksum are checked here, so a malformed token never costs a look-up.
      if (cred.kind === 'malformed' || !isWellFormedAgentToken(cred.token)) return refuse({ kind: 'invalid_token' })
      const hash = hashAgentToken(cred.token)
      const answer = await introspect(cred.token, hash)
      if ('error' in answer) return answer.error
      if (!answer.active || Date.parse(answer.expiresAt) <= Date.now()) return refuse({ kind: 'invalid_token' })
      if (scope && !answer.scopes.includes(scope)) return refuse({ kind: 'insufficient_scope', scope })
      return {
        ok: true,
        tokenHash: hash,
        headers: {
          [AGENT_HEADERS.agentId]: answer.agentId,
          [AGENT_HEADERS.tokenId]: answer.tokenId,
          [AGENT_HEADERS.scopes]: answer.scopes.join(' '),
        },
      }
    },
    /** Drops a token's cached answer at once (after this gateway forwarded its successful revocation). */
    async forget(tokenHash: string): Promise<void> {
      await kv.del(cacheKey(tokenHash)).catch(storeFailed)
    },
    async close(): Promise<void> {
      const stop = await subscription?.catch(() => undefined)
      await stop?.()
    },
  }
}

/** The gateway's Bearer check. */
export type BearerAuth = ReturnType<typeof createBearerAuth>
