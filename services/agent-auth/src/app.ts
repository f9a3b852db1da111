import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config } from '@mcp-directory/shared/config'
import { agentAuthOutbox, type Database } from '@mcp-directory/shared/db'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { createBackgroundMailer, createRecipientCap, type Mailer } from '@mcp-directory/shared/mail'
import { startOutboxRelay } from '@mcp-directory/shared/outbox'
import { healthRoute, serviceApp } from '@mcp-directory/shared/service'
import { docsRoutes } from './docs/routes'
import { registrationCounter } from './registrations/limit'
import { lockMail } from './registrations/mail'
import { registrationRoutes } from './registrations/routes'
import { tokenRoutes } from './tokens/routes'

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

/** Builds the agent-auth service (registration by e-mail code, confirmation into a Bearer token, revocation, introspection): wiring only. */
export function createAgentAuthApp(deps: AgentAuthDeps) {
  const { config, database, kv, log } = deps
  const base = config.publicBaseUrl
  const relay = startOutboxRelay({ database, table: agentAuthOutbox, bus: deps.bus, service: 'agent-auth', log })
  const mail = createBackgroundMailer(deps.mailer, log, { retryDelayMs: deps.mailRetryDelayMs })
  const mailCap = createRecipientCap({ kv, secret: deps.secret, log, perHour: deps.mailPerRecipientPerHour })
  // The owner learns of a lock by mail (through the same cap: a refused notice is only logged).
  const onLock = (email: string, until: Date) => {
    void mailCap.admit(email).then((a) => {
      if (!a.allowed) return log.info('agent confirmation: lock notice not sent (mail cap)')
      mail.send(lockMail(email, until))
    })
  }
  const counter = registrationCounter(kv, deps.secret, log)
  const changed = () => relay.nudge()

  const app = serviceApp('agent-auth', base, log)
    .use(
      registrationRoutes({
        registration: { database, kv, log, secret: deps.secret, now: deps.now, onLock },
        baseUrl: base,
        log,
        perAddress: deps.registrationsPerAddressPerHour ?? Math.min(5, config.rateLimitWritePerHour),
        counter,
        admitMail: (email) => mailCap.admit(email),
        sendMail: (m) => mail.send(m),
        changed,
        maxBodyBytes: MAX_BODY_BYTES,
      }),
    )
    .use(tokenRoutes({ database, baseUrl: base, log, revoked: changed, now: deps.now, maxBodyBytes: MAX_BODY_BYTES }))
    // The service's own probe (the stack runner and container health checks); the public one is the catalog's.
    .use(healthRoute('agent-auth', { database, log }))
    .use(docsRoutes(base))

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
      await counter.close()
      await mailCap.close()
    },
  }
}

/** The agent-auth service as built by its factory. */
export type AgentAuthService = ReturnType<typeof createAgentAuthApp>
