import type { EventBus } from '@mcp-directory/shared/bus'
import { githubFolderLookup } from '@mcp-directory/shared/identity'
import { OUTBOUND_USER_AGENT } from '@mcp-directory/shared/outbound'
import { type CatalogHandler, catalogClient } from '@mcp-directory/shared/catalog-client'
import type { Config } from '@mcp-directory/shared/config'
import { submissionOutbox, type Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { createMemoryStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import { createRecipientCap, type Mailer } from '@mcp-directory/shared/mail'
import { startOutboxRelay } from '@mcp-directory/shared/outbox'
import { healthRoute, serviceApp } from '@mcp-directory/shared/service'
import { startMailSender } from './mail/outbox'
import { mailKey } from './mail/sealed'
import { claimTokenRoutes } from './claim-tokens/routes'
import { moderationRoutes } from './moderation/routes'
import { submissionRoutes } from './submissions/routes'

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

/** Builds the submission service (`POST /api/v1/submit`, the operator's moderation API, mail): wiring only. */
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

  const folders = githubFolderLookup({
    apiUrl: config.githubApiUrl,
    token: config.githubToken,
    userAgent: OUTBOUND_USER_AGENT,
  })
  const app = serviceApp('submission', base, log, { operatorToken: deps.operatorToken })
    .use(
      submissionRoutes({ database, catalog, baseUrl: base, mailKey: key, mailCap, log, folders }, () => {
        relay.nudge()
        mail.nudge()
      }),
    )
    .use(moderationRoutes({ database, catalog, log }))
    .use(claimTokenRoutes(database))
    .use(healthRoute('submission', { database, log }))

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
