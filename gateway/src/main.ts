// The gateway as its own process (stack, compose): forwards to every service at its configured URLs.
import { loadConfigOrExit, type ServiceName } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openBus, openStore, operatorTokenFrom, serve, serverSecretFrom } from '@mcp-directory/shared/runtime'
import { createGatewayApp } from './app'
import { httpUpstream, type Upstream } from '@mcp-directory/shared/upstream'

const config = loadConfigOrExit()
const log = createLogger('gateway', config.logLevel)
const kv = openStore(config)
// The gateway listens for token.revoked to drop cached token answers at once.
const bus = openBus(config, log)
const { token, generated } = operatorTokenFrom(config)
if (generated) log.warn('OPERATOR_TOKEN is unset: the operator API is closed to everyone (set it to use /api/v1/admin)')
const upstreams: Partial<Record<ServiceName, Upstream>> = {}
for (const [name, urls] of Object.entries(config.serviceUrls) as [ServiceName, string[]][])
  upstreams[name] = httpUpstream(name, urls, log)
const gateway = createGatewayApp({
  config,
  log,
  kv,
  upstreams,
  operatorToken: token,
  bus,
  secret: serverSecretFrom(config, log),
})
serve({
  port: config.port,
  host: config.host,
  handler: { fetch: (req) => gateway.fetch(req), answerNow: (req) => gateway.answerNow(req) },
  log,
  name: 'gateway',
  publicBaseUrl: config.publicBaseUrl,
  // The gateway's port is public: /metrics only for a Bearer of METRICS_TOKEN (closed when unset).
  metrics: { token: config.metricsToken },
  close: async () => {
    await gateway.close()
    await bus.close()
    await kv.close()
  },
})
