// The agent-auth service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { createSmtpMailer, createUnsentMailer } from '@mcp-directory/shared/mail'
import { openBus, openMigratedDatabase, openStore, serve, serverSecretFrom } from '@mcp-directory/shared/runtime'
import { createAgentAuthApp } from './app'

const config = loadConfigOrExit()
const log = createLogger('agent-auth', config.logLevel)
const database = await openMigratedDatabase(config, log)
const kv = openStore(config)
const bus = openBus(config, log)
const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createUnsentMailer(log)
const agentAuth = createAgentAuthApp({ config, database, bus, kv, log, mailer, secret: serverSecretFrom(config, log) })
serve({
  port: config.port,
  host: config.host,
  ready: () => database.ping(),
  handler: { fetch: (req) => agentAuth.app.handle(req) },
  log,
  name: 'agent-auth',
  close: async () => {
    await agentAuth.close()
    await bus.close()
    await kv.close()
    await database.close()
  },
})
