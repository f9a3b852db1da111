// The submission service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
import { createLogger } from '@mcp-directory/shared/log'
import { createSmtpMailer, createUnsentMailer } from '@mcp-directory/shared/mail'
import { openBackends, operatorTokenFrom, serveService, serverSecretFrom } from '@mcp-directory/shared/runtime'
import { createSubmissionApp } from './app'

const config = loadConfigOrExit()
const log = createLogger('submission', config.logLevel)
// Its store holds the per-recipient mail cap, shared with agent-auth (same REDIS_URL and key prefix).
const backends = await openBackends(config, log)
const { token } = operatorTokenFrom(config)
const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createUnsentMailer(log)
const submission = createSubmissionApp({
  config,
  ...backends,
  log,
  mailer,
  operatorToken: token,
  secret: serverSecretFrom(config, log),
  catalog: httpCatalogHandler(config.serviceUrls.catalog, log),
})
serveService('submission', config, log, backends, submission)
