// All-in-one: the gateway with every service mounted in this process, on embedded PGlite, an in-process
// store and an in-process bus (each replaced by the real one when its URL is set). `bun run start` runs this.
import { createAgentAuthApp } from '@mcp-directory/agent-auth'
import { catalogListingReader, createBadgeApp } from '@mcp-directory/badge'
import { createCatalogApp } from '@mcp-directory/catalog'
import { createSubmissionApp } from '@mcp-directory/submission'
import { loadConfig } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { createLogMailer, createSmtpMailer } from '@mcp-directory/shared/mail'
import { openBus, openMigratedDatabase, openStore, operatorTokenFrom, serve, serverSecretFrom } from '@mcp-directory/shared/runtime'
import { createGatewayApp } from './app'
import { inProcessUpstream } from './upstream'

const config = loadConfig()
const log = createLogger('directory', config.logLevel)
const database = await openMigratedDatabase(config, log)
const kv = openStore(config)
const bus = openBus(config, log)
const { token, generated } = operatorTokenFrom(config)

const catalog = createCatalogApp({ config, database, bus, log: log.child({ service: 'catalog' }), operatorToken: token })
// The badge service reads listings through the catalog's internal API, here without a network hop.
const badge = createBadgeApp({ config, database, kv, bus, log: log.child({ service: 'badge' }), fetchListing: catalogListingReader((r) => catalog.app.handle(r)) })

const agentAuthLog = log.child({ service: 'agent-auth' })
const agentAuth = createAgentAuthApp({
  config, database, bus, kv, log: agentAuthLog, secret: serverSecretFrom(config, log),
  mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(agentAuthLog),
})

// The submission service changes listings through the catalog's internal API, here without a network hop.
const submissionLog = log.child({ service: 'submission' })
const submission = createSubmissionApp({
  config, database, bus, log: submissionLog, operatorToken: token, secret: serverSecretFrom(config, log), catalog: (r) => catalog.app.handle(r),
  mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(submissionLog),
})

// First start on an empty catalog: the demo catalog gives search something to find.
await catalog.loadDemoIfEmpty()

const gateway = createGatewayApp({
  config,
  log: log.child({ service: 'gateway' }),
  kv,
  operatorToken: token,
  secret: serverSecretFrom(config, log),
  upstreams: { catalog: inProcessUpstream('catalog', (r) => catalog.app.handle(r)), badge: inProcessUpstream('badge', (r) => badge.app.handle(r)), 'agent-auth': inProcessUpstream('agent-auth', (r) => agentAuth.app.handle(r)), submission: inProcessUpstream('submission', (r) => submission.app.handle(r)) },
  bus,
})

serve({
  port: config.port,
  host: config.host,
  ready: () => database.ping(),
  handler: { fetch: (req) => gateway.app.handle(req) },
  log,
  name: 'directory (all-in-one)',
  // One public port: /metrics only for a Bearer of METRICS_TOKEN (closed when unset).
  metrics: { token: config.metricsToken },
  close: async () => {
    await catalog.close()
    await badge.close()
    await agentAuth.close()
    await submission.close()
    await gateway.close()
    await bus.close()
    await kv.close()
    await database.close()
  },
})
if (generated) console.log(`\nOperator token (printed once; set OPERATOR_TOKEN to choose your own):\n  ${token}\n`)
console.log(`MCP directory listening on ${config.publicBaseUrl}  (try: curl '${config.publicBaseUrl}/api/v1/search?q=github')`)
