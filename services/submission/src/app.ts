import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config } from '@mcp-directory/shared/config'
import { submissionOutbox, type Database } from '@mcp-directory/shared/db'
import { AppError } from '@mcp-directory/shared/errors'
import { json, readJsonBody, requireOperator } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { createMemoryStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import { createRecipientCap, type Mailer } from '@mcp-directory/shared/mail'
import { startOutboxRelay } from '@mcp-directory/shared/outbox'
import { healthHandler, serviceApp } from '@mcp-directory/shared/service'
import { catalogClient, type CatalogHandler } from './catalog/client'
import { startMailSender } from './mail/outbox'
import { mailKey } from './mail/sealed'
import { moderate, type Verb } from './moderation/service'
import { parseSubmission } from './submissions/model'
import { claimTokenMatches, submit } from './submissions/service'

/** What the submission service needs from its host process. */
export interface SubmissionDeps {
  config: Config
  database: Database
  bus: EventBus
  log: Logger
  mailer: Mailer
  /** The catalog's internal API: HTTP to its replicas, or its app in-process (all-in-one). */
  catalog: CatalogHandler
  /** SERVER_SECRET: the key of queued mail is derived from it. */
  secret: string
  operatorToken: string
  /**
   * The shared store of the per-recipient mail cap (Redis in stack mode): the same store as agent-auth's, so one
   * recipient has one hourly allowance across both. Without it the cap is counted in this process only.
   */
  kv?: KeyValueStore
  /** Mails per canonical recipient per hour (default 5). */
  mailPerRecipientPerHour?: number
  /** Mail retry pauses and polling (tests shorten them). */
  mail?: { pollMs?: number; retryDelayMs?: number; maxRetryDelayMs?: number }
}

/** Largest submission body (directory-api §4.7 leaves it open; documented in the README). */
export const MAX_SUBMISSION_BYTES = 64 * 1024
const MAX_REASON_BODY = 16 * 1024
const QUEUE_STATUSES = ['pending', 'rejected', 'flagged', 'active']

/** Reads the optional `{ reason }` of reject/flag/approve: an empty body is no reason. */
async function readReason(request: Request): Promise<string | null> {
  if (!request.headers.get('content-type')) {
    // No content type: only an empty body is accepted (a bare POST is the usual approve).
    if (Number(request.headers.get('content-length') ?? 0) > MAX_REASON_BODY)
      throw new AppError(413, 'payload_too_large', `The body must be at most ${MAX_REASON_BODY} bytes`)
    if ((await request.text()).trim() === '') return null
    throw new AppError(400, 'bad_request', 'Send the body as JSON with Content-Type: application/json')
  }
  const body = await readJsonBody(request, MAX_REASON_BODY)
  if (body === null) return null
  if (typeof body !== 'object' || Array.isArray(body))
    throw new AppError(400, 'invalid_body', 'The body must be a JSON object', [
      { field: 'body', message: 'must be a JSON object' },
    ])
  const reason = (body as Record<string, unknown>).reason
  if (reason === undefined || reason === null) return null
  if (typeof reason !== 'string' || reason.length > 1000)
    throw new AppError(400, 'invalid_body', 'reason must be a string of at most 1000 characters', [
      { field: 'reason', message: 'must be a string of at most 1000 characters' },
    ])
  return reason.trim() || null
}

/** Builds the submission service: `POST /api/v1/submit`, the operator's moderation API, and mail. */
export function createSubmissionApp(deps: SubmissionDeps) {
  const { config, database, log } = deps
  const base = config.publicBaseUrl
  const relay = startOutboxRelay({ database, table: submissionOutbox, bus: deps.bus, service: 'submission', log })
  const key = mailKey(deps.secret)
  const mail = startMailSender({ database, mailer: deps.mailer, key, log, ...deps.mail })
  const catalog = catalogClient(deps.catalog)
  const ownStore = deps.kv ? undefined : createMemoryStore()
  const mailCap = createRecipientCap({
    kv: deps.kv ?? ownStore!,
    secret: deps.secret,
    log,
    perHour: deps.mailPerRecipientPerHour,
  })

  const verb =
    (v: Verb) =>
    async ({ params, request }: { params: { id: string }; request: Request }) => {
      requireOperator(request, deps.operatorToken)
      const reason = await readReason(request)
      // listing.submitted should leave before the catalog's approval of the same listing: publish what waits first,
      // but never hold the operator up for long when NATS is down (the outbox keeps both in their own order).
      await Promise.race([relay.flush().catch(() => 0), Bun.sleep(500)])
      const change = await moderate(database, catalog, params.id, v, reason, 'operator')
      log.info({ id: change.id, from: change.from, to: change.to }, `operator: ${v}`)
      return json({
        success: true,
        message: `${change.name}: ${change.from} → ${change.to}`,
        id: change.id,
        name: change.name,
        from: change.from,
        status: change.to,
        reason: change.reason,
        at: change.at,
      })
    }

  const app = serviceApp('submission', base, log)
    .post(
      '/api/v1/submit',
      async ({ request }) => {
        const input = parseSubmission(await readJsonBody(request, MAX_SUBMISSION_BYTES))
        const result = await submit({ database, catalog, baseUrl: base, mailKey: key, mailCap, log }, input)
        relay.nudge()
        mail.nudge()
        // The answer carries the claim secret: never cached.
        return json(result, 200, { 'cache-control': 'no-store' })
      },
      { parse: 'none' },
    )
    .get('/api/v1/admin/listings', async ({ request }) => {
      requireOperator(request, deps.operatorToken)
      const q = new URL(request.url).searchParams
      const status = q.get('status') ?? 'pending'
      if (!QUEUE_STATUSES.includes(status))
        throw new AppError(400, 'invalid_parameter', 'status must be pending, rejected, flagged or active', [
          { parameter: 'status', allowed: QUEUE_STATUSES },
        ])
      const limit = q.has('limit') ? Number(q.get('limit')) : 50
      const offset = q.has('offset') ? Number(q.get('offset')) : 0
      if (!Number.isInteger(limit) || limit < 1 || limit > 500)
        throw new AppError(400, 'invalid_parameter', 'limit must be an integer from 1 to 500', [{ parameter: 'limit' }])
      if (!Number.isSafeInteger(offset) || offset < 0)
        throw new AppError(400, 'invalid_parameter', 'offset must be a non-negative integer', [{ parameter: 'offset' }])
      return json(await catalog.queue(status, limit, offset))
    })
    .post('/api/v1/admin/listings/:id/approve', verb('approve'), { parse: 'none' })
    .post('/api/v1/admin/listings/:id/reject', verb('reject'), { parse: 'none' })
    .post('/api/v1/admin/listings/:id/flag', verb('flag'), { parse: 'none' })
    // For the claim-verifier only (never routed by the gateway): does this secret open this listing's claim_url?
    .post(
      '/internal/claim-tokens/verify',
      async ({ request }) => {
        const b = (await readJsonBody(request, 4096)) as Record<string, unknown> | null
        const id = typeof b?.id === 'string' ? b.id : ''
        const token = typeof b?.token === 'string' ? b.token : ''
        if (!id || !token || token.length > 200)
          throw new AppError(400, 'invalid_body', 'id and token are required', [
            { field: 'id, token', message: 'required strings' },
          ])
        return json({ valid: await claimTokenMatches(database, id, token) })
      },
      { parse: 'none' },
    )
    .get('/api/v1/health', healthHandler(database, log))

  return {
    app,
    /** Publishes pending events and sends due mail now (tests, shutdown). */
    flush: async () => {
      await relay.flush()
      await mail.flush()
    },
    close: async () => {
      await mail.stop()
      await relay.stop()
      await deps.mailer.close()
      await mailCap.close()
      await ownStore?.close()
    },
  }
}

/** The submission service as built by its factory. */
export type SubmissionService = ReturnType<typeof createSubmissionApp>
