// The submission service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
import { createLogger } from '@mcp-directory/shared/log'
import { createSmtpMailer, createUnsentMailer } from '@mcp-directory/shared/mail'
import {
  openBus,
  openMigratedDatabase,
  openStore,
  operatorTokenFrom,
  serve,
  serverSecretFrom,
} from '@mcp-directory/shared/runtime'
import { createSubmissionApp } from './app'

const config = loadConfigOrExit()
const log = createLogger('submission', config.logLevel)
const database = await openMigratedDatabase(config, log)
const bus = openBus(config, log)
// The per-recipient mail cap's store, shared with agent-auth (same REDIS_URL and key prefix).
const kv = openStore(config)
const { token } = operatorTokenFrom(config)
const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createUnsentMailer(log)
const submission = createSubmissionApp({
  config,
  database,
  bus,
  kv,
  log,
  mailer,
  operatorToken: token,
  secret: serverSecretFrom(config, log),
  catalog: httpCatalogHandler(config.serviceUrls.catalog, log),
})
serve({
  port: config.port,
  host: config.host,
  ready: () => database.ping(),
  handler: { fetch: (req) => submission.app.handle(req) },
  log,
  name: 'submission',
  close: async () => {
    await submission.close()
    await bus.close()
    await kv.close()
    await database.close()
  },
})
