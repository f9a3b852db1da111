// All-in-one: the gateway with every service mounted in this process, on embedded PGlite, an in-process
// store and an in-process bus (each replaced by the real one when its URL is set). `bun run start` runs this
// through ./all-in-one.ts, which checks the arguments, the environment and the port first.
import { createAgentAuthApp } from '@mcp-directory/agent-auth'
import { createBadgeApp } from '@mcp-directory/badge'
import { createCatalogApp } from '@mcp-directory/catalog'
import { createMcpApp } from '@mcp-directory/mcp'
import { claimVerifierDepsFrom, createClaimVerifierApp } from '@mcp-directory/claim-verifier'
import { createSubmissionApp } from '@mcp-directory/submission'
import { createMemoryQueue, createProberApp } from '@mcp-directory/prober'
import { bubblewrapAvailable, createSandboxApp } from '@mcp-directory/sandbox'
import { createWebApp } from '@mcp-directory/web'
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { createLogMailer, createSmtpMailer } from '@mcp-directory/shared/mail'
import { publicApiClient } from '@mcp-directory/shared/public-api'
import {
  DataDirBusyError,
  keptOperatorToken,
  localApiUrl,
  lockDataDir,
  openBus,
  openMigratedDatabase,
  openStore,
  operatorTokenFrom,
  serve,
  serverSecretFrom,
} from '@mcp-directory/shared/runtime'
import { createGatewayApp } from './app'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'

const config = loadConfigOrExit()
const log = createLogger('directory', config.logLevel)
// Embedded data has one writer: this process holds DATA_DIR's lock while it runs, and the command-line tools go
// through its API instead of opening the files (scripts/import.ts, scripts/admin.ts).
const embedded = config.databaseUrl === null
let releaseDataDir = () => {}
if (embedded) {
  try {
    releaseDataDir = lockDataDir(config.dataDir, {
      what: 'the directory',
      url: localApiUrl(config),
      tokenKept: config.operatorToken === null,
    })
  } catch (err) {
    if (!(err instanceof DataDirBusyError)) throw err
    console.error(err.message)
    process.exit(1)
  }
}
const database = await openMigratedDatabase(config, log)
const kv = openStore(config)
const bus = openBus(config, log)
// Embedded: the operator token is made once and kept in DATA_DIR (OPERATOR_TOKEN, when set, wins).
const { token, generated } = embedded ? keptOperatorToken(config) : operatorTokenFrom(config)
// One HMAC key for every service of this process (codes, sealed mail, proofs, the mcp and web services' client header).
const secret = serverSecretFrom(config, log)

const catalog = createCatalogApp({
  config,
  database,
  bus,
  kv,
  log: log.child({ service: 'catalog' }),
  operatorToken: token,
})
// The badge service reads listings through the catalog's internal API, here without a network hop.
const badge = createBadgeApp({
  config,
  database,
  kv,
  bus,
  log: log.child({ service: 'badge' }),
  catalog: (r) => catalog.app.handle(r),
})

const agentAuthLog = log.child({ service: 'agent-auth' })
const agentAuth = createAgentAuthApp({
  config,
  database,
  bus,
  kv,
  log: agentAuthLog,
  secret,
  mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(agentAuthLog),
})

// The submission service changes listings through the catalog's internal API, here without a network hop.
const submissionLog = log.child({ service: 'submission' })
const submission = createSubmissionApp({
  config,
  database,
  bus,
  kv,
  log: submissionLog,
  operatorToken: token,
  secret,
  catalog: (r) => catalog.app.handle(r),
  mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(submissionLog),
})

// The claim-verifier reads listings and records claims through the catalog, and checks claim links with the
// submission service, here without a network hop.
const claims = createClaimVerifierApp({
  config,
  database,
  kv,
  bus,
  log: log.child({ service: 'claim-verifier' }),
  secret,
  ...claimVerifierDepsFrom(config, log, {
    catalog: (r) => catalog.app.handle(r),
    submission: (r) => submission.app.handle(r),
  }),
})

