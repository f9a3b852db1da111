// The gateway as its own process (stack, compose): forwards to every service at its configured URLs.
import { loadConfig, type ServiceName } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openStore, operatorTokenFrom, serve } from '@mcp-directory/shared/runtime'
import { createGatewayApp } from './app'
import { httpUpstream, type Upstream } from './upstream'

const config = loadConfig()
const log = createLogger('gateway', config.logLevel)
const kv = openStore(config)
const { token, generated } = operatorTokenFrom(config)
if (generated) log.warn('OPERATOR_TOKEN is unset: the operator API is closed to everyone (set it to use /api/v1/admin)')
const upstreams: Partial<Record<ServiceName, Upstream>> = {}
for (const [name, urls] of Object.entries(config.serviceUrls) as [ServiceName, string[]][]) upstreams[name] = httpUpstream(name, urls, log)
const gateway = createGatewayApp({ config, log, kv, upstreams, operatorToken: token })
serve({
  port: config.port,
  handler: { fetch: (req) => gateway.app.handle(req) },
  log,
  name: 'gateway',
  close: async () => {
    await gateway.close()
    await kv.close()
  },
})
