import { bearerChallenge, bearerFailure, readBearer, type BearerFailure } from '@mcp-directory/shared/agent-tokens'
import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config } from '@mcp-directory/shared/config'
import { agentAuthOutbox, type Database } from '@mcp-directory/shared/db'
import { AppError } from '@mcp-directory/shared/errors'
import { json, readJsonBody } from '@mcp-directory/shared/http'
import { createMemoryStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { canonicalEmail, createBackgroundMailer, createRecipientCap, type Mailer } from '@mcp-directory/shared/mail'
import { startOutboxRelay } from '@mcp-directory/shared/outbox'
import { healthHandler, serviceApp } from '@mcp-directory/shared/service'
import { textDocument } from '@mcp-directory/shared/text'
import { addressKey, CODE_TTL_MS, LOCK_MS, MAX_WRONG_PER_DAY } from './codes/code'
import { authMarkdown, protectedResourceMetadata } from './docs/auth-docs'
import { parseConfirm, parseRegister } from './registrations/model'
import { addressLock, confirmCode, issueCode, lockedError } from './registrations/service'
import { introspect, revoke } from './tokens/repository'

/** What the agent-auth service needs from its host process. */
export interface AgentAuthDeps {
  config: Config
  database: Database
  bus: EventBus
  /** Shared store of the per-address limit and of the confirmation-attempt counter. */
  kv: KeyValueStore
  log: Logger
  mailer: Mailer
  /** HMAC key of the codes (SERVER_SECRET). */
  secret: string
  /** Registrations per e-mail address per hour (default: the smaller of 5 and RATE_LIMIT_WRITE_PER_HOUR). */
  registrationsPerAddressPerHour?: number
  /** Mails per canonical recipient per hour, shared with every other sender through `kv` (default 5). */
  mailPerRecipientPerHour?: number
  /** Pause before the first retry of a failed mail (tests shorten it). */
  mailRetryDelayMs?: number
  now?: () => Date
}

// Bodies here are a few small fields; 16 KiB is generous.
const MAX_BODY_BYTES = 16 * 1024
const HOUR_MS = 3_600_000

/** `s` as one shell word in single quotes: an address may hold `'`, `&` or `$`, and the mail shows a command. */
const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`

/** Builds the agent-auth service: registration by e-mail code, confirmation into a Bearer token, revocation, introspection. */
export function createAgentAuthApp(deps: AgentAuthDeps) {
  const { config, database, kv, log } = deps
  const base = config.publicBaseUrl
  const relay = startOutboxRelay({ database, table: agentAuthOutbox, bus: deps.bus, service: 'agent-auth', log })
  const mail = createBackgroundMailer(deps.mailer, log, { retryDelayMs: deps.mailRetryDelayMs })
  const perAddress = deps.registrationsPerAddressPerHour ?? Math.min(5, config.rateLimitWritePerHour)
  const mailCap = createRecipientCap({ kv, secret: deps.secret, log, perHour: deps.mailPerRecipientPerHour })
  // The owner learns of a lock by mail (through the same cap: a refused notice is only logged).
  const onLock = (email: string, until: Date) => {
    void mailCap.admit(email).then((a) => {
      if (!a.allowed) return log.info('agent confirmation: lock notice not sent (mail cap)')
      mail.send({
        to: email,
        subject: 'MCP Server Directory: confirmation codes locked for 24 hours',
        text: [
          `${MAX_WRONG_PER_DAY} wrong confirmation codes were tried for this address within 24 hours.`,
          '',
          `Until ${until.toISOString()} (${LOCK_MS / 3_600_000} hours), no code is accepted for it and no new code is sent.`,
          'Nothing was issued. If these tries were not yours, someone tried to guess a code sent to you; no action is needed.',
        ].join('\n'),
      })
    })
  }
  const regDeps = { database, kv, log, secret: deps.secret, now: deps.now, onLock }
  // The per-address limit protects mailboxes; when the shared store fails it is kept per process (and logged),
  // as the gateway does with its limits. Only the attempt counter fails closed.
  const localLimits = createMemoryStore()
  let degraded = false
  const countRegistration = async (email: string) => {
    const key = `agent-auth:reg:${addressKey(deps.secret, canonicalEmail(email))}`
    try {
      const hit = await kv.hit(key, HOUR_MS)
      if (degraded) log.info('agent-auth: shared store is back for the per-address limit')
      degraded = false
      return hit
    } catch (err) {
      if (!degraded)
        log.warn({ err: String(err) }, 'agent-auth: shared store failed; limiting registrations per process')
      degraded = true
      return localLimits.hit(key, HOUR_MS)
    }
  }

  const unauthorized = (failure: BearerFailure) => {
    const f = bearerFailure(failure)
    return new AppError(f.status, f.code, f.message, undefined, {
      'www-authenticate': bearerChallenge(base, failure),
      'cache-control': 'no-store',
    })
  }

  const app = serviceApp('agent-auth', base, log)
    .post(
      '/api/v1/agent/register',
      async ({ request }) => {
        const input = parseRegister(await readJsonBody(request, MAX_BODY_BYTES))
        const locked = await addressLock(regDeps, input.email)
        if (locked) throw lockedError(locked, deps.now?.() ?? new Date(), 'register')
        const hit = await countRegistration(input.email)
        if (hit.count > perAddress) {
          const retry = String(Math.max(1, Math.ceil(hit.resetMs / 1000)))
          throw new AppError(
            429,
            'rate_limited',
            `Too many registrations for this address; retry in ${retry} s`,
            undefined,
            { 'retry-after': retry },
          )
        }
        const issued = await issueCode(regDeps, input, () => mailCap.admit(input.email))
        relay.nudge()
        // Sent in the background with retries: a slow or failing SMTP server never fails or delays this answer.
        mail.send({
          to: issued.email,
          subject: `Your MCP Server Directory code: ${issued.code}`,
          text: [
            `Your confirmation code is ${issued.code}`,
            '',
            `It expires in ${CODE_TTL_MS / 60_000} minutes (${issued.expiresAt.toISOString()}) and gives a token with ${
              issued.scopes.length ? `the scopes: ${issued.scopes.join(', ')}` : 'no scope (it can only revoke itself)'
            }. Confirm with:`,
            '',
            `curl -X POST ${base}/api/v1/agent/register/confirm -H 'Content-Type: application/json' -d ${shellQuote(JSON.stringify({ email: issued.email, code: issued.code }))}`,
            '',
            `Codes sent earlier to this address keep working until they expire. After ${MAX_WRONG_PER_DAY} wrong codes within 24 hours,`,
            `the address is locked for ${LOCK_MS / 3_600_000} hours: no code is accepted and no new one is sent.`,
            '',
            'If you did not ask for this code, ignore this message.',
          ].join('\n'),
        })
        log.info({ scopes: issued.scopes }, 'agent registration: code issued')
        return json({
          success: true,
          message: `A 6-digit confirmation code was sent to ${issued.email}; confirm it before ${issued.expiresAt.toISOString()}`,
          email: issued.email,
          scopes: issued.scopes,
          expiresAt: issued.expiresAt.toISOString(),
          confirm_url: `${base}/api/v1/agent/register/confirm`,
        })
      },
      { parse: 'none' },
    )
    .post(
      '/api/v1/agent/register/confirm',
      async ({ request }) => {
        const input = parseConfirm(await readJsonBody(request, MAX_BODY_BYTES))
        const minted = await confirmCode(regDeps, input)
        relay.nudge()
        log.info({ tokenId: minted.tokenId, agentId: minted.agentId, scopes: minted.scopes }, 'agent token minted')
        return json(
          {
            success: true,
            message: 'Token issued. It is shown only this once: store it as a secret.',
            token: minted.token,
            tokenType: 'Bearer',
            scopes: minted.scopes,
            expiresAt: minted.expiresAt.toISOString(),
            docs: {
              claim: `${base}/api/v1/agent/claim`,
              revoke: `${base}/api/v1/agent/revoke`,
              authSpec: `${base}/auth.md`,
            },
          },
          200,
          // RFC 6749 §5.1: a response carrying a token must not be cached.
          { 'cache-control': 'no-store', pragma: 'no-cache' },
        )
      },
      { parse: 'none' },
    )
    .post(
      '/api/v1/agent/revoke',
      async ({ request }) => {
        // The token itself is checked here too (not only the gateway's headers): this service is the authority.
        const cred = readBearer(request)
        if (cred.kind === 'none') throw unauthorized({ kind: 'missing' })
        if (cred.kind === 'malformed') throw unauthorized({ kind: 'invalid_token' })
        const tokenId = await revoke(database, cred.token, deps.now?.())
        if (!tokenId) throw unauthorized({ kind: 'invalid_token' })
        relay.nudge()
        log.info({ tokenId }, 'agent token revoked')
        return json({ success: true, message: 'Token revoked' }, 200, { 'cache-control': 'no-store' })
      },
      { parse: 'none' },
    )
    .get('/api/v1/agent/me', async ({ request }) => {
      // Checked against the database here as well: what the gateway passed on is not needed to answer.
      const cred = readBearer(request)
      if (cred.kind === 'none') throw unauthorized({ kind: 'missing' })
      if (cred.kind === 'malformed') throw unauthorized({ kind: 'invalid_token' })
      const found = await introspect(database, cred.token, deps.now?.())
      if (!found.active) throw unauthorized({ kind: 'invalid_token' })
      return json(
        { agentId: found.agentId, tokenId: found.tokenId, scopes: found.scopes, expiresAt: found.expiresAt },
        200,
        { 'cache-control': 'no-store' },
      )
    })
    // The service's own probe (the stack runner and container health checks); the public one is the catalog's.
    .get('/api/v1/health', healthHandler(database, log))
    .get('/.well-known/oauth-protected-resource', () =>
      json(protectedResourceMetadata(base), 200, { 'cache-control': 'public, max-age=3600' }),
    )
    .get('/auth.md', () =>
      textDocument(authMarkdown(base), 'text/markdown; charset=utf-8', {
        headers: { 'cache-control': 'public, max-age=3600' },
      }),
    )
    // Internal API for the gateway (never in its public route table). The token travels in the body, never in
    // a URL, so it cannot land in an access log.
    .post(
      '/internal/introspect',
      async ({ request }) => {
        const body = (await readJsonBody(request, MAX_BODY_BYTES)) as { token?: unknown }
        if (typeof body?.token !== 'string') throw new AppError(400, 'invalid_body', 'token: required string')
        return json(await introspect(database, body.token, deps.now?.()), 200, { 'cache-control': 'no-store' })
      },
      { parse: 'none' },
    )

  return {
    app,
    /** Publishes pending events and waits for queued mail (tests, shutdown). */
    flush: async () => {
      await relay.flush()
      await mail.idle()
    },
    close: async () => {
      await relay.stop()
      await mail.close()
      await localLimits.close()
      await mailCap.close()
    },
  }
}

/** The agent-auth service as built by its factory. */
export type AgentAuthService = ReturnType<typeof createAgentAuthApp>
