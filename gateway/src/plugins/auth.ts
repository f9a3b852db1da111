// Agent Bearer tokens at the gateway (directory-api §5, RFC 6750): challenge, introspect through agent-auth
// with a short shared cache, check the route's scope, and pass the verified identity on in internal headers.
// agent-auth's introspection answer: one model, shared with the service that gives it.
import { introspectToken } from '@mcp-directory/agent-auth/contracts'
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
  | { ok: true; headers: Record<string, string>; token: { hash: string; id: string } }
  | { ok: false; status: number; code: string; message: string; headers: Record<string, string> }

type Refusal = Extract<BearerOutcome, { ok: false }>

// Unknown tokens are cached briefly too, so a flood of well-formed guesses does not reach the database each time.
const NEGATIVE_CACHE_SECONDS = 5
const cacheKey = (hash: string) => `gw:introspect:${hash}`
const idKey = (tokenId: string) => `gw:introspect-id:${tokenId}`
// A token revoked lately: an introspection answered before the revocation and cached after it is dropped again.
const revokedKey = (tokenId: string) => `gw:introspect-revoked:${tokenId}`
// Longer than any introspection may take (its timeout) plus what an answer is cached for.
const REVOKED_MARK_SECONDS = 120

// What a request is told when agent-auth cannot answer.
const agentAuthDown = (status: 503 | 504, message: string): Refusal => ({
  ok: false,
  status,
  code: status === 504 ? 'gateway_timeout' : 'service_unavailable',
  message,
  headers: status === 504 ? {} : { 'retry-after': '1' },
})
const AGENT_AUTH_MISSING = agentAuthDown(503, 'The agent-auth service is not deployed')
const AGENT_AUTH_TIMEOUT = agentAuthDown(504, 'The agent-auth service did not answer in time')
const AGENT_AUTH_UNREACHABLE = agentAuthDown(503, 'The agent-auth service is unreachable; try again shortly')

/** A refused token: its RFC 6750 challenge, never cached by anyone. */
function refusal(baseUrl: string, failure: BearerFailure): Refusal {
  const f = bearerFailure(failure)
  return {
    ok: false,
    status: f.status,
    code: f.code,
    message: f.message,
    headers: { 'www-authenticate': bearerChallenge(baseUrl, failure), 'cache-control': 'no-store' },
  }
}

/** Asks agent-auth what a token is: its answer, or the refusal to send when it does not answer. */
async function askAgentAuth(opts: BearerAuthOptions, token: string): Promise<Introspection | { error: Refusal }> {
  if (!opts.agentAuth) return { error: AGENT_AUTH_MISSING }
  try {
    const res = await opts.agentAuth.fetch(
      new Request(`http://agent-auth.internal${introspectToken.path}`, {
        method: introspectToken.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      }),
      opts.timeoutMs,
    )
    if (res.status !== 200) throw new Error(`introspection answered ${res.status}`)
    return (await res.json()) as Introspection
  } catch (err) {
    const timeout = err instanceof UpstreamError && err.kind === 'timeout'
    opts.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'bearer auth: introspection failed')
    return { error: timeout ? AGENT_AUTH_TIMEOUT : AGENT_AUTH_UNREACHABLE }
  }
}

/**
 * The introspection answers cached in the shared store, found by token hash, and by token id for a revocation
 * (the token.revoked event carries the id, never the token). A failing store is logged once and then skipped.
 */
class IntrospectionCache {
  private failing = false

  constructor(
    private readonly kv: KeyValueStore,
    private readonly log: Logger,
    private readonly ttl: number,
  ) {}

  /** Logs the store's first failure; agent-auth is then asked on every request until the store answers again. */
  readonly failed = (err: unknown): void => {
    if (!this.failing)
      this.log.warn({ err: String(err) }, 'bearer auth: cache store failed; asking agent-auth on every request')
    this.failing = true
  }

  /** The cached answer for a token hash, or null (none, or the store failed). */
  async read(hash: string): Promise<Introspection | null> {
    try {
      const cached = await this.kv.get(cacheKey(hash))
      this.failing = false
      return cached ? (JSON.parse(cached) as Introspection) : null
    } catch (err) {
      this.failed(err)
      return null
    }
  }