// The prober checks listings live (remote endpoints, GitHub) and writes its facts through the catalog's internal
// API, here without a network hop; its work queue is in-process unless NATS_URL is set.
// The sandbox starts listings' packages under bubblewrap when it can run here (SANDBOX=off: never); its queue is
// the prober's in-process sandbox queue, or JetStream when NATS_URL is set.
const sandboxOn = config.probe.sandbox && bubblewrapAvailable()
if (config.probe.sandbox && !sandboxOn)
  log.warn('bubblewrap cannot run here: local packages are not started (services/sandbox/README.md)')
const sandboxQueue = sandboxOn && !config.natsUrl ? createMemoryQueue() : undefined
const prober = createProberApp({
  config,
  database,
  bus,
  log: log.child({ service: 'prober' }),
  catalog: (r) => catalog.app.handle(r),
  sandboxQueue: sandboxOn ? sandboxQueue : null,
})
const sandbox = sandboxOn
  ? createSandboxApp({
      config,
      log: log.child({ service: 'sandbox' }),
      catalog: (r) => catalog.app.handle(r),
      queue: sandboxQueue,
    })
  : null

// First start on an empty catalog: the demo catalog gives search something to find (not when following a registry;
// DEMO_CATALOG=0: none).
if (config.registryUpstreamUrl) catalog.followRegistry(config.registryUpstreamUrl, config.registrySyncMinutes * 60_000)
else if (config.demoCatalog) await catalog.loadDemoIfEmpty()

// The mcp service calls the public API through the gateway's own handler (`gateway` is built below and only used
// once requests arrive), so its tools meet the same checks and rate limits as REST calls.
const mcp = createMcpApp({
  config,
  log: log.child({ service: 'mcp' }),
  publicApi: publicApiClient({ gatewayUrl: config.publicBaseUrl, secret, handler: (r) => gateway.fetch(r) }),
  // The one read a charged tool call makes goes to the catalog in this process, without a second gateway pass.
  catalog: { upstream: inProcessUpstream('catalog', (r) => catalog.app.handle(r)), secret },
})

// The web pages read the public API through the gateway's own handler too, on behalf of each visitor.
const web = createWebApp({
  config,
  log: log.child({ service: 'web' }),
  secret,
  kv,
  api: publicApiClient({ gatewayUrl: config.publicBaseUrl, secret, handler: (r) => gateway.fetch(r) }),
})

const gateway = createGatewayApp({
  config,
  log: log.child({ service: 'gateway' }),
  kv,
  operatorToken: token,
  secret,
  upstreams: {
    catalog: inProcessUpstream('catalog', (r) => catalog.app.handle(r)),
    badge: inProcessUpstream('badge', (r) => badge.app.handle(r)),
    'agent-auth': inProcessUpstream('agent-auth', (r) => agentAuth.app.handle(r)),
    submission: inProcessUpstream('submission', (r) => submission.app.handle(r)),
    'claim-verifier': inProcessUpstream('claim-verifier', (r) => claims.app.handle(r)),
    mcp: inProcessUpstream('mcp', (r) => mcp.app.handle(r)),
    web: inProcessUpstream('web', (r) => web.app.handle(r)),
  },
  bus,
})

serve({
  port: config.port,
  host: config.host,
  ready: () => database.ping(),
  handler: { fetch: (req) => gateway.fetch(req), answerNow: (req) => gateway.answerNow(req) },
  log,
  name: 'directory (all-in-one)',
  publicBaseUrl: config.publicBaseUrl,
  // One public port: /metrics only for a Bearer of METRICS_TOKEN (closed when unset).
  metrics: { token: config.metricsToken },
  close: async () => {
    await prober.close()
    await sandbox?.close()
    await sandboxQueue?.close()
    await catalog.close()
    await badge.close()
    await agentAuth.close()
    await submission.close()
    await web.close()
    await claims.close()
    await mcp.close()
    await gateway.close()
    await bus.close()
    await kv.close()
    await database.close()
    releaseDataDir()
  },
})
if (generated) {
  const where = embedded ? `kept in ${config.dataDir}/operator-token, ` : ''
  console.log(`\nOperator token (printed once; ${where}set OPERATOR_TOKEN to choose your own):\n  ${token}\n`)
}
console.log(
  `MCP directory listening on ${config.publicBaseUrl}  (try: curl '${config.publicBaseUrl}/api/v1/search?q=github')`,
)
