// The agent-auth service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { createSmtpMailer, createUnsentMailer } from '@mcp-directory/shared/mail'
import { openBackends, serveService, serverSecretFrom } from '@mcp-directory/shared/runtime'
import { createAgentAuthApp } from './app'

const config = loadConfigOrExit()
const log = createLogger('agent-auth', config.logLevel)
const backends = await openBackends(config, log)
const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createUnsentMailer(log)
const agentAuth = createAgentAuthApp({ config, ...backends, log, mailer, secret: serverSecretFrom(config, log) })
serveService('agent-auth', config, log, backends, agentAuth)