  /**
   * Caches an answer. An active one is written, then the revocation mark is read: a revocation that arrived while
   * agent-auth was answering finds the entry or leaves its mark, so the entry never outlives it.
   */
  async store(hash: string, answer: Introspection): Promise<void> {
    if (!answer.active) return this.kv.set(cacheKey(hash), JSON.stringify(answer), NEGATIVE_CACHE_SECONDS)
    const seconds = Math.min(this.ttl, Math.floor((Date.parse(answer.expiresAt) - Date.now()) / 1000))
    if (seconds <= 0) return
    await this.kv.set(idKey(answer.tokenId), hash, seconds)
    await this.kv.set(cacheKey(hash), JSON.stringify(answer), seconds)
    if (await this.kv.get(revokedKey(answer.tokenId))) await this.kv.del(cacheKey(hash), idKey(answer.tokenId))
  }

  /** Drops a revoked token's answer, found by its id. The mark goes first: an answer being stored then sees it. */
  async forgetId(tokenId: string): Promise<void> {
    await this.kv.set(revokedKey(tokenId), '1', REVOKED_MARK_SECONDS)
    const hash = await this.kv.get(idKey(tokenId))
    if (hash) await this.kv.del(cacheKey(hash), idKey(tokenId))
  }

  /**
   * Drops a token's answer, found by its hash, as `forgetId` does: the mark first, so an introspection of the same
   * token answered before the revocation and stored after it is dropped too.
   */
  async forget(hash: string, tokenId: string): Promise<void> {
    await this.kv.set(revokedKey(tokenId), '1', REVOKED_MARK_SECONDS).catch(this.failed)
    await this.kv.del(cacheKey(hash), idKey(tokenId)).catch(this.failed)
  }
}

/** The gateway's Bearer check; it drops cached answers as tokens are revoked. */
export class BearerAuth {
  private readonly cache: IntrospectionCache
  private readonly subscription: Promise<() => Promise<void>> | undefined

  constructor(private readonly opts: BearerAuthOptions) {
    const { kv, log } = opts
    this.cache = new IntrospectionCache(kv, log, opts.cacheSeconds ?? 30)
    // With a shared store one consumer for all replicas is enough (any of them drops the shared entry); with an
    // in-process store every replica has its own cache and so its own consumer. Dropping a key is idempotent, so
    // a redelivered event is harmless.
    const durable = kv.kind === 'memory' ? `gateway-token-cache-${INSTANCE_ID}` : 'gateway-token-cache'
    this.subscription = opts.bus?.subscribe(durable, ['token.revoked'], async (event) => {
      await this.cache.forgetId(event.payload.tokenId)
    })
    this.subscription?.catch((err) => log.error({ err: String(err) }, 'bearer auth: cannot subscribe to token.revoked'))
  }

  /** Checks the request's Bearer token and, when `scope` is given, that the token carries it. */
  async authenticate(request: Request, scope: AgentScope | null): Promise<BearerOutcome> {
    const cred = readBearer(request)
    if (cred.kind === 'none') return this.refuse({ kind: 'missing' })
    // Shape and checksum are checked here, so a malformed token never costs a look-up.
    if (cred.kind === 'malformed' || !isWellFormedAgentToken(cred.token)) return this.refuse({ kind: 'invalid_token' })
    const hash = hashAgentToken(cred.token)
    const answer = await this.introspect(cred.token, hash)
    if ('error' in answer) return answer.error
    if (!answer.active || Date.parse(answer.expiresAt) <= Date.now()) return this.refuse({ kind: 'invalid_token' })
    if (scope && !answer.scopes.includes(scope)) return this.refuse({ kind: 'insufficient_scope', scope })
    return {
      ok: true,
      token: { hash, id: answer.tokenId },
      headers: {
        [AGENT_HEADERS.agentId]: answer.agentId,
        [AGENT_HEADERS.tokenId]: answer.tokenId,
        [AGENT_HEADERS.scopes]: answer.scopes.join(' '),
      },
    }
  }

  /** Drops a token's cached answer at once (after this gateway forwarded its successful revocation). */
  async forget(token: { hash: string; id: string }): Promise<void> {
    await this.cache.forget(token.hash, token.id)
  }

  async close(): Promise<void> {
    const stop = await this.subscription?.catch(() => undefined)
    await stop?.()
  }

  private refuse(failure: BearerFailure): Refusal {
    return refusal(this.opts.baseUrl, failure)
  }

  /** The cached answer, else agent-auth's (then cached). */
  private async introspect(token: string, hash: string): Promise<Introspection | { error: Refusal }> {
    const cached = await this.cache.read(hash)
    if (cached) return cached
    const answer = await askAgentAuth(this.opts, token)
    if ('error' in answer) return answer
    await this.cache.store(hash, answer).catch(this.cache.failed)
    return answer
  }
}

/** Builds the gateway's Bearer check and starts dropping cached answers when tokens are revoked. */
export function createBearerAuth(opts: BearerAuthOptions): BearerAuth {
  return new BearerAuth(opts)
}
