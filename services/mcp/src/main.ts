// The mcp service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { publicApiClient } from '@mcp-directory/shared/public-api'
import { serve, serverSecretFrom } from '@mcp-directory/shared/runtime'
import { httpUpstream } from '@mcp-directory/shared/upstream'
import { createMcpApp } from './app'

const config = loadConfigOrExit()
const log = createLogger('mcp', config.logLevel)
// Every tool calls the public API through the gateway, speaking for its end client (signed with SERVER_SECRET).
const secret = serverSecretFrom(config, log)
const publicApi = publicApiClient({ gatewayUrl: config.gatewayUrl, secret })
// The read a charged tool call makes goes to the catalog's replicas directly (CATALOG_URL; public-api/catalog.ts).
const catalog = { upstream: httpUpstream('catalog', config.serviceUrls.catalog, log), secret }
const mcp = createMcpApp({ config, log, publicApi, catalog })
serve({
  port: config.port,
  host: config.host,
  handler: { fetch: (req) => mcp.app.handle(req) },
  log,
  name: 'mcp',
  close: () => mcp.close(),
})
